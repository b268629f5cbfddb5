import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { kitStrings } from '../i18n/en';
import { useStrings } from '../i18n/strings';
import { useDocumentTitle } from '../site';
import { buttonClassName } from './Button';
import styles from './NotFound.module.css';

export interface NotFoundProps {
  /** What was not found ('The page you are looking for does not exist or has moved.'). */
  message?: ReactNode;
  /** The document title; the default is 'Page Not Found'. */
  documentTitle?: string;
  /** The ways on; the default is the home page and Browse. */
  children?: ReactNode;
}

/**
 * The one not-found page: the shell's catch-all, every remote's unknown sub-path and anything whose
 * address names nothing (an unknown product or category). A permanent answer, so no Retry.
 */
export function NotFound({ message, documentTitle, children }: NotFoundProps) {
  const t = useStrings(kitStrings);
  useDocumentTitle(documentTitle ?? t('notFound.documentTitle'));
  return (
    <section className={styles.page} aria-labelledby="not-found-title" data-testid="not-found">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className={styles.message}>{message ?? t('notFound.message')}</p>
      <div className={styles.actions}>
        {children ?? (
          <>
            <Link to="/" className={buttonClassName('primary')}>
              {t('notFound.home')}
            </Link>
            <Link to="/browse" className={buttonClassName('secondary')}>
              {t('notFound.browse')}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
