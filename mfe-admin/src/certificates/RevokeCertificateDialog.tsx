import { useState, type FormEvent } from 'react';
import type { Certificate } from '@catalyst/contracts';
import { Alert, api, Button, Dialog, isApiRequestError } from '@catalyst/web-kit';
import formStyles from '../common/Form.module.css';
import { TextAreaField } from '../common/FormControls';
import { validateRevocation } from '../forms/validation';

export const REVOKE_REASON_LABEL = "Reason (shown on the certificate's page)";

export interface RevokeCertificateDialogProps {
  /** The certificate being revoked; null keeps the dialog closed. */
  certificate: Certificate | null;
  onCancel: () => void;
  /** The server's answer: the certificate as revoked, and its message. */
  onRevoked: (certificate: Certificate, message: string) => void;
  /** The certificate turned out revoked already (409): the list should read its row again. */
  onStale: () => void;
}

/**
 * Asks for the reason a certificate is revoked (checked in the browser with the contracts' rule), then
 * revokes it: a reason the server refuses shows beside the field, any other refusal (409 already revoked,
 * 404) above the buttons. The web-kit Dialog traps focus, closes on Escape and gives focus back.
 */
export function RevokeCertificateDialog({ certificate, onCancel, onRevoked, onStale }: RevokeCertificateDialogProps) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shownFor, setShownFor] = useState<string | null>(null);

  // A new certificate starts from an empty form.
  const code = certificate?.code ?? null;
  if (code !== shownFor) {
    setShownFor(code);
    setReason('');
    setFieldError(undefined);
    setFailure(null);
  }

  const cancel = () => {
    if (!busy) onCancel();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!certificate || busy) return;
    const errors = validateRevocation({ reason });
    setFailure(null);
    setFieldError(errors.reason ?? errors.form);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const { data, message } = await api.certificate.revoke.request({ params: { code: certificate.code }, body: { reason } });
      onRevoked(data, message ?? 'Certificate revoked');
    } catch (error) {
      const onField = isApiRequestError(error) ? error.fieldError('reason') : undefined;
      if (onField) setFieldError(onField);
      else setFailure(error instanceof Error ? error.message : String(error));
      if (isApiRequestError(error) && error.status === 409) onStale();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={certificate !== null} onClose={cancel} title="Revoke certificate" closeOnBackdrop={!busy}>
      {certificate ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <p>
            Revoke certificate <strong>{certificate.code}</strong> of {certificate.learnerName} for {certificate.courseTitle}? Its verification page, PDF and
            credential will read revoked from now on. This cannot be undone.
          </p>
          <TextAreaField
            label={REVOKE_REASON_LABEL}
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
          {failure ? <Alert tone="danger">{failure}</Alert> : null}
          <div className={formStyles.buttons}>
            <Button type="button" variant="secondary" onClick={cancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={busy}>
              Revoke
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
