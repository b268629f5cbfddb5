import { useSearchParams } from 'react-router-dom';
import { formatCount, formatTenths } from '@catalyst/web-kit';

/** The ranges a creator picks from, in days. */
export const RANGES = [7, 30, 90, 365] as const;
const DEFAULT_RANGE = 30;

/** The range in the address (`?days=`), so a reload or a shared link shows the same figures. */
export function useStudioRange(): [number, (days: number) => void] {
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('days'));
  const days = (RANGES as readonly number[]).includes(asked) ? asked : DEFAULT_RANGE;
  return [
    days,
    (next) =>
      setSearch((current) => {
        const params = new URLSearchParams(current);
        params.set('days', String(next));
        return params;
      }),
  ];
}

/** Minutes as a person reads them: whole minutes from ten up, one decimal below. */
export const formatMinutes = (minutes: number) =>
  minutes >= 10 ? formatCount(Math.round(minutes)) : formatTenths(minutes);
