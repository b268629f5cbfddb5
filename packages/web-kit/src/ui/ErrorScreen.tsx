import type { ReactNode } from 'react';
import { TriangleAlert } from '../icons';
import { kitStrings } from '../i18n/en';
import { useStrings } from '../i18n/strings';
import { Button } from './Button';
import styles from './ErrorScreen.module.css';

export interface ErrorScreenProps {
  message: ReactNode;
  title?: ReactNode;
  /** Shows a Retry button (label overridable, e.g. 'Try Again'). */
  onRetry?: () => void;
  retryLabel?: string;
  /** Further actions beside Retry. */
  children?: ReactNode;
}

/** The generic error screen: a message with an optional Retry. */
export function ErrorScreen({ message, title, onRetry, retryLabel, children }: ErrorScreenProps) {
  const t = useStrings(kitStrings);
  return (
    <div className={styles.screen} role="alert">
      <span className={styles.icon} aria-hidden="true">
        <TriangleAlert size={40} strokeWidth={1.75} focusable="false" />
      </span>
      {title ? <h2 className={styles.title}>{title}</h2> : null}
      <p className={styles.message}>{message}</p>
      {onRetry || children ? (
        <div className={styles.actions}>
          {onRetry ? <Button onClick={onRetry}>{retryLabel ?? t('error.retry')}</Button> : null}
          {children}
        </div>
      ) : null}
    </div>
  );
}
