import { kitStrings } from '../i18n/en';
import { useStrings } from '../i18n/strings';
import { useLoadingShown } from './pageShown';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  /** Optional text under the spinner ('Confirming your subscription...'). */
  message?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Inline spinners sit inside buttons and text and announce nothing. */
  inline?: boolean;
  /**
   * A page's spinner holds back what waits for its first content (pageShown.ts: the offline stores, the
   * service worker); false for one that waits for that work itself (the downloads list, in the stores).
   */
  holdsFirstContent?: boolean;
}

export function Spinner({ message, size = 'md', inline = false, holdsFirstContent = true }: SpinnerProps) {
  // Something of the page is loading: until it goes, the page's first content is not all there.
  useLoadingShown(!inline && holdsFirstContent);
  const t = useStrings(kitStrings);
  if (inline) {
    return (
      <span className={`${styles.wrap} ${styles.inline}`} aria-hidden="true">
        <span className={`${styles.ring} ${styles[size]}`} />
      </span>
    );
  }
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      <span className={`${styles.ring} ${styles[size]}`} aria-hidden="true" />
      {message ? (
        <p className={styles.message}>{message}</p>
      ) : (
        <span className="ck-visually-hidden">{t('spinner.loading')}</span>
      )}
    </div>
  );
}

/** A page's spinner saying it is loading ('Loading...'), in the page's language. */
export function PageLoading({ holdsFirstContent = true }: Pick<SpinnerProps, 'holdsFirstContent'>) {
  const t = useStrings(kitStrings);
  return <Spinner message={t('page.loading')} holdsFirstContent={holdsFirstContent} />;
}
