import type { Certificate } from '@catalyst/contracts';
import { api, isApiRequestError, useStrings, withParts } from '@catalyst/web-kit';
import { ReasonDialog } from '../common/ReasonDialog';
import { validateRevocation } from '../forms/reasons';
import { adminStrings } from '../i18n/en';

/** The reason field's label in English (the tests find the field by it). */
export const REVOKE_REASON_LABEL = adminStrings.english['certificates.reasonLabel'];

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
  const t = useStrings(adminStrings);
  return (
    <ReasonDialog
      subject={certificate?.code ?? null}
      title={t('certificates.revokeTitle')}
      reasonLabel={t('certificates.reasonLabel')}
      confirmLabel={t('certificates.revoke')}
      validate={validateRevocation}
      submit={async (reason) => {
        if (!certificate) return;
        const { data, message } = await api.certificate.revoke.request({
          params: { code: certificate.code },
          body: { reason },
        });
        onRevoked(data, message ?? t('certificates.revokedMessage'));
      }}
      onCancel={onCancel}
      onRefused={(error) => {
        if (isApiRequestError(error) && error.status === 409) onStale();
      }}
    >
      {certificate ? (
        <p>
          {withParts(t('certificates.revokeQuestion'), {
            code: <strong>{certificate.code}</strong>,
            learner: certificate.learnerName,
            course: certificate.courseTitle,
          })}
        </p>
      ) : null}
    </ReasonDialog>
  );
}
