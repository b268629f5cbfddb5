import { Link } from 'react-router-dom';
import { certificatePagePath } from '@catalyst/contracts';
import { api, learningPathPath, pathItemPath, useApiData, useStrings, withPart } from '@catalyst/web-kit';
import { shellPageStrings } from '../i18n/pages/en';
import styles from './Pages.module.css';

/**
 * The dashboard's "Your path" row: each learning path the learner follows, how far along it they are, and
 * the next item to take (or the path certificate once every item is finished). Nothing while they follow none.
 */
export function YourPath({ className }: { className?: string }) {
  const t = useStrings(shellPageStrings);
  const { data } = useApiData(api.pathProgress.followed);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="your-path-title" className={className}>
      <h2 id="your-path-title">{t('dashboard.pathTitle')}</h2>
      <ul className={styles.yourPathList}>
        {data.map(({ path, completedCount, total, next, certificateCode }) => (
          <li key={path._id} className={styles.yourPathCard} data-testid="your-path">
            <Link to={learningPathPath(path.slug)} className={styles.yourPathName}>
              {path.title}
            </Link>
            <span>{t('dashboard.pathFinished', { count: completedCount, total })}</span>
            {next ? (
              <span>
                {withPart(
                  t('dashboard.pathNext'),
                  'link',
                  <Link to={pathItemPath(next, path.slug)}>{next.title}</Link>,
                )}
              </span>
            ) : certificateCode ? (
              <Link to={certificatePagePath(certificateCode)}>{t('dashboard.pathCertificate')}</Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
