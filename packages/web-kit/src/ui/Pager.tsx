import { kitStrings } from '../i18n/en';
import { useStrings } from '../i18n/strings';
import { Button } from './Button';
import styles from './Pager.module.css';

export interface PagerProps {
  /** Names the navigation landmark ('Certificate pages'). */
  label: string;
  page: number;
  /** How many pages there are; one page or none shows no pager. */
  pages: number;
  onPage: (page: number) => void;
  size?: 'sm' | 'md';
}

/** The pages of a long list: Previous, 'Page 2 of 5', Next. */
export function Pager({ label, page, pages, onPage, size = 'md' }: PagerProps) {
  const t = useStrings(kitStrings);
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={styles.paging}>
      <Button variant="secondary" size={size} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span>{t('pager.page', { page, pages })}</span>
      <Button variant="secondary" size={size} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}

/** How many pages a page answer (`{ total, limit }`) spans: at least one. */
export const pageCount = (answer: { total: number; limit: number } | undefined) =>
  answer ? Math.max(1, Math.ceil(answer.total / answer.limit)) : 1;
