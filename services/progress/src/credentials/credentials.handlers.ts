import { CERTIFICATE_MESSAGES, VC_JWT_CONTENT_TYPE, type certificateRoutes } from '@catalyst/contracts';
import { HttpError, notFound, type RouteHandlers } from '@catalyst/service-kit';
import { toCertificate } from '../certificates/certificates.repository';
import type { Deps } from '../deps';
import { findCertificateWithCredential, keepCredential } from './credentials.repository';

/**
 * `GET /certificates/:code/credential`: the certificate's Open Badges 3.0 credential as a compact JWT
 * (application/vc+jwt), signed on the first request when issuing could not sign it, and the same JWT ever
 * after. A revoked certificate's credential is no longer handed out (410): its page says why.
 */
export function createCredentialHandlers({
  db,
  config,
  credentials,
}: Pick<Deps, 'db' | 'config' | 'credentials'>): Pick<RouteHandlers<typeof certificateRoutes>, 'credential'> {
  return {
    async credential({ params: { code } }) {
      const found = await findCertificateWithCredential(db, code);
      if (!found) throw notFound(CERTIFICATE_MESSAGES.notFound);
      if (found.certificate.revoked_at) throw new HttpError(410, CERTIFICATE_MESSAGES.revoked);
      const jwt =
        found.jwt ??
        (await keepCredential(
          db,
          code,
          await credentials.signCredential(toCertificate(found.certificate, config.PUBLIC_URL)),
        ));
      return new Response(jwt, {
        headers: {
          'Content-Type': VC_JWT_CONTENT_TYPE,
          'Content-Disposition': `inline; filename="certificate-${code}.jwt"`,
          // Revocation must reach whoever asks next: a copy may be kept, but is checked first.
          'Cache-Control': 'no-cache',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  };
}
