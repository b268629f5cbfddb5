import { useEffect, useRef, type ReactNode } from 'react';
import styles from './Alert.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Full-width strip at the top of the page instead of a boxed message. */
  banner?: boolean;
  onDismiss?: () => void;
  className?: string;
  /** Scrolls the message into view when it appears or changes (a result the person must not miss). */
  reveal?: boolean;
}

export function Alert({
  tone = 'info',
  title,
  children,
  banner = false,
  onDismiss,
  className,
  reveal = false,
}: AlertProps) {
  const urgent = tone === 'danger' || tone === 'warning';
  const ref = useRef<HTMLDivElement>(null);
  const text = typeof children === 'string' ? children : null;
  useEffect(() => {
    if (reveal) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [reveal, text]);
  return (
    <div
      ref={ref}
      className={[styles.alert, styles[tone], banner ? styles.banner : '', className]
        .filter(Boolean)
        .join(' ')}
      role={urgent ? 'alert' : 'status'}
    >
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children}
      </div>
      {onDismiss ? (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      ) : null}
    </div>
  );
}

/** A full-width message strip (e.g. the header's red error banner). */
export function Banner(props: Omit<AlertProps, 'banner'>) {
  return <Alert {...props} banner />;
}
