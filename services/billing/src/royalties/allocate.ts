// The royalty pool's arithmetic, pure: who qualifies, each one's share, and amounts split to the cent.

/**
 * Splits `total` minor units in proportion to `weights` (largest remainder): each gets the floor of its exact
 * part, then the cents left over go one each to the largest fractional parts (ties: the earlier entry), so
 * the parts add up to `total` exactly. All-zero weights get nothing.
 */
export function splitByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  // BigInt keeps total × weight exact beyond 2^53 (a large pool times many seconds).
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const parts = weights.map((weight, index) => {
    const exact = bigTotal * BigInt(weight);
    return { index, floor: exact / bigSum, remainder: exact % bigSum };
  });
  let left = total - parts.reduce((a, p) => a + Number(p.floor), 0);
  const order = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const extra = new Set<number>();
  for (const part of order) {
    if (left <= 0) break;
    extra.add(part.index);
    left--;
  }
  return parts.map((p) => Number(p.floor) + (extra.has(p.index) ? 1 : 0));
}

export interface CreatorSeconds {
  creatorId: string;
  creatorName: string;
  items: Array<{ productId: string; title: string; paidSeconds: number }>;
}

export interface CreatorAllocation extends CreatorSeconds {
  paidSeconds: number;
  qualifies: boolean;
  share: number;
  amount: number;
  /** Each item's part of `amount` (split to the cent by its seconds), in the items' order. */
  itemAmounts: number[];
}

/**
 * A month's pool over its creators: qualifying (≥ minSeconds) creators share `pool` by paid seconds;
 * creators are ordered by id so the cent ties fall the same way every time.
 */
export function allocatePool(pool: number, creators: readonly CreatorSeconds[], minSeconds: number) {
  const sorted = [...creators].sort((a, b) =>
    a.creatorId < b.creatorId ? -1 : a.creatorId > b.creatorId ? 1 : 0,
  );
  const seconds = sorted.map((c) => c.items.reduce((a, item) => a + item.paidSeconds, 0));
  const qualifying = seconds.map((s) => (s >= minSeconds ? s : 0));
  const qualifyingSeconds = qualifying.reduce((a, b) => a + b, 0);
  const amounts = splitByLargestRemainder(pool, qualifying);
  const allocations: CreatorAllocation[] = sorted.map((creator, i) => ({
    ...creator,
    paidSeconds: seconds[i]!,
    qualifies: qualifying[i]! > 0,
    share: qualifyingSeconds > 0 ? qualifying[i]! / qualifyingSeconds : 0,
    amount: amounts[i]!,
    itemAmounts: splitByLargestRemainder(
      amounts[i]!,
      creator.items.map((item) => item.paidSeconds),
    ),
  }));
  return {
    allocations,
    paidSeconds: seconds.reduce((a, b) => a + b, 0),
    qualifyingSeconds,
    allocated: amounts.reduce((a, b) => a + b, 0),
  };
}

/** The pool of a month's net revenue at a whole percent, rounded to the cent (half up). */
export const poolOf = (revenue: number, percent: number) =>
  Math.round((Math.max(0, revenue) * percent) / 100);
