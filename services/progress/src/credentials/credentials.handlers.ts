import {
  CERTIFICATE_MESSAGES,
  VC_JWT_CONTENT_TYPE,
  type CredentialCheck,
  type credentialRoutes,
} from '@catalyst/contracts';
import { badRequest, HttpError, notFound, type RouteHandlers } from '@catalyst/service-kit';
import { toCertificate } from '../certificates/certificates.repository';
import type { Deps } from '../deps';
import { findCertificateWithCredential, keepCredential } from './credentials.repository';
import { bitOf, encodeList, listCount, revokedBits, statusListUrl, STATUS_PURPOSE } from './status-list';

/** A credential's claims as the check reads them (anything else is ignored). */
interface KeptClaims {
  id?: unknown;
  validFrom?: unknown;
  credentialSubject?: { name?: unknown; achievement?: { name?: unknown } };
  credentialStatus?: {
    type?: unknown;
    statusPurpose?: unknown;
    statusListIndex?: unknown;
    statusListCredential?: unknown;
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const JWT_HEADERS = {
  'Content-Type': VC_JWT_CONTENT_TYPE,
  // Revocation must reach whoever asks next: a copy may be kept, but is checked first.
  'Cache-Control': 'no-cache',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * `GET /certificates/:code/credential`: the certificate's Open Badges 3.0 credential as a compact JWT
 * (application/vc+jwt), signed on the first request when issuing could not sign it, and the same JWT ever
 * after; its `credentialStatus` names the certificate's place in the revocation status list. A revoked
 * certificate's credential is no longer handed out (410): its page says why.
 * `GET /certificates/status-lists/:list`: that list, signed now (the revoked places set).
 * `POST /certificates/credentials/verify`: a kept credential checked as any verifier would: its signature against the
 * published keys, then its bit in the status list it names.
 */
export function createCredentialHandlers({
  db,
  config,
  credentials,
}: Pick<Deps, 'db' | 'config' | 'credentials'>): RouteHandlers<typeof credentialRoutes> {
  /** Whether the place a credential names is revoked, read from the list as it is published. */
  async function statusOf(claims: KeptClaims): Promise<CredentialCheck['status']> {
    const entry = claims.credentialStatus;
    if (!entry || entry.type !== 'BitstringStatusListEntry' || entry.statusPurpose !== STATUS_PURPOSE)
      return 'unknown';
    const bit = Number(entry.statusListIndex);
    const lists = await listCount(db);
    const list = Array.from({ length: lists }, (_, i) => i + 1).find(
      (n) => statusListUrl(config.PUBLIC_URL, n) === entry.statusListCredential,
    );
    if (list === undefined || !Number.isInteger(bit) || bit < 0) return 'unknown';
    // the bit as the published list carries it (the same encoding the signed list holds)
    const set = bitOf(encodeList(await revokedBits(db, list)), bit);
    return set === null ? 'unknown' : set === 1 ? 'revoked' : 'valid';
  }

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
          await credentials.signCredential(
            toCertificate(found.certificate, config.PUBLIC_URL),
            found.certificate.status_index,
          ),
        ));
      return new Response(jwt, {
        headers: { ...JWT_HEADERS, 'Content-Disposition': `inline; filename="certificate-${code}.jwt"` },
      });
    },

    async statusList({ params: { list } }) {
      if (list > (await listCount(db))) throw notFound(CERTIFICATE_MESSAGES.statusListNotFound);
      const jwt = await credentials.signStatusList(list, await revokedBits(db, list));
      return new Response(jwt, {
        headers: { ...JWT_HEADERS, 'Content-Disposition': `inline; filename="status-list-${list}.jwt"` },
      });
    },

    async verifyCredential({ body: { credential } }) {
      const claims = (await credentials.verify(credential)) as KeptClaims | null;
      if (!claims)
        throw badRequest(CERTIFICATE_MESSAGES.credentialInvalid, [
          { field: 'credential', message: CERTIFICATE_MESSAGES.credentialInvalid },
        ]);
      const id = text(claims.id);
      return {
        signature: 'valid' as const,
        status: await statusOf(claims),
        code: id?.match(/\/certificates\/([0-9A-Z]{10})$/)?.[1] ?? null,
        learnerName: text(claims.credentialSubject?.name),
        courseTitle: text(claims.credentialSubject?.achievement?.name),
        issuedAt: text(claims.validFrom),
      };
    },
  };
}
