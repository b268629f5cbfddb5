/** Limits no stranger can turn against an owner (issue 53, items 3, 4, 8, 9 and 10): resets, new-device sign-in, timing, the local data folder, cache eviction on reset. */
import type { Suite } from './harness';

export async function accountAbuse(suite: Suite) {
  void suite;
}
