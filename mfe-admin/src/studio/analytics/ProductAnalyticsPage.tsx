import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StudioProductAnalytics } from '@catalyst/contracts';
import {
  api,
  formatCount,
  formatPercent,
  useApiData,
  useDocumentTitle,
  useStrings,
  formatTenths,
} from '@catalyst/web-kit';
import { consoleStrings } from '../../i18n/console/en';
import adminStyles from '../../common/Admin.module.css';
import { StudioNav } from '../StudioNav';
import styles from './Analytics.module.css';
import { ChartCard } from './ChartCard';
import { AnalyticsReadState } from './AnalyticsReadState';
import { RangePicker } from './RangePicker';
import { UPlotChart } from './UPlotChart';
import { formatMinutes, useStudioRange } from './useStudioRange';

const COLORS = { primary: '#2563eb', secondary: '#16a34a', accent: '#f59e0b' };
const positions = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
/** An average rating with one decimal ('4.0'), as the page's language writes it. */
const ratingText = formatTenths;

/** /studio/analytics/{id}: one item's minutes per day, drop-off per lesson, quizzes, ratings and questions. */
export function ProductAnalyticsPage() {
  const t = useStrings(consoleStrings);
  const { id = '' } = useParams();
  const [days, setDays] = useStudioRange();
  const read = useApiData(api.studioAnalytics.product, { params: { id }, query: { days } });
  useDocumentTitle(
    read.data ? t('studio.analytics.titleOf', { title: read.data.title }) : t('studio.nav.analytics'),
  );
  return (
    <section className={adminStyles.page}>
      <header className={adminStyles.header}>
        <div>
          <p className={adminStyles.subtitle}>
            <Link to={`/studio/analytics?days=${days}`}>{t('studio.analytics.all')}</Link>
          </p>
          <h1 className={adminStyles.title}>{read.data?.title ?? t('studio.nav.analytics')}</h1>
        </div>
        <RangePicker days={days} onChange={setDays} />
      </header>
      <StudioNav />
      <AnalyticsReadState read={read} />
      {read.data ? <ProductFigures data={read.data} days={days} /> : null}
    </section>
  );
}

