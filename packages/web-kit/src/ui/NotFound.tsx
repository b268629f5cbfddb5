import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../site';
import { buttonClassName } from './Button';
import styles from './NotFound.module.css';

export const NOT_FOUND_TITLE = '404 - Page Not Found';

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
export function NotFound({
  message = 'The page you are looking for does not exist or has moved.',
  documentTitle = 'Page Not Found',
  children,
}: NotFoundProps) {
  useDocumentTitle(documentTitle);
  return (
    <section className={styles.page} aria-labelledby="not-found-title" data-testid="not-found">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{NOT_FOUND_TITLE}</h1>
      <p className={styles.message}>{message}</p>
      <div className={styles.actions}>
        {children ?? (
          <>
            <Link to="/" className={buttonClassName('primary')}>
              Go to Homepage
            </Link>
            <Link to="/browse" className={buttonClassName('secondary')}>
              Browse Categories
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
