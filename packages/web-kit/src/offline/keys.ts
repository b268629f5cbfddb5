/**
 * What names one person's things on this device: a SHA-256 of their session token (or of their user
 * id for downloads). Kept answers and queued writes are filed under it, so only whoever holds the same
 * token can read them back, and nothing personal sits under a name another person could ask for.
 */
export async function personKey(secret: string): Promise<string> {
  const bytes = new TextEncoder().encode(secret);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
