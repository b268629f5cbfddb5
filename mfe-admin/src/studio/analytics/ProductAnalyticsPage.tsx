import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StudioProductAnalytics } from '@catalyst/contracts';
import { api, useApiData, useDocumentTitle } from '@catalyst/web-kit';
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

/** /studio/analytics/{id}: one item's minutes per day, drop-off per lesson, quizzes, ratings and questions. */
export function ProductAnalyticsPage() {
  const { id = '' } = useParams();
  const [days, setDays] = useStudioRange();
  const read = useApiData(api.studioAnalytics.product, { params: { id }, query: { days } });
  useDocumentTitle(read.data ? `${read.data.title} · Analytics` : 'Analytics');
  return (
    <section className={adminStyles.page}>
      <header className={adminStyles.header}>
        <div>
          <p className={adminStyles.subtitle}>
            <Link to={`/studio/analytics?days=${days}`}>All products</Link>
          </p>
          <h1 className={adminStyles.title}>{read.data?.title ?? 'Analytics'}</h1>
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
  const { figures } = data;
  const perDay = useMemo(
    () => ({
      x: data.days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
      series: [{ label: 'Minutes', color: COLORS.primary, values: data.days.map((day) => day.minutes) }],
    }),
    [data.days],
  );
  const dropOff = useMemo(
    () => ({
      x: positions(data.dropOff.length),
      labels: data.dropOff.map((_, i) => `${i + 1}`),
      series: [
        { label: 'Started', color: COLORS.primary, bars: true, values: data.dropOff.map((l) => l.started) },
        {
          label: 'Finished',
          color: COLORS.secondary,
          bars: true,
          values: data.dropOff.map((l) => l.finished),
        },
      ],
    }),
    [data.dropOff],
  );
  const ratings = useMemo(
    () => ({
      x: positions(data.ratings.length),
      labels: data.ratings.map((r) => r.month),
      series: [
        {
          label: 'Average rating',
          color: COLORS.accent,
          bars: true,
          values: data.ratings.map((r) => r.average),
        },
      ],
    }),
    [data.ratings],
  );
  const quizzes = useMemo(
    () => ({
      x: positions(data.quizzes.length),
      labels: data.quizzes.map((_, i) => `${i + 1}`),
      series: [
        {
          label: 'Pass rate %',
          color: COLORS.secondary,
          bars: true,
          values: data.quizzes.map((q) => percentOf(q.passed, q.learners)),
        },
      ],
    }),
    [data.quizzes],
  );
  return (
    <>
      <div className={adminStyles.stats}>
        <Stat label={`Minutes watched (${days} days)`} value={formatMinutes(figures.minutes)} />
        <Stat label={`Completions (${days} days)`} value={String(figures.completions)} />
        <Stat label="Learners" value={String(figures.learners)} />
        <Stat label="Average watched" value={`${figures.percentAverage}%`} />
        <Stat label="Questions waiting" value={String(data.questionsWaiting)} />
      </div>
      <div className={styles.charts}>
        <ChartCard
          title="Minutes watched per day"
          summary={`${formatMinutes(figures.minutes)} minutes over the last ${days} days.`}
          testId="chart-minutes"
          chart={<UPlotChart x={perDay.x} series={perDay.series} />}
          table={
            <FiguresTable
              caption="Minutes watched per day"
              head={['Day', 'Minutes', 'Learners', 'Completions']}
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
            title="Drop-off per lesson"
            summary="Learners who started each lesson and who finished it, in curriculum order."
            testId="chart-drop-off"
            chart={<UPlotChart x={dropOff.x} xLabels={dropOff.labels} series={dropOff.series} />}
            table={
              <FiguresTable
                caption="Drop-off per lesson"
                head={['#', 'Lesson', 'Started', 'Finished', 'Finished of started']}
                rows={data.dropOff.map((lesson, i) => [
                  i + 1,
                  lesson.title,
                  lesson.started,
                  lesson.finished,
                  `${percentOf(lesson.finished, lesson.started)}%`,
                ])}
              />
            }
          />
        ) : null}
        {data.quizzes.length > 0 ? (
          <ChartCard
            title="Quiz pass rates"
            summary="Of the learners who took each quiz, the share who passed."
            testId="chart-quizzes"
            chart={<UPlotChart x={quizzes.x} xLabels={quizzes.labels} series={quizzes.series} />}
            table={
              <FiguresTable
                caption="Quiz pass rates"
                head={['#', 'Quiz', 'Took it', 'Passed', 'Pass rate']}
                rows={data.quizzes.map((quiz, i) => [
                  i + 1,
                  quiz.title,
                  quiz.learners,
                  quiz.passed,
                  `${percentOf(quiz.passed, quiz.learners)}%`,
                ])}
              />
            }
          />
        ) : null}
        <ChartCard
          title="Ratings over time"
          summary="Reviews written each month of the last year and their average rating."
          testId="chart-ratings"
          chart={
            data.ratings.length > 0 ? (
              <UPlotChart x={ratings.x} xLabels={ratings.labels} series={ratings.series} />
            ) : (
              <p className={adminStyles.muted}>No reviews in the last year.</p>
            )
          }
          table={
            <FiguresTable
              caption="Ratings over time"
              head={['Month', 'Reviews', 'Average rating']}
              rows={data.ratings.map((month) => [month.month, month.reviews, month.average.toFixed(1)])}
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
