import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A per-load nonce for each release /mf/remotes.json serves: `<expiry>.<random>.<mac>`, the mac binding the
 * front end, its version, the expiry and the random part under the gateway's secret. A load-error report
 * counts against a release only with a nonce served for that release (and each nonce counts once), so a
 * stranger posting reports cannot move a canary's error count without loading the release each time.
 */
export const LOAD_NONCE_SECONDS = 6 * 3600;
const NONCE = /^(\d{10})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

const macOf = (secret: string, remote: string, version: string, expires: string, random: string) =>
  createHmac('sha256', secret)
    .update(`release-load-nonce\n${remote}\n${version}\n${expires}\n${random}`)
    .digest('base64url');

export function signLoadNonce(secret: string, remote: string, version: string, nowMs = Date.now()): string {
  const expires = String(Math.floor(nowMs / 1000) + LOAD_NONCE_SECONDS);
  const random = randomBytes(12).toString('base64url');
  return `${expires}.${random}.${macOf(secret, remote, version, expires, random)}`;
}

/** The nonce's random part when it was served for this release and has not expired; otherwise null. */
export function verifyLoadNonce(
  secret: string,
  remote: string,
  version: string,
  nonce: string | undefined,
  nowMs = Date.now(),
): string | null {
  const match = nonce ? NONCE.exec(nonce) : null;
  if (!match) return null;
  const [, expires, random, mac] = match as unknown as [string, string, string, string];
  if (Number(expires) * 1000 <= nowMs) return null;
  const expected = Buffer.from(macOf(secret, remote, version, expires, random));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? random : null;
}

/** Each release of an answer with a fresh nonce of its own. */
export const loadNoncesFor = (secret: string, releases: Record<string, string>, nowMs = Date.now()) =>
  Object.fromEntries(
    Object.entries(releases).map(([remote, version]) => [
      remote,
      signLoadNonce(secret, remote, version, nowMs),
    ]),
  );
