import { Award, Flame } from '@catalyst/web-kit/icons';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { certificatePagePath, type LearningRecord, type ProgressWithProduct } from '@catalyst/contracts';
import {
  api,
  Badge,
  ErrorScreen,
  formatDate,
  formatDuration,
  lessonPath,
  productPath,
  remoteTestId,
  Spinner,
  useApiData,
  useDocumentTitle,
} from '@catalyst/web-kit';
import { WeeklyMinutesChart } from './WeeklyMinutesChart';
import styles from './LearningRecordPage.module.css';

const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** Where a course in progress resumes: the lesson the learner was in, else the product page. */
const resumePath = (item: ProgressWithProduct) =>
  item.lessonId
    ? lessonPath(item.product.slug || item.product.productId || item.product._id, item.lessonId)
    : productPath(item.product);

/**
 * /learning: the signed-in learner's record: courses in progress (to resume) and completed, certificates,
 * minutes learned per week over the last 12 weeks, the current and longest streak, and quiz results.
 */
export default function LearningRecordPage() {
  useDocumentTitle('Learning record');
  const read = useApiData(api.learning.learningRecord);
  const record = read.data;
  return (
    <div className={styles.page} data-testid={remoteTestId('account')}>
      <h1 className={styles.heading}>Learning record</h1>
      <p>
        <Link to="/learning/notes">Your notes and bookmarks</Link>
      </p>
      {read.error ? (
        <ErrorScreen
          message="We couldn't load your learning record. Try again in a moment."
          onRetry={read.reload}
          retryLabel="Try again"
        />
      ) : !record ? (
        <Spinner message="Loading your learning record..." />
      ) : (
        <Record record={record} />
      )}
    </div>
  );
}

function Record({ record }: { record: LearningRecord }) {
  const { totals, streak } = record;
  const certificateOf = (productId: string) => record.certificates.find((c) => c.productId === productId);
  return (
    <>
      <dl className={styles.totals} data-testid="learning-totals">
        <Total
          label="Time learned"
          value={totals.minutesLearned > 0 ? formatDuration(totals.minutesLearned) : '0 min'}
        />
        <Total label="Courses completed" value={String(totals.coursesCompleted)} />
        <Total label="Certificates" value={String(totals.certificates)} />
        <Total label="Quizzes passed" value={String(totals.quizzesPassed)} />
      </dl>

      <div className={styles.twoUp}>
        <Panel title="Minutes learned per week" className={styles.wide}>
          <WeeklyMinutesChart weeks={record.weeks} />
        </Panel>
        <Panel title="Streak">
          <p className={styles.streak} data-testid="streak-current">
            <Flame
              size={28}
              aria-hidden="true"
              focusable="false"
              className={streak.current > 0 ? styles.flame : styles.flameOut}
            />
            <span>
              <strong>{daysText(streak.current)}</strong> current streak
            </span>
          </p>
          <p className={styles.muted}>
            {streak.current === 0
              ? 'Learn something today to start a streak.'
              : streak.learnedToday
                ? 'You learned today.'
                : 'Learn something today to keep it going.'}
          </p>
          <p data-testid="streak-longest">
            Longest streak: <strong>{daysText(streak.longest)}</strong>
          </p>
        </Panel>
      </div>

      <Panel title="In progress">
        {record.inProgress.length === 0 ? (
          <p className={styles.muted}>
            Nothing in progress. <Link to="/browse">Browse the catalogue</Link> to start something.
          </p>
        ) : (
          <ul className={styles.list}>
            {record.inProgress.map((item) => (
              <li key={item.productId} className={styles.row}>
                <Link to={resumePath(item)} className={styles.title}>
                  {item.product.title}
                </Link>
                <div
                  className={styles.bar}
                  role="progressbar"
                  aria-label={`${item.product.title} progress`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.progress}
                >
                  <div className={styles.fill} style={{ width: `${item.progress}%` }} />
                </div>
                <span className={styles.muted}>
                  {item.progress}% ·{' '}
                  {item.updatedAt ? `last learned ${formatDate(item.updatedAt)}` : 'not started'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title="Completed courses">
        {record.completed.length === 0 ? (
          <p className={styles.muted}>No completed courses yet.</p>
        ) : (
          <ul className={styles.list}>
            {record.completed.map((item) => {
              const certificate = certificateOf(item.productId);
              return (
                <li key={item.productId} className={styles.row}>
                  <Link to={productPath(item.product)} className={styles.title}>
                    {item.product.title}
                  </Link>
                  <span className={styles.muted}>
                    Completed {formatDate(item.completedAt ?? item.updatedAt)}
                  </span>
                  {certificate ? (
                    <Link
                      to={certificatePagePath(certificate.code)}
                      aria-label={`Certificate for ${item.product.title}`}
                    >
                      Certificate
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </Panel>

      <Panel title="Certificates">
        {record.certificates.length === 0 ? (
          <p className={styles.muted}>Complete a course to earn its certificate.</p>
        ) : (
          <ul className={styles.list}>
            {record.certificates.map((certificate) => (
              <li key={certificate.code} className={styles.row}>
                <Award size={20} aria-hidden="true" focusable="false" className={styles.award} />
                <Link to={certificatePagePath(certificate.code)} className={styles.title}>
                  {certificate.courseTitle}
                </Link>
                <span className={styles.muted}>
                  {formatDate(certificate.completedAt)} ·{' '}
                  <span className={styles.code}>{certificate.code}</span>
                </span>
                {certificate.status === 'revoked' ? (
                  <Badge tone="danger">Revoked</Badge>
                ) : (
                  <Badge tone="success">Valid</Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title="Quiz results">
        {record.quizzes.length === 0 ? (
          <p className={styles.muted}>No quizzes taken yet.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Course</th>
                  <th scope="col">Best score</th>
                  <th scope="col">Result</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last attempt</th>
                </tr>
              </thead>
              <tbody>
                {record.quizzes.map((quiz) => (
                  <tr key={quiz.lessonId}>
                    <th scope="row">
                      <Link to={lessonPath(quiz.productSlug, quiz.lessonId)}>{quiz.productTitle}</Link>
                    </th>
                    <td>{quiz.bestScore}%</td>
                    <td>
                      {quiz.passed ? (
                        <Badge tone="success">Passed</Badge>
                      ) : (
                        <Badge tone="warning">Not passed</Badge>
                      )}
                    </td>
                    <td>{quiz.attempts}</td>
                    <td>{formatDate(quiz.lastAttemptAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.total}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={[styles.panel, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
