import { Link } from 'react-router-dom';
import {
  api,
  Badge,
  Card,
  ErrorScreen,
  learningPathPath,
  Spinner,
  useApiData,
  useDocumentTitle,
  useStrings,
} from '@catalyst/web-kit';
import { catalogStrings } from '../i18n/en';
import { LEVEL_LABELS } from '../i18n/labels';
import { hoursText, itemsText } from './pathText';
import styles from './Paths.module.css';

/** Browse → Paths: every published learning path, newest first. */
export function PathsPage() {
  const t = useStrings(catalogStrings);
  useDocumentTitle(t('paths.title'));
  const { data, error, reload } = useApiData(api.path.list);
  return (
    <section>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('paths.title')}</h1>
        <p className={styles.lead}>{t('paths.lead')}</p>
      </div>
      {error ? (
        <ErrorScreen message={t('paths.failed')} onRetry={reload} retryLabel={t('common.tryAgain')} />
      ) : !data ? (
        <Spinner message={t('paths.loading')} />
      ) : data.length === 0 ? (
        <p className={styles.empty}>{t('paths.none')}</p>
      ) : (
        <ul className={styles.grid}>
          {data.map((path) => (
            <li key={path._id}>
              <Card as="div" className={styles.card}>
                <h2 className={styles.name}>
                  <Link to={learningPathPath(path.slug)}>{path.title}</Link>
                </h2>
                <p className={styles.description}>{path.description}</p>
                <p className={styles.facts}>
                  <Badge tone="info">{t(LEVEL_LABELS[path.level])}</Badge>
                  <span>{itemsText(path.itemCount)}</span>
                  <span>{hoursText(path.estimatedHours)}</span>
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
