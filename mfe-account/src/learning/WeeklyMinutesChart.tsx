import { useId } from 'react';
import type { LearningRecord } from '@catalyst/contracts';
import { formatDate, useStrings } from '@catalyst/web-kit';
import { accountStrings, type AccountText } from '../i18n/en';
import styles from './LearningRecordPage.module.css';

type Week = LearningRecord['weeks'][number];

/**
 * A week's first day (a UTC date) for people: 'Mar 2' (or 'Mar 2, 2026'). web-kit writes it out: two Intl
 * formats made as this module loaded cost /learning ~240 ms of its first load at 4× CPU (the locale data).
 */
export const weekLabel = (weekStart: string, long = false) =>
  formatDate(weekStart, 'short', { utc: true, year: long });
const minutesText = (t: AccountText, minutes: number) => t('chart.minutes', { count: minutes });

/** The top of the scale: the largest week rounded up to a step people read at a glance (at least 10 minutes). */
export function scaleTop(max: number): number {
  const steps = [10, 20, 30, 60, 90, 120, 180, 240, 300, 480, 600, 900, 1200];
  return steps.find((step) => step >= max) ?? Math.ceil(max / 600) * 600;
}

/** What the chart shows, in words (the page's language): the span, the total, the busiest week and this week. */
export function weeksSummary(weeks: readonly Week[], t: AccountText = accountStrings.t): string {
  if (weeks.length === 0) return t('chart.noWeeks');
  const total = weeks.reduce((sum, week) => sum + week.minutes, 0);
  const span = t('chart.span', {
    from: weekLabel(weeks[0]!.weekStart, true),
    to: weekLabel(weeks[weeks.length - 1]!.weekStart, true),
  });
  if (total === 0) return t('chart.none', { span });
  const busiest = weeks.reduce((best, week) => (week.minutes > best.minutes ? week : best));
  return t('chart.summary', {
    span,
    total: minutesText(t, total),
    most: minutesText(t, busiest.minutes),
    busiest: weekLabel(busiest.weekStart, true),
    thisWeek: minutesText(t, weeks[weeks.length - 1]!.minutes),
  });
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 8, bottom: 32, left: 44 };

/**
 * Minutes learned per week as an SVG bar chart (oldest week on the left). To assistive technology it is
 * one image described in words, followed by a table of every week's minutes.
 */
export function WeeklyMinutesChart({ weeks }: { weeks: readonly Week[] }) {
  const t = useStrings(accountStrings);
  const id = useId();
  const top = scaleTop(Math.max(0, ...weeks.map((week) => week.minutes)));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerWidth / Math.max(weeks.length, 1);
  const barWidth = slot * 0.64;
  const y = (minutes: number) => PAD.top + innerHeight - (minutes / top) * innerHeight;
  const ticks = [0, top / 2, top];

  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className={styles.chartSvg}
        data-testid="weekly-chart"
      >
        <title id={`${id}-title`}>{t('chart.title', { count: weeks.length })}</title>
        <desc id={`${id}-desc`}>{weeksSummary(weeks, t)}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className={tick === 0 ? styles.axis : styles.grid}
            />
            <text x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className={styles.tickLabel}>
              {Math.round(tick)}
            </text>
          </g>
        ))}
        {weeks.map((week, index) => {
          const x = PAD.left + slot * index + (slot - barWidth) / 2;
          // an empty week still shows where it is: a sliver on the axis
          const height = Math.max(week.minutes > 0 ? 2 : 1, y(0) - y(week.minutes));
          const last = index === weeks.length - 1;
          // every other week is named, counting back from this week
          return (
            <g key={week.weekStart} data-testid="chart-bar" data-minutes={week.minutes}>
              <rect
                x={x}
                y={y(0) - height}
                width={barWidth}
                height={height}
                rx={3}
                className={[
                  styles.chartBar,
                  last ? styles.thisWeek : '',
                  week.minutes === 0 ? styles.emptyBar : '',
                ].join(' ')}
              >
                <title>
                  {t('chart.barTitle', {
                    week: weekLabel(week.weekStart),
                    minutes: minutesText(t, week.minutes),
                  })}
                </title>
              </rect>
              {(weeks.length - 1 - index) % 2 === 0 ? (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - PAD.bottom + 18}
                  textAnchor="middle"
                  className={styles.tickLabel}
                >
                  {last ? t('chart.thisWeek') : weekLabel(week.weekStart)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.chartCaption}>{t('chart.caption', { top })}</figcaption>
      <table className="ck-visually-hidden">
        <caption>{t('learning.perWeek')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.weekOf')}</th>
            <th scope="col">{t('chart.minutesHeader')}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{weekLabel(week.weekStart, true)}</th>
              <td>{week.minutes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
