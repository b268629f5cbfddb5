/** Event streams, votes, Markdown and offline copies (issue 53, items 5, 6, 7 and 13). */
import type { Suite } from './harness';

export async function streamsOffline(suite: Suite) {
  void suite;
}
