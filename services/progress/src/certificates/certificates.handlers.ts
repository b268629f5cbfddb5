import { CERTIFICATE_MESSAGES, certificateRoutes, routeUrl } from '@catalyst/contracts';
import { conflict, notFound, reply, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { renderCertificatePdf } from './pdf';
import * as repo from './certificates.repository';
import { ensureCredential, issueMissingCertificates, type IssueDeps } from './issue';

/** The PDF's first address: the code with this after it (GET /certificates/:code), moved to GET /certificates/:code/pdf. */
const PDF_SUFFIX = '.pdf';

/**
 * Certificates: the learner's own (issuing any a completed course still lacks), anyone's by its public code
 * (JSON, or its PDF), and the admin's list and revocation.
 */
export function createCertificateHandlers(
  deps: IssueDeps & Pick<Deps, 'db' | 'config'>,
): RouteHandlers<typeof certificateRoutes> {
  const { db, config } = deps;
  const answer = (row: Parameters<typeof repo.toCertificate>[0]) =>
    repo.toCertificate(row, config.PUBLIC_URL);

  return {
    async list({ identity, requestId }) {
      await issueMissingCertificates(deps, identity.id, requestId);
      await Promise.all(
        (await repo.uncredentialedOf(db, identity.id)).map((row) => ensureCredential(deps, row)),
      );
      return (await repo.certificatesOf(db, identity.id)).map(answer);
    },

    /** The JSON; `CODE.pdf`, the PDF's first address (in mails and prints already out), moves permanently to its own. */
    async get({ params }) {
      const pdf = params.code.endsWith(PDF_SUFFIX);
      const code = pdf ? params.code.slice(0, -PDF_SUFFIX.length) : params.code;
      const row = await repo.findCertificate(db, code);
      if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
      if (pdf)
        return new Response(null, {
          status: 301,
          headers: { Location: routeUrl(certificateRoutes.pdf, { params: { code } }) },
        });
      const certificate = answer(row);
      return reply(
        certificate,
        certificate.status === 'revoked' ? { message: CERTIFICATE_MESSAGES.revoked } : {},
      );
    },

    async pdf({ params: { code } }) {
      const row = await repo.findCertificate(db, code);
      if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
      const bytes = await renderCertificatePdf(answer(row), {
        siteName: config.SITE_NAME,
        language: row.language ?? 'en',
      });
      return new Response(new Uint8Array(bytes), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="catalyst-certificate-${code}.pdf"`,
          'Content-Length': String(bytes.byteLength),
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },

    async adminList({ query: { search, status, page, limit } }) {
      const { rows, total } = await repo.listCertificates(db, {
        search,
        status,
        limit,
        offset: (page - 1) * limit,
      });
      return { items: rows.map(answer), total, page, limit };
    },

    async revoke({ params: { code }, body: { reason } }) {
      const revoked = await repo.revokeCertificate(db, code, reason);
      if (revoked) return reply(answer(revoked), { message: CERTIFICATE_MESSAGES.revoked });
      if (await repo.findCertificate(db, code)) throw conflict(CERTIFICATE_MESSAGES.alreadyRevoked);
      throw notFound(CERTIFICATE_MESSAGES.notFound);
    },
  };
}
