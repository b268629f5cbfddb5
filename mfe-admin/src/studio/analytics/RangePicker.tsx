import { useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../../i18n/console/en';
import styles from './Analytics.module.css';
import { RANGES } from './useStudioRange';

export function RangePicker({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const t = useStrings(consoleStrings);
  return (
    <label className={styles.range}>
      <span>{t('studio.analytics.period')}</span>
      <select value={days} onChange={(event) => onChange(Number(event.target.value))}>
        {RANGES.map((range) => (
          <option key={range} value={range}>
            {t('studio.analytics.lastDays', { count: range })}
          </option>
        ))}
      </select>
    </label>
  );
}
