import { createECDH } from 'node:crypto';
import type { Config } from '../config';

/** The server's VAPID identity: the key pair push messages are signed with and who to contact about them. */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A new VAPID private key: a P-256 key's 32 bytes in base64url (`npm start` makes one per install). */
export function newVapidPrivateKey(): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // getPrivateKey drops leading zero bytes; the key is always 32 bytes.
  return Buffer.from(ecdh.getPrivateKey('hex').padStart(64, '0'), 'hex').toString('base64url');
}

/** The VAPID identity from config (the public key derived from the private one), or null: push is off. */
export function vapidFromConfig(
  config: Pick<Config, 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM'>,
): Vapid | null {
  if (!config.VAPID_PRIVATE_KEY) return null;
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(config.VAPID_PRIVATE_KEY, 'base64url'));
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    privateKey: config.VAPID_PRIVATE_KEY,
    subject: config.VAPID_SUBJECT ?? `mailto:${address}`,
  };
}
