import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './Admin.module.css';

export interface RowToggleProps {
  pressed: boolean;
  busy: boolean;
  onToggle: () => void;
  /** What the button does now, with the row's name ('Deactivate Web Development'). */
  label: string;
  title: string;
  children: ReactNode;
}

/** An icon button that flips one flag of a row (active, published, featured). */
export function RowToggle({ pressed, busy, onToggle, label, title, children }: RowToggleProps) {
  return (
    <button type="button" className={styles.iconButton} aria-pressed={pressed} disabled={busy} onClick={onToggle} aria-label={label} title={title}>
      {children}
    </button>
  );
}

export interface RowActionsProps {
  /** The row's name as the labels read it ('Edit React Basics'). */
  name: string;
  editPath: string;
  busy: boolean;
  onDelete: () => void;
  /** The row's toggles, before Edit and Delete. */
  children?: ReactNode;
}

/** The last cell of an admin row: its toggles, then Edit and Delete. */
export function RowActions({ name, editPath, busy, onDelete, children }: RowActionsProps) {
  return (
    <td>
      <div className={styles.actions}>
        {children}
        <Link className={styles.iconButton} to={editPath} aria-label={`Edit ${name}`} title="Edit">
          ✏️
        </Link>
        <button type="button" className={`${styles.iconButton} ${styles.danger}`} disabled={busy} onClick={onDelete} aria-label={`Delete ${name}`} title="Delete">
          🗑️
        </button>
      </div>
    </td>
  );
}
