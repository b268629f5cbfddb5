import { Link } from 'react-router-dom';
import type { AssignmentStatus } from '@catalyst/contracts/team-learning-terms';
import { api, formatDate, learningPathPath, productPath, useApiData, useStrings } from '@catalyst/web-kit';
import { shellPageStrings } from '../i18n/pages/en';
import styles from './Pages.module.css';

const STATUS_TEXT = {
  not_started: 'dashboard.statusNotStarted',
  in_progress: 'dashboard.statusInProgress',
  done: 'dashboard.statusDone',
  overdue: 'dashboard.statusOverdue',
} as const satisfies Record<AssignmentStatus, keyof typeof shellPageStrings.english>;

/**
 * The dashboard's "Assigned to you" row: the courses and paths the learner's team assigned them, soonest due
 * first, overdue ones flagged. Nothing while nothing is assigned (or the learner is in no team).
 */
export function AssignedToYou({ className }: { className?: string }) {
  const t = useStrings(shellPageStrings);
  const { data } = useApiData(api.teamLearning.myAssignments);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="assigned-to-you-title" className={className}>
      <h2 id="assigned-to-you-title">{t('dashboard.assignedTitle')}</h2>
      <ul className={styles.yourPathList}>
        {data.map((item) => (
          <li key={item.id} className={styles.yourPathCard} data-testid="assigned-to-you">
            <Link
              to={
                item.target.kind === 'path'
                  ? learningPathPath(item.slug)
                  : productPath({ productId: item.slug, _id: item.target.id })
              }
              className={styles.yourPathName}
            >
              {item.title}
            </Link>
            <span>{t('dashboard.assignedFrom', { team: item.teamName })}</span>
            <span>
              {item.dueAt
                ? t('dashboard.assignedDue', { date: formatDate(item.dueAt, 'short', { utc: true }) })
                : t('dashboard.assignedNoDue')}
            </span>
            <span className={item.overdue ? styles.overdue : undefined}>{t(STATUS_TEXT[item.status])}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
