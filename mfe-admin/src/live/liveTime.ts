// A datetime-local input holds a wall-clock time with no zone; the server wants an instant (ISO 8601 with an offset).

const pad = (n: number) => String(n).padStart(2, '0');
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * '2026-12-01T18:30' as typed in the admin's own time zone → '2026-12-01T18:30:00+01:00'. A time the clocks
 * skip (a daylight-saving gap) becomes the first time after it; anything not a date and time → ''.
 */
export function localInputToIso(value: string): string {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return '';
  const [, year, month, day, hours, minutes] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hours, minutes);
  // 31 February is no date (Date would roll it into March).
  if (
    Number.isNaN(date.getTime()) ||
    date.getFullYear() !== year ||
    date.getMonth() !== month - 1 ||
    date.getDate() !== day
  )
    return '';
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:00${zone}`;
}

/** An instant from the server → the value a datetime-local input shows for it in the admin's time zone. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The admin's time zone, named for the field's hint ('Europe/Berlin'). */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
