// A month of the pool as the pages show it: a closed month's stored figures, or an open month's live estimate
// (net revenue now, paid seconds from progress, creators from content, split by allocatePool).
import { PREMIUM_PLAN, ROYALTY_MIN_PAID_MINUTES } from '@catalyst/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { allocatePool, poolOf, type CreatorAllocation, type CreatorSeconds } from './allocate';
import { dayOf, monthRange, netRevenue } from './revenue';
import { closedMonth, poolSharePercent, storedStatements } from './royalties.repository';
import type { RoyaltySources } from './sources';

export const MIN_PAID_SECONDS = ROYALTY_MIN_PAID_MINUTES * 60;

export interface StatementFigures {
  id: string | null;
  creatorId: string;
  creatorName: string;
  paidSeconds: number;
  qualifies: boolean;
  share: number;
  amount: number;
  paidAt: Date | null;
  items: Array<{ productId: string; title: string; paidSeconds: number; amount: number }>;
}

export interface MonthFigures {
  month: string;
  status: 'open' | 'closed';
  currency: string;
  revenue: number;
  poolSharePercent: number;
  pool: number;
  paidSeconds: number;
  qualifyingSeconds: number;
  allocated: number;
  closedAt: Date | null;
  statements: StatementFigures[];
}

/** An open month computed now: what closing it now would store. */
export async function liveMonth(
  db: Kysely<Database>,
  sources: RoyaltySources,
  month: string,
  requestId?: string,
) {
  const { from, to } = monthRange(month);
  const [revenue, percent, seconds] = await Promise.all([
    netRevenue(db, month),
    poolSharePercent(db),
    sources.paidSeconds(dayOf(from), dayOf(to), requestId),
  ]);
  const watched = seconds.filter((s) => s.paidSeconds > 0);
  const creators = await sources.productCreators(
    watched.map((s) => s.productId),
    requestId,
  );
  const byCreator = new Map<string, CreatorSeconds>();
  const secondsOf = new Map(watched.map((s) => [s.productId, Math.round(s.paidSeconds)]));
  for (const product of creators) {
    const creator = byCreator.get(product.creatorId) ?? {
      creatorId: product.creatorId,
      creatorName: product.creatorName,
      items: [],
    };
    creator.items.push({
      productId: product.productId,
      title: product.title,
      paidSeconds: secondsOf.get(product.productId) ?? 0,
    });
    byCreator.set(product.creatorId, creator);
  }
  for (const creator of byCreator.values())
    creator.items.sort((a, b) => b.paidSeconds - a.paidSeconds || a.productId.localeCompare(b.productId));
  const pool = poolOf(revenue, percent);
  const allocation = allocatePool(pool, [...byCreator.values()], MIN_PAID_SECONDS);
  return { month, currency: PREMIUM_PLAN.currency, revenue, poolSharePercent: percent, pool, ...allocation };
}

const toStatement = (a: CreatorAllocation): StatementFigures => ({
  id: null,
  creatorId: a.creatorId,
  creatorName: a.creatorName,
  paidSeconds: a.paidSeconds,
  qualifies: a.qualifies,
  share: a.share,
  amount: a.amount,
  paidAt: null,
  items: a.items.map((item, i) => ({ ...item, amount: a.itemAmounts[i]! })),
});

const byAmount = (a: StatementFigures, b: StatementFigures) =>
  b.amount - a.amount || b.paidSeconds - a.paidSeconds || a.creatorId.localeCompare(b.creatorId);

/** A month's figures: stored once closed (never recomputed), else live; `creatorId` keeps one creator's. */
export async function monthFigures(
  db: Kysely<Database>,
  sources: RoyaltySources,
  month: string,
  { creatorId, requestId }: { creatorId?: string; requestId?: string } = {},
): Promise<MonthFigures> {
  const closed = await closedMonth(db, month);
  if (closed) {
    const stored = await storedStatements(db, month, creatorId);
    const statements = stored.map((s): StatementFigures => ({
      id: s.id,
      creatorId: s.creator_id,
      creatorName: s.creator_name,
      paidSeconds: Number(s.paid_seconds),
      qualifies: s.qualifies,
      share: s.share,
      amount: Number(s.amount),
      paidAt: s.paid_at,
      items: s.items.map((i) => ({
        productId: i.product_id,
        title: i.title,
        paidSeconds: Number(i.paid_seconds),
        amount: Number(i.amount),
      })),
    }));
    const pool = Number(closed.pool);
    const qualifyingSeconds = Number(closed.qualifying_seconds);
    return {
      month,
      status: 'closed',
      currency: closed.currency,
      revenue: Number(closed.revenue),
      poolSharePercent: closed.pool_share_percent,
      pool,
      paidSeconds: Number(closed.paid_seconds),
      qualifyingSeconds,
      allocated: qualifyingSeconds > 0 ? pool : 0,
      closedAt: closed.closed_at,
      statements: statements.sort(byAmount),
    };
  }
  const live = await liveMonth(db, sources, month, requestId);
  return {
    month,
    status: 'open',
    currency: live.currency,
    revenue: live.revenue,
    poolSharePercent: live.poolSharePercent,
    pool: live.pool,
    paidSeconds: live.paidSeconds,
    qualifyingSeconds: live.qualifyingSeconds,
    allocated: live.allocated,
    closedAt: null,
    statements: live.allocations
      .filter((a) => !creatorId || a.creatorId === creatorId)
      .map(toStatement)
      .sort(byAmount),
  };
}
