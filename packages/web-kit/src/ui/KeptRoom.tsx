import type { ReactNode } from 'react';
import styles from './KeptRoom.module.css';

/**
 * Keeps the room of content that is not there yet, so what is below it does not move when it comes: `shape` is
 * laid out as the content will be, unseen and out of reach (hidden from sight, from assistive technology and from
 * the tab order), and `children` (a spinner, say) show over it. `className` lays out the shape as its real
 * container would (a gap between its parts, say).
 */
export function KeptRoom({
  shape,
  className,
  children,
}: {
  shape: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.room}>
      <div className={className ? `${styles.shape} ${className}` : styles.shape} aria-hidden="true" inert>
        {shape}
      </div>
      {children}
    </div>
  );
}
