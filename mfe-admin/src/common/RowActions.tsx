import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStrings } from '@catalyst/web-kit';
import { Pencil, Trash2, type IconComponent } from '@catalyst/web-kit/icons';
import { adminStrings } from '../i18n/en';
import styles from './Admin.module.css';

export interface RowToggleProps {
  pressed: boolean;
  busy: boolean;
  onToggle: () => void;
  /** What the button does now, with the row's name ('Deactivate Web Development'). */
  label: string;
  /** What the button does, short: its tooltip, and its visible text on a phone ('Deactivate'). */
  title: string;
  icon: IconComponent;
}

/** An icon, with its words shown beside it on a phone and as a tooltip elsewhere. */
function ActionContent({ icon: Icon, text }: { icon: IconComponent; text: string }) {
  return (
    <>
      <Icon size={16} aria-hidden="true" focusable="false" />
      <span className={styles.actionText}>{text}</span>
    </>
  );
}

/** A button that flips one flag of a row (active, published, featured). */
export function RowToggle({ pressed, busy, onToggle, label, title, icon }: RowToggleProps) {
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={pressed}
      disabled={busy}
      onClick={onToggle}
      aria-label={label}
      title={title}
    >
      <ActionContent icon={icon} text={title} />
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

/** The actions of an admin row: its toggles, then Edit and Delete. */
export function RowActions({ name, editPath, busy, onDelete, children }: RowActionsProps) {
  const t = useStrings(adminStrings);
  return (
    <div className={styles.actions}>
      {children}
      <Link
        className={styles.iconButton}
        to={editPath}
        aria-label={t('common.editNamed', { name })}
        title={t('common.edit')}
      >
        <ActionContent icon={Pencil} text={t('common.edit')} />
      </Link>
      <button
        type="button"
        className={`${styles.iconButton} ${styles.danger}`}
        disabled={busy}
        onClick={onDelete}
        aria-label={t('common.deleteNamed', { name })}
        title={t('common.delete')}
      >
        <ActionContent icon={Trash2} text={t('common.delete')} />
      </button>
    </div>
  );
}
