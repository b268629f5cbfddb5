// The rules of a learning path's order, zod-free: the player reads them without downloading zod.
import type { PathItem } from './paths';

/** The published item after `productId` in a path's order; null when it is the last one or not in the path. */
export function itemAfter(items: readonly PathItem[], productId: string): PathItem | null {
  const at = items.findIndex((item) => item.productId === productId);
  if (at < 0) return null;
  return items.slice(at + 1).find((item) => item.isPublished) ?? null;
}
