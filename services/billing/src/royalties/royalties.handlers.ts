import {
  ROYALTY_MIN_PAID_MINUTES,
  PREMIUM_PLAN,
  royaltyMessages,
  type adminRoyaltyRoutes,
  type AdminRoyaltyStatement,
  type earningsRoutes,
  type EarningsMonth,
  type Identity,
  type PayoutAccount,
  type RoyaltyMonthDetail,
  type RoyaltyMonthSummary,
  type RoyaltyStatement,
} from '@catalyst/contracts';
import {
  SECRET_PURPOSES,
  badRequest,
  conflict,
  forbidden,
  notFound,
  openSecret,
  sealSecret,
  secretBoxKey,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import type { CreatorPayoutAccount } from '../db/tables/royalty';
import { monthFigures, type MonthFigures, type StatementFigures } from './month-figures';
import { monthOf, monthRange, previousMonth } from './revenue';
import {
  closedMonths,
  creatorClosedStatements,
  insertPayout,
  paidStatementCounts,
  payoutAccountOf,
  payoutAccountsOf,
  payoutOfStatement,
  savePayoutAccount,
  setPoolSharePercent,
  statementForUpdate,
  storeClosedMonth,
  poolSharePercent,
} from './royalties.repository';
import { liveMonth } from './month-figures';
import { statementCsv } from './statement-csv';
import type { RoyaltySources } from './sources';

const money = (minor: number) => minor / 100;
const minutes = (seconds: number) => Math.round(seconds / 6) / 10;

/** The months still open that the pages show: this one and, until it is closed, the one before. */
function openMonths(closed: ReadonlySet<string>, now: Date) {
  const current = monthOf(now);
  return [current, previousMonth(current)].filter((m) => !closed.has(m));
}

const refuseFuture = (month: string, now: Date) => {
  if (monthRange(month).from > now) throw notFound(royaltyMessages.monthInFuture);
};

function toStatement(month: MonthFigures, s: StatementFigures): RoyaltyStatement {
  return {
    id: s.id,
    month: month.month,
    status: month.status,
    creatorId: s.creatorId,
    creatorName: s.creatorName,
    paidMinutes: minutes(s.paidSeconds),
    qualifies: s.qualifies,
    share: Math.round(s.share * 1e6) / 1e6,
    amount: money(s.amount),
    currency: month.currency,
    pool: money(month.pool),
    poolSharePercent: month.poolSharePercent,
    paidAt: s.paidAt?.toISOString() ?? null,
    items: s.items.map((i) => ({
      productId: i.productId,
      title: i.title,
      paidMinutes: minutes(i.paidSeconds),
      amount: money(i.amount),
    })),
  };
}

const summaryOf = (month: MonthFigures, statementsPaid: number): RoyaltyMonthSummary => ({
  month: month.month,
  status: month.status,
  revenue: money(month.revenue),
  poolSharePercent: month.poolSharePercent,
  pool: money(month.pool),
  allocated: money(month.allocated),
  qualifyingCreators: month.statements.filter((s) => s.qualifies).length,
  paidMinutes: minutes(month.paidSeconds),
  closedAt: month.closedAt?.toISOString() ?? null,
  statementsPaid,
});

export function createRoyaltyHandlers(
  deps: Deps,
  sources: RoyaltySources,
  clock: () => Date = () => new Date(),
): RouteHandlers<typeof earningsRoutes> & RouteHandlers<typeof adminRoyaltyRoutes> {
  const { db } = deps;
  const payoutKey = secretBoxKey(deps.config.INTERNAL_SECRET, SECRET_PURPOSES.payoutReference);

  /** The creator a studio caller acts as: a creator their own, an admin the one named (or their own). */
  async function creatorOf(identity: Identity | null, named: string | undefined, requestId: string) {
    if (!identity) throw forbidden(royaltyMessages.notACreator);
    if (identity.role === 'admin' && named) return named;
    const own = await sources.creatorOfUser(identity.id, requestId);
    if (own) return own;
    if (identity.role === 'admin') throw badRequest(royaltyMessages.pickCreator);
    throw notFound(royaltyMessages.notACreator);
  }

  /** A creator's statement for a month; an empty one when they had no paid minutes then. */
  async function statementOf(creatorId: string, month: string, requestId: string) {
    refuseFuture(month, clock());
    const figures = await monthFigures(db, sources, month, { creatorId, requestId });
    const found = figures.statements[0] ?? {
      id: null,
      creatorId,
      creatorName: '',
      paidSeconds: 0,
      qualifies: false,
      share: 0,
      amount: 0,
      paidAt: null,
      items: [],
    };
    return toStatement(figures, found);
  }

  async function monthDetail(month: string, requestId: string): Promise<RoyaltyMonthDetail> {
    refuseFuture(month, clock());
    const figures = await monthFigures(db, sources, month, { requestId });
    const accounts = new Map(
      (
        await payoutAccountsOf(
          db,
          figures.statements.map((s) => s.creatorId),
        )
      ).map((a) => [a.creator_id, a]),
    );
    const statements = figures.statements.map((s): AdminRoyaltyStatement => {
      const account = accounts.get(s.creatorId);
      return {
        ...toStatement(figures, s),
        payoutAccount: account ? { method: account.method, referenceHint: account.reference_hint } : null,
      };
    });
    return {
      ...summaryOf(figures, statements.filter((s) => s.paidAt).length),
      currency: figures.currency,
      statements,
    };
  }

  const toPayoutAccount = (row: CreatorPayoutAccount): PayoutAccount => ({
    creatorId: row.creator_id,
    method: row.method,
    reference: openSecret(payoutKey, row.creator_id, row.reference_sealed),
    referenceHint: row.reference_hint,
    holderName: row.holder_name,
    stripeAccountId: row.stripe_account_id,
    updatedAt: row.updated_at.toISOString(),
  });

  async function payoutAccountFor(creatorId: string) {
    const row = await payoutAccountOf(db, creatorId);
    if (!row) throw notFound(royaltyMessages.noPayoutDetails);
    return toPayoutAccount(row);
  }

  /** Records where a creator's royalties go, by whoever saved it (the creator or an admin). */
  async function recordPayoutAccount(
    creatorId: string,
    by: string,
    body: { method: PayoutAccount['method']; reference: string; holderName?: string },
  ) {
    const row = await savePayoutAccount(db, {
      creator_id: creatorId,
      method: body.method,
      reference_sealed: sealSecret(payoutKey, creatorId, body.reference),
      reference_hint: `•••• ${body.reference.slice(-4)}`,
      holder_name: body.holderName || null,
      updated_by: by,
    });
    return toPayoutAccount(row);
  }

  return {
    async list({ identity, query, requestId }) {
      const creatorId = await creatorOf(identity, query.creatorId, requestId);
      const closed = await creatorClosedStatements(db, creatorId);
      const closedSet = new Set((await closedMonths(db)).map((m) => m.month));
      const open = await Promise.all(
        openMonths(closedSet, clock()).map(async (month): Promise<EarningsMonth> => {
          const s = await statementOf(creatorId, month, requestId);
          return {
            month,
            status: 'open',
            paidMinutes: s.paidMinutes,
            qualifies: s.qualifies,
            amount: s.amount,
            paidAt: null,
          };
        }),
      );
      return {
        creatorId,
        currency: PREMIUM_PLAN.currency,
        minPaidMinutes: ROYALTY_MIN_PAID_MINUTES,
        months: [
          ...open,
          ...closed.map((s): EarningsMonth => ({
            month: s.month,
            status: 'closed',
            paidMinutes: minutes(Number(s.paid_seconds)),
            qualifies: s.qualifies,
            amount: money(Number(s.amount)),
            paidAt: s.paid_at?.toISOString() ?? null,
          })),
        ],
      };
    },

    async statement({ identity, params, query, requestId }) {
      const creatorId = await creatorOf(identity, query.creatorId, requestId);
      return statementOf(creatorId, params.month, requestId);
    },

    async statementCsv({ identity, params, query, requestId }) {
      const creatorId = await creatorOf(identity, query.creatorId, requestId);
      const statement = await statementOf(creatorId, params.month, requestId);
      return new Response(statementCsv(statement), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="earnings-${params.month}.csv"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },

    async overview({ requestId }) {
      const closed = await closedMonths(db);
      const paid = new Map((await paidStatementCounts(db)).map((p) => [p.month, Number(p.paid)]));
      const open = await Promise.all(
        openMonths(new Set(closed.map((m) => m.month)), clock()).map((month) =>
          monthFigures(db, sources, month, { requestId }),
        ),
      );
      const closedFigures = await Promise.all(closed.map((m) => monthFigures(db, sources, m.month)));
      return {
        currency: PREMIUM_PLAN.currency,
        poolSharePercent: await poolSharePercent(db),
        minPaidMinutes: ROYALTY_MIN_PAID_MINUTES,
        months: [...open, ...closedFigures]
          .sort((a, b) => b.month.localeCompare(a.month))
          .map((m) => summaryOf(m, paid.get(m.month) ?? 0)),
      };
    },

    month: ({ params, requestId }) => monthDetail(params.month, requestId),

    async settings({ identity, body }) {
      await setPoolSharePercent(db, body.poolSharePercent, identity.id);
      return { poolSharePercent: body.poolSharePercent };
    },

    async close({ identity, params, requestId }) {
      if (monthRange(params.month).to > clock()) throw conflict(royaltyMessages.monthNotOver);
      const live = await liveMonth(db, sources, params.month, requestId);
      const stored = await storeClosedMonth(db, { ...live, closedBy: identity.id });
      if (!stored) throw conflict(royaltyMessages.closedAlready);
      return monthDetail(params.month, requestId);
    },

    payoutAccount: ({ params }) => payoutAccountFor(params.creatorId),

    savePayoutAccount: ({ identity, params, body }) =>
      recordPayoutAccount(params.creatorId, identity.id, body),

    /** The caller's own payout details (an admin names a creator), as the studio's Earnings page shows them. */
    async ownPayoutAccount({ identity, query, requestId }) {
      return payoutAccountFor(await creatorOf(identity, query.creatorId, requestId));
    },

    async saveOwnPayoutAccount({ identity, query, body, requestId }) {
      const creatorId = await creatorOf(identity, query.creatorId, requestId);
      return recordPayoutAccount(creatorId, identity.id, body);
    },

    async markPaid({ identity, params, body, requestId }) {
      const statement = await db.transaction().execute(async (trx) => {
        const found = await statementForUpdate(trx, params.id);
        if (!found) throw notFound(royaltyMessages.statementNotFound);
        if (Number(found.amount) <= 0) throw conflict(royaltyMessages.nothingToPay);
        if (await payoutOfStatement(trx, found.id)) throw conflict(royaltyMessages.paidAlready);
        const account = await payoutAccountOf(trx, found.creator_id);
        if (!account) throw conflict(royaltyMessages.noPayoutAccount);
        const month = await trx
          .selectFrom('royalty_months')
          .select('currency')
          .where('month', '=', found.month)
          .executeTakeFirstOrThrow();
        await insertPayout(trx, {
          statement_id: found.id,
          amount: Number(found.amount),
          currency: month.currency,
          method: account.method,
          reference_hint: account.reference_hint,
          note: body.note || null,
          paid_by: identity.id,
        });
        return found;
      });
      const detail = await monthDetail(statement.month, requestId);
      return detail.statements.find((s) => s.id === statement.id)!;
    },
  };
}
