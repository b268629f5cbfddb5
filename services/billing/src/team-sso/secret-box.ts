import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const INFO = 'catalyst billing team-sso client secret';

/** An AES-256-GCM key for client secrets (or another `purpose`), derived from INTERNAL_SECRET with HKDF (never stored). */
export function secretBoxKey(internalSecret: string, purpose = INFO): Buffer {
  return Buffer.from(hkdfSync('sha256', internalSecret, 'catalyst-team-sso', purpose, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>` in base64url; the team id is bound in as associated data. */
export function sealSecret(key: Buffer, teamId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(teamId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openSecret(key: Buffer, teamId: string, box: string): string {
  const [version, iv, tag, sealed] = box.split('.');
  if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error('unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(teamId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
