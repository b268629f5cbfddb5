import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Every key derived from INTERNAL_SECRET for sealing, by use: one list, so no two uses share a key. The
 * strings are what existing boxes were sealed under: never change one.
 */
export const SECRET_PURPOSES = {
  /** Billing: a team's SSO client secret, and its join-link token. */
  teamSso: 'catalyst billing team-sso client secret',
  /** Billing: a creator's payout reference. */
  payoutReference: 'catalyst billing creator payout reference',
  /** Progress: the site's learning record store secret (xAPI). */
  xapiLrsSecret: 'catalyst progress xapi lrs secret',
  /** Progress: a webhook endpoint's signing secret. */
  webhookSecret: 'catalyst progress webhook signing secret',
  /** Auth: the LTI tool's private signing keys. */
  ltiToolKey: 'catalyst auth lti tool key',
} as const;
export type SecretPurpose = (typeof SECRET_PURPOSES)[keyof typeof SECRET_PURPOSES];

/** An AES-256-GCM key for one purpose, derived from INTERNAL_SECRET with HKDF (never stored). */
export function secretBoxKey(internalSecret: string, purpose: SecretPurpose): Buffer {
  // The salt keeps its first user's name: changing it would make every sealed box unreadable.
  return Buffer.from(hkdfSync('sha256', internalSecret, 'catalyst-team-sso', purpose, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>` in base64url; `boundTo` (the owner's id) is bound in as associated data. */
export function sealSecret(key: Buffer, boundTo: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openSecret(key: Buffer, boundTo: string, box: string): string {
  const [version, iv, tag, sealed] = box.split('.');
  if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error('unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
