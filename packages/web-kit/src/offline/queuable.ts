/** A write that could not reach the server, waiting for the connection to come back. */
export interface QueuedWrite {
  method: 'PATCH' | 'POST' | 'PUT';
  /** The full URL the write went to. */
  url: string;
  body: unknown;
  /** The write's own client time (architecture rule 7): the server keeps the newest, so replays are safe. */
  clientTime: number;
  at: number;
}

/**
 * Writes that carry a client time (progress saves, Mark complete, Reset) are the ones that may wait:
 * the server's stale-write rule orders them by that time, so sending one late never undoes a newer one.
 */
export function queuableClientTime(method: string, body: unknown): number | undefined {
  if (method !== 'PATCH' || !body || typeof body !== 'object' || body instanceof FormData) return undefined;
  const clientTime = (body as { clientTime?: unknown }).clientTime;
  return typeof clientTime === 'number' && Number.isFinite(clientTime) ? clientTime : undefined;
}
