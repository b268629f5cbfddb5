import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Dialog, isApiRequestError, useStrings, type ButtonVariant } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import formStyles from './Form.module.css';
import { TextAreaField } from './FormControls';
import { formMessageStrings } from '../forms/messages';
import type { FieldErrors } from '../forms/validation';

export interface ReasonDialogProps {
  /** What the dialog acts on (a certificate's code, a post's id and action); null keeps it closed, a new one starts from an empty form. */
  subject: string | null;
  title: string;
  /** The question: what will happen. */
  children: ReactNode;
  /** The reason's label; left out, the dialog only asks to confirm. */
  reasonLabel?: string;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  /** The browser's check of the reason, with the server's own rule (forms/validation.ts). */
  validate?: (values: { reason: string }) => FieldErrors;
  /** Does the work; a rejection is shown (a reason refused beside the field, anything else above the buttons). */
  submit: (reason: string) => Promise<void>;
  onCancel: () => void;
  /** Hears every refusal after it is shown (a 409 makes the list read its row again). */
  onRefused?: (error: unknown) => void;
}

/**
 * Asks why before an admin acts (revoke a certificate, hide a post, lock a thread), checks the reason with the
 * contracts' rule, then sends it. The web-kit Dialog traps focus, closes on Escape and gives focus back.
 */
export function ReasonDialog({
  subject,
  title,
  children,
  reasonLabel,
  confirmLabel,
  confirmVariant = 'danger',
  validate,
  submit,
  onCancel,
  onRefused,
}: ReasonDialogProps) {
  const t = useStrings(adminStrings);
  useStrings(formMessageStrings); // the reason's field message, in the page's language
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shownFor, setShownFor] = useState<string | null>(null);

  if (subject !== shownFor) {
    setShownFor(subject);
    setReason('');
    setFieldError(undefined);
    setFailure(null);
  }

  const cancel = () => {
    if (!busy) onCancel();
  };

  async function send(event: FormEvent) {
    event.preventDefault();
    if (subject === null || busy) return;
    setFailure(null);
    if (reasonLabel !== undefined && validate) {
      const errors = validate({ reason });
      setFieldError(errors.reason ?? errors.form);
      if (Object.keys(errors).length > 0) return;
    }
    setBusy(true);
    try {
      await submit(reason);
    } catch (error) {
      const onField =
        reasonLabel !== undefined && isApiRequestError(error) ? error.fieldError('reason') : undefined;
      if (onField) setFieldError(onField);
      else setFailure(error instanceof Error ? error.message : String(error));
      onRefused?.(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={subject !== null} onClose={cancel} title={title} closeOnBackdrop={!busy}>
      {subject !== null ? (
        <form onSubmit={(event) => void send(event)} noValidate>
          {children}
          {reasonLabel !== undefined ? (
            <TextAreaField
              label={reasonLabel}
              name="reason"
              value={reason}
              error={fieldError}
              maxLength={500}
              required
              onChange={(event) => {
                setReason(event.target.value);
                if (fieldError) setFieldError(undefined);
              }}
            />
          ) : null}
          {failure ? <Alert tone="danger">{failure}</Alert> : null}
          <div className={formStyles.buttons}>
            <Button type="button" variant="secondary" onClick={cancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant={confirmVariant} loading={busy}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