function ProductFigures({ data, days }: { data: StudioProductAnalytics; days: number }) {
  const t = useStrings(consoleStrings);
  const { figures } = data;
  const perDay = useMemo(
    () => ({
      x: data.days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
      series: [
        {
          label: t('studio.analytics.minutesShort'),
          color: COLORS.primary,
          values: data.days.map((day) => day.minutes),
        },
      ],
    }),
    [data.days, t],
  );
  const dropOff = useMemo(
    () => ({
      x: positions(data.dropOff.length),
      labels: data.dropOff.map((_, i) => `${i + 1}`),
      series: [
        {
          label: t('studio.analytics.started'),
          color: COLORS.primary,
          bars: true,
          values: data.dropOff.map((l) => l.started),
        },
        {
          label: t('studio.analytics.finished'),
          color: COLORS.secondary,
          bars: true,
          values: data.dropOff.map((l) => l.finished),
        },
      ],
    }),
    [data.dropOff, t],
  );
  const ratings = useMemo(
    () => ({
      x: positions(data.ratings.length),
      labels: data.ratings.map((r) => r.month),
      series: [
        {
          label: t('studio.analytics.averageRating'),
          color: COLORS.accent,
          bars: true,
          values: data.ratings.map((r) => r.average),
        },
      ],
    }),
    [data.ratings, t],
  );
  const quizzes = useMemo(
    () => ({
      x: positions(data.quizzes.length),
      labels: data.quizzes.map((_, i) => `${i + 1}`),
      series: [
        {
          label: t('studio.analytics.passRatePercent'),
          color: COLORS.secondary,
          bars: true,
          values: data.quizzes.map((q) => percentOf(q.passed, q.learners)),
        },
      ],
    }),
    [data.quizzes, t],
  );
  return (
    <>
      <div className={adminStyles.stats}>
        <Stat label={t('studio.analytics.minutesDays', { days })} value={formatMinutes(figures.minutes)} />
        <Stat
          label={t('studio.analytics.completionsDays', { days })}
          value={formatCount(figures.completions)}
        />
        <Stat label={t('studio.analytics.learners')} value={formatCount(figures.learners)} />
        <Stat label={t('studio.analytics.average')} value={formatPercent(figures.percentAverage)} />
        <Stat label={t('studio.analytics.waiting')} value={formatCount(data.questionsWaiting)} />
      </div>
      <div className={styles.charts}>
        <ChartCard
          title={t('studio.analytics.perDay')}
          summary={t('studio.analytics.perDaySummary', { minutes: formatMinutes(figures.minutes), days })}
          testId="chart-minutes"
          chart={<UPlotChart x={perDay.x} series={perDay.series} />}
          table={
            <FiguresTable
              caption={t('studio.analytics.perDay')}
              head={[
                t('studio.analytics.day'),
                t('studio.analytics.minutesShort'),
                t('studio.analytics.learners'),
                t('studio.analytics.completions'),
              ]}
              rows={data.days.map((day) => [
                day.day,
                formatMinutes(day.minutes),
                day.learners,
                day.completions,
              ])}
            />
          }
        />
        {data.dropOff.length > 0 ? (
          <ChartCard
            title={t('studio.analytics.dropOff')}
            summary={t('studio.analytics.dropOffSummary')}
            testId="chart-drop-off"
            chart={<UPlotChart x={dropOff.x} xLabels={dropOff.labels} series={dropOff.series} />}
            table={
              <FiguresTable
                caption={t('studio.analytics.dropOff')}
                head={[
                  '#',
                  t('studio.analytics.lesson'),
                  t('studio.analytics.started'),
                  t('studio.analytics.finished'),
                  t('studio.analytics.finishedOfStarted'),
                ]}
                rows={data.dropOff.map((lesson, i) => [
                  i + 1,
                  lesson.title,
                  lesson.started,
                  lesson.finished,
                  formatPercent(percentOf(lesson.finished, lesson.started)),
                ])}
              />
            }
          />
        ) : null}
        {data.quizzes.length > 0 ? (
          <ChartCard
            title={t('studio.analytics.quizzes')}
            summary={t('studio.analytics.quizzesSummary')}
            testId="chart-quizzes"
            chart={<UPlotChart x={quizzes.x} xLabels={quizzes.labels} series={quizzes.series} />}
            table={
              <FiguresTable
                caption={t('studio.analytics.quizzes')}
                head={[
                  '#',
                  t('studio.analytics.quiz'),
                  t('studio.analytics.tookIt'),
                  t('studio.analytics.passed'),
                  t('studio.analytics.passRate'),
                ]}
                rows={data.quizzes.map((quiz, i) => [
                  i + 1,
                  quiz.title,
                  quiz.learners,
                  quiz.passed,
                  formatPercent(percentOf(quiz.passed, quiz.learners)),
                ])}
              />
            }
          />
        ) : null}
        <ChartCard
          title={t('studio.analytics.ratings')}
          summary={t('studio.analytics.ratingsSummary')}
          testId="chart-ratings"
          chart={
            data.ratings.length > 0 ? (
              <UPlotChart x={ratings.x} xLabels={ratings.labels} series={ratings.series} />
            ) : (
              <p className={adminStyles.muted}>{t('studio.analytics.noReviews')}</p>
            )
          }
          table={
            <FiguresTable
              caption={t('studio.analytics.ratings')}
              head={[t('royalties.month'), t('studio.nav.reviews'), t('studio.analytics.averageRating')]}
              rows={data.ratings.map((month) => [month.month, month.reviews, ratingText(month.average)])}
            />
          }
        />
      </div>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className={adminStyles.statValue}>{value}</p>
      <p className={adminStyles.statLabel}>{label}</p>
    </div>
  );
}

function FiguresTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <div className={adminStyles.tableWrap}>
      <table className={adminStyles.table}>
        <caption className="ck-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
