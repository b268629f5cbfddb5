// The zod-free terms of certificates (the code's alphabet, messages, addresses): the remotes read them without downloading zod.
import type { ReasonRule } from './reason-terms';

/** A certificate's public code: ten characters of Crockford's base32 (no I, L, O, U: nothing to misread). */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 10;

export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificate not found',
  invalidCode: 'A certificate code is ten letters and digits',
  alreadyRevoked: 'This certificate is already revoked',
  revoked: 'Certificate revoked',
  statusListNotFound: 'Status list not found',
  credentialRequired: 'Paste a credential to check',
  credentialTooLong: 'A credential is at most 20000 characters',
  credentialInvalid:
    "This credential's signature does not check out against Catalyst's published keys: it was not issued here, or it was changed",
} as const;

/** What checking a kept credential finds (its signature verified first): its status in the revocation list. */
export const CREDENTIAL_STATUS_WORDS = {
  valid: 'Not revoked',
  revoked: 'Revoked',
  unknown: 'No revocation status (issued before status lists)',
} as const;

/** The reason an admin gives for revoking a certificate: its verification page shows it. */
export const REVOCATION_REASON: ReasonRule = {
  min: 3,
  max: 500,
  required: 'A reason is required',
  tooShort: 'Give a reason of at least 3 characters',
  tooLong: 'A reason is at most 500 characters',
};

/** The media type of the credential (VC-JOSE compact JWT). */
export const VC_JWT_CONTENT_TYPE = 'application/vc+jwt';
/** Where anyone finds the issuer's public keys (served by the gateway at the site's root). */
export const JWKS_PATH = '/.well-known/jwks.json';

/**
 * Where a certificate is verified by people, relative to the site (machines: its declared routes, `pdf` and
 * `credential`, through `routeUrl`).
 */
export const certificatePagePath = (code: string) => `/certificates/${code}`;
