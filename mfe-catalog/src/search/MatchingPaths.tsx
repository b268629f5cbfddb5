import { Link } from 'react-router-dom';
import { api, learningPathPath, PATHS_PATH, useApiData, useStrings } from '@catalyst/web-kit';
import { catalogStrings } from '../i18n/en';
import styles from './SearchPage.module.css';

/** Whether every word of the query is in the path's title or description (case-insensitive). */
const matches = (q: string, text: string) => {
  const haystack = text.toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};

/**
 * The learning paths a search's words name, under its results. Paths are not a kind of the search index: they
 * are few, and the published list (one cached public read) is matched here instead. Nothing when none match.
 */
export function MatchingPaths({ q }: { q: string }) {
  const t = useStrings(catalogStrings);
  const { data } = useApiData(api.path.list);
  const found = (data ?? []).filter((path) => matches(q, `${path.title} ${path.description}`));
  if (found.length === 0) return null;
  return (
    <aside className={styles.paths} aria-label={t('paths.matching')}>
      <h2>{t('paths.matching')}</h2>
      <ul>
        {found.map((path) => (
          <li key={path._id}>
            <Link to={learningPathPath(path.slug)}>{path.title}</Link>
          </li>
        ))}
      </ul>
      <Link to={PATHS_PATH}>{t('paths.every')}</Link>
    </aside>
  );
}
