import { Link } from 'react-router-dom';
import { assignmentStatusText } from '@catalyst/contracts/team-learning-terms';
import { api, formatDate, learningPathPath, productPath, useApiData } from '@catalyst/web-kit';
import styles from './Pages.module.css';

/**
 * The dashboard's "Assigned to you" row: the courses and paths the learner's team assigned them, soonest due
 * first, overdue ones flagged. Nothing while nothing is assigned (or the learner is in no team).
 */
export function AssignedToYou({ className }: { className?: string }) {
  const { data } = useApiData(api.teamLearning.myAssignments);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="assigned-to-you-title" className={className}>
      <h2 id="assigned-to-you-title">Assigned to you</h2>
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
            <span>From {item.teamName}</span>
            <span>
              {item.dueAt ? `Due ${formatDate(item.dueAt, 'short', { utc: true })}` : 'No due date'}
            </span>
            <span className={item.overdue ? styles.overdue : undefined}>
              {assignmentStatusText[item.status]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
