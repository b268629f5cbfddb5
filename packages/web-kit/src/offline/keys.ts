/**
 * What names one person's things on this device: a SHA-256 of their session token (or of their user
 * id for downloads). Kept answers and queued writes are filed under it, so only whoever holds the same
 * token can read them back, and nothing personal sits under a name another person could ask for.
 */
export function personKey(secret: string): Promise<string> {
  // remembered: a write made as the page is left should not wait for the digest again
  let key = known.get(secret);
  if (!key) {
    if (known.size >= 8) known.clear();
    key = digest(secret);
    known.set(secret, key);
  }
  return key;
}

const known = new Map<string, Promise<string>>();

async function digest(secret: string): Promise<string> {
  const bytes = new TextEncoder().encode(secret);
  const hashed = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(hashed), (b) => b.toString(16).padStart(2, '0')).join('');
}
