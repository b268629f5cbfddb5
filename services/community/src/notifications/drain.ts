/** What one batch of a mailing job did: rows it locked, rows it finished with, e-mails it sent. */
export interface BatchResult {
  locked: number;
  settled: number;
  sent: number;
}

/**
 * Runs batches of `size` until one comes back short (nothing more is due) or finishes nothing (mail down:
 * the next round tries again), at most `maxBatches` of them; answers how many e-mails went.
 */
export async function drainBatches(
  batch: () => Promise<BatchResult>,
  size: number,
  maxBatches = 40,
): Promise<number> {
  let sent = 0;
  for (let i = 0; i < maxBatches; i += 1) {
    const result = await batch();
    sent += result.sent;
    if (result.locked < size || result.settled === 0) break;
  }
  return sent;
}
