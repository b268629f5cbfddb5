import type { ReactNode } from 'react';
import { Button, Dialog, useStrings } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import styles from './ProductPage.module.css';

/**
 * An action on the learner's record is confirmed first, saying what it does: a reset (danger: it throws away
 * what the learner did) or a course-wide completion (primary).
 */
export function ConfirmReset({
  open,
  title,
  confirmLabel,
  tone = 'danger',
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useStrings(playerStrings);
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <p>{children}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          variant={tone}
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
