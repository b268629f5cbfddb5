import type { ReactNode } from 'react';
import { useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../../i18n/console/en';
import styles from './Analytics.module.css';

/** A chart with its numbers behind it: the same figures as a table, for screen readers and anyone who wants them. */
export function ChartCard({
  title,
  summary,
  chart,
  table,
  testId,
}: {
  title: string;
  /** One sentence saying what the chart shows (read by screen readers in place of the picture). */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  testId: string;
}) {
  const t = useStrings(consoleStrings);
  return (
    <section className={styles.chart} data-testid={testId} aria-label={title}>
      <h2 className={styles.chartTitle}>{title}</h2>
      <p className="ck-visually-hidden">{summary}</p>
      {chart}
      <details className={styles.numbers}>
        <summary>{t('studio.analytics.numbers')}</summary>
        {table}
      </details>
    </section>
  );
}
