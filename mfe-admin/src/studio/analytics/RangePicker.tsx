import styles from './Analytics.module.css';
import { RANGES } from './useStudioRange';

export function RangePicker({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  return (
    <label className={styles.range}>
      <span>Period</span>
      <select value={days} onChange={(event) => onChange(Number(event.target.value))}>
        {RANGES.map((range) => (
          <option key={range} value={range}>
            Last {range} days
          </option>
        ))}
      </select>
    </label>
  );
}
