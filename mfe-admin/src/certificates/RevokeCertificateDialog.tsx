import type { Certificate } from '@catalyst/contracts';
import { api, isApiRequestError } from '@catalyst/web-kit';
import { ReasonDialog } from '../common/ReasonDialog';
import { validateRevocation } from '../forms/reasons';

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
 * 404) above the buttons.
 */
export function RevokeCertificateDialog({
  certificate,
  onCancel,
  onRevoked,
  onStale,
}: RevokeCertificateDialogProps) {
  return (
    <ReasonDialog
      subject={certificate?.code ?? null}
      title="Revoke certificate"
      reasonLabel={REVOKE_REASON_LABEL}
      confirmLabel="Revoke"
      validate={validateRevocation}
      submit={async (reason) => {
        if (!certificate) return;
        const { data, message } = await api.certificate.revoke.request({
          params: { code: certificate.code },
          body: { reason },
        });
        onRevoked(data, message ?? 'Certificate revoked');
      }}
      onCancel={onCancel}
      onRefused={(error) => {
        if (isApiRequestError(error) && error.status === 409) onStale();
      }}
    >
      {certificate ? (
        <p>
          Revoke certificate <strong>{certificate.code}</strong> of {certificate.learnerName} for{' '}
          {certificate.courseTitle}? Its verification page, PDF and credential will read revoked from now on.
          This cannot be undone.
        </p>
      ) : null}
    </ReasonDialog>
  );
}
