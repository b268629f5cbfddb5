// The royalty pool's stored facts: the share setting, closed months with their statements, payout details
// and payouts. All SQL of the pool lives here.
import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_POOL_SHARE_PERCENT } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { CreatorPayoutAccountTable } from '../db/tables/royalty';
import type { CreatorAllocation } from './allocate';

type Db = Kysely<Database> | Transaction<Database>;

export async function poolSharePercent(db: Db): Promise<number> {
  const row = await db.selectFrom('royalty_settings').select('pool_share_percent').executeTakeFirst();
  return row?.pool_share_percent ?? DEFAULT_POOL_SHARE_PERCENT;
}

export async function setPoolSharePercent(db: Db, percent: number, by: string) {
  await db
    .insertInto('royalty_settings')
    .values({ id: true, pool_share_percent: percent, updated_by: by })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ pool_share_percent: percent, updated_by: by, updated_at: new Date() }),
    )
    .execute();
}

export const closedMonths = (db: Db) =>
  db.selectFrom('royalty_months').selectAll().orderBy('month', 'desc').execute();

export const closedMonth = (db: Db, month: string) =>
  db.selectFrom('royalty_months').selectAll().where('month', '=', month).executeTakeFirst();

/** A closed month's statements (all, or one creator's), each with its items and payout. */
export async function storedStatements(db: Db, month: string, creatorId?: string) {
  let query = db
    .selectFrom('royalty_statements as s')
    .leftJoin('royalty_payouts as p', 'p.statement_id', 's.id')
    .selectAll('s')
    .select('p.paid_at')
    .where('s.month', '=', month)
    .orderBy('s.amount', 'desc')
    .orderBy('s.creator_id');
  if (creatorId) query = query.where('s.creator_id', '=', creatorId);
  const statements = await query.execute();
  const items =
    statements.length === 0
      ? []
      : await db
          .selectFrom('royalty_statement_items')
          .selectAll()
          .where(
            'statement_id',
            'in',
            statements.map((s) => s.id),
          )
          .orderBy('paid_seconds', 'desc')
          .orderBy('product_id')
          .execute();
  return statements.map((s) => ({ ...s, items: items.filter((i) => i.statement_id === s.id) }));
}

/** Months (newest first) in which a creator has a stored statement, with the statement's figures. */
export const creatorClosedStatements = (db: Db, creatorId: string) =>
  db
    .selectFrom('royalty_statements as s')
    .leftJoin('royalty_payouts as p', 'p.statement_id', 's.id')
    .select(['s.month', 's.paid_seconds', 's.qualifies', 's.amount', 'p.paid_at'])
    .where('s.creator_id', '=', creatorId)
    .orderBy('s.month', 'desc')
    .execute();

export const paidStatementCounts = (db: Db) =>
  db
    .selectFrom('royalty_statements as s')
    .innerJoin('royalty_payouts as p', 'p.statement_id', 's.id')
    .select(['s.month', sql<string>`count(*)`.as('paid')])
    .groupBy('s.month')
    .execute();

export interface ClosedMonthFigures {
  month: string;
  currency: string;
  revenue: number;
  poolSharePercent: number;
  pool: number;
  paidSeconds: number;
  qualifyingSeconds: number;
  allocations: CreatorAllocation[];
  closedBy: string;
}

/** Stores a month's figures once; false when it was closed already (the unique month decides a race). */
export async function storeClosedMonth(db: Kysely<Database>, figures: ClosedMonthFigures): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('royalty_months')
      .values({
        month: figures.month,
        currency: figures.currency,
        revenue: figures.revenue,
        pool_share_percent: figures.poolSharePercent,
        pool: figures.pool,
        paid_seconds: figures.paidSeconds,
        qualifying_seconds: figures.qualifyingSeconds,
        closed_by: figures.closedBy,
      })
      .onConflict((oc) => oc.column('month').doNothing())
      .returning('month')
      .executeTakeFirst();
    if (!inserted) return false;
    for (const creator of figures.allocations) {
      const statement = await trx
        .insertInto('royalty_statements')
        .values({
          month: figures.month,
          creator_id: creator.creatorId,
          creator_name: creator.creatorName,
          paid_seconds: creator.paidSeconds,
          qualifies: creator.qualifies,
          share: creator.share,
          amount: creator.amount,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (creator.items.length > 0)
        await trx
          .insertInto('royalty_statement_items')
          .values(
            creator.items.map((item, i) => ({
              statement_id: statement.id,
              product_id: item.productId,
              title: item.title,
              paid_seconds: item.paidSeconds,
              amount: creator.itemAmounts[i]!,
            })),
          )
          .execute();
    }
    return true;
  });
}

export const payoutAccountOf = (db: Db, creatorId: string) =>
  db.selectFrom('creator_payout_accounts').selectAll().where('creator_id', '=', creatorId).executeTakeFirst();

export const payoutAccountsOf = (db: Db, creatorIds: string[]) =>
  creatorIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('creator_payout_accounts')
        .select(['creator_id', 'method', 'reference_hint'])
        .where('creator_id', 'in', creatorIds)
        .execute();

export async function savePayoutAccount(
  db: Db,
  account: Pick<
    CreatorPayoutAccountTable,
    'creator_id' | 'method' | 'reference_sealed' | 'reference_hint' | 'holder_name' | 'updated_by'
  >,
) {
  const { creator_id: _creatorId, ...changes } = account;
  return db
    .insertInto('creator_payout_accounts')
    .values(account)
    .onConflict((oc) => oc.column('creator_id').doUpdateSet({ ...changes, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A stored statement, locked for the payout decision. */
export const statementForUpdate = (trx: Transaction<Database>, id: string) =>
  trx.selectFrom('royalty_statements').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const payoutOfStatement = (db: Db, statementId: string) =>
  db.selectFrom('royalty_payouts').selectAll().where('statement_id', '=', statementId).executeTakeFirst();

export const insertPayout = (
  trx: Transaction<Database>,
  payout: {
    statement_id: string;
    amount: number;
    currency: string;
    method: string;
    reference_hint: string;
    note: string | null;
    paid_by: string;
  },
) => trx.insertInto('royalty_payouts').values(payout).returningAll().executeTakeFirstOrThrow();
