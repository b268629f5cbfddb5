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
  useStrings,
  withPart,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
import { WeeklyMinutesChart } from './WeeklyMinutesChart';
import styles from './LearningRecordPage.module.css';

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
  const t = useStrings(accountStrings);
  useDocumentTitle(t('learning.documentTitle'));
  const read = useApiData(api.learning.learningRecord);
  const record = read.data;
  return (
    <div className={styles.page} data-testid={remoteTestId('account')}>
      <h1 className={styles.heading}>{t('learning.title')}</h1>
      <p>
        <Link to="/learning/notes">{t('learning.notesLink')}</Link>
      </p>
      {read.error ? (
        <ErrorScreen
          message={t('learning.loadFailed')}
          onRetry={read.reload}
          retryLabel={t('learning.tryAgain')}
        />
      ) : !record ? (
        <Spinner message={t('learning.loading')} />
      ) : (
        <Record record={record} />
      )}
    </div>
  );
}

function Record({ record }: { record: LearningRecord }) {
  const t = useStrings(accountStrings);
  const days = (count: number) => <strong>{t('learning.days', { count })}</strong>;
  const { totals, streak } = record;
  const certificateOf = (productId: string) => record.certificates.find((c) => c.productId === productId);
  return (
    <>
      <dl className={styles.totals} data-testid="learning-totals">
        <Total
          label={t('learning.timeLearned')}
          value={
            totals.minutesLearned > 0 ? formatDuration(totals.minutesLearned) : t('learning.zeroMinutes')
          }
        />
        <Total label={t('learning.coursesCompleted')} value={String(totals.coursesCompleted)} />
        <Total label={t('learning.certificates')} value={String(totals.certificates)} />
        <Total label={t('learning.quizzesPassed')} value={String(totals.quizzesPassed)} />
      </dl>

      <div className={styles.twoUp}>
        <Panel title={t('learning.perWeek')} className={styles.wide}>
          <WeeklyMinutesChart weeks={record.weeks} />
        </Panel>
        <Panel title={t('learning.streak')}>
          <p className={styles.streak} data-testid="streak-current">
            <Flame
              size={28}
              aria-hidden="true"
              focusable="false"
              className={streak.current > 0 ? styles.flame : styles.flameOut}
            />
            <span>{withPart(t('learning.currentStreak'), 'days', days(streak.current))}</span>
          </p>
          <p className={styles.muted}>
            {streak.current === 0
              ? t('learning.startStreak')
              : streak.learnedToday
                ? t('learning.learnedToday')
                : t('learning.keepGoing')}
          </p>
          <p data-testid="streak-longest">{withPart(t('learning.longest'), 'days', days(streak.longest))}</p>
        </Panel>
      </div>

      <Panel title={t('learning.inProgress')}>
        {record.inProgress.length === 0 ? (
          <p className={styles.muted}>
            {withPart(t('learning.nothing'), 'link', <Link to="/browse">{t('learning.browse')}</Link>)}
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
                  aria-label={t('learning.progressLabel', { title: item.product.title })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.progress}
                >
                  <div className={styles.fill} style={{ width: `${item.progress}%` }} />
                </div>
                <span className={styles.muted}>
                  {item.progress}% ·{' '}
                  {item.updatedAt
                    ? t('learning.lastLearned', { date: formatDate(item.updatedAt) })
                    : t('learning.notStarted')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title={t('learning.completed')}>
        {record.completed.length === 0 ? (
          <p className={styles.muted}>{t('learning.noneCompleted')}</p>
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
                    {t('learning.completedOn', { date: formatDate(item.completedAt ?? item.updatedAt) })}
                  </span>
                  {certificate ? (
                    <Link
                      to={certificatePagePath(certificate.code)}
                      aria-label={t('learning.certificateFor', { title: item.product.title })}
                    >
                      {t('learning.certificate')}
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </Panel>

      <Panel title={t('learning.certificates')}>
        {record.certificates.length === 0 ? (
          <p className={styles.muted}>{t('learning.noCertificates')}</p>
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
                  <Badge tone="danger">{t('learning.revoked')}</Badge>
                ) : (
                  <Badge tone="success">{t('learning.valid')}</Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title={t('learning.quizzes')}>
        {record.quizzes.length === 0 ? (
          <p className={styles.muted}>{t('learning.noQuizzes')}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('learning.course')}</th>
                  <th scope="col">{t('learning.bestScore')}</th>
                  <th scope="col">{t('learning.result')}</th>
                  <th scope="col">{t('learning.attempts')}</th>
                  <th scope="col">{t('learning.lastAttempt')}</th>
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
                        <Badge tone="success">{t('learning.passed')}</Badge>
                      ) : (
                        <Badge tone="warning">{t('learning.notPassed')}</Badge>
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
