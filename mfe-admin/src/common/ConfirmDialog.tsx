import { Button, Dialog, useStrings } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';

/** The delete question for a category or a creator (spec section 8). */
export const deleteQuestion = (name: string) => adminStrings.t('common.deleteQuestion', { name });

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The delete confirmation: the spec's question, a destructive button and a way out. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useStrings(adminStrings);
  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      <p>{message}</p>
      <div style={{ display: 'flex', gap: 'var(--ck-space-2)', justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy}>
          {confirmLabel ?? t('common.delete')}
        </Button>
      </div>
    </Dialog>
  );
}
