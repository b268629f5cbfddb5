import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Invoice, InvoiceUpdate, NewInvoice } from '../db/tables/invoice';
import type { NewSubscription, Subscription, SubscriptionUpdate } from '../db/tables/subscription';

type Db = Kysely<Database>;

export async function insertSubscription(
  db: Db,
  row: Omit<NewSubscription, 'metadata'> & { metadata: Record<string, string> },
): Promise<Subscription> {
  return db
    .insertInto('subscriptions')
    .values({ ...row, metadata: JSON.stringify(row.metadata) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findSubscription(
  db: Db,
  id: string,
  { lock = false } = {},
): Promise<Subscription | undefined> {
  let query = db.selectFrom('subscriptions').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function listSubscriptions(
  db: Db,
  filter: { customer?: string; status?: string; limit: number },
): Promise<Subscription[]> {
  let query = db
    .selectFrom('subscriptions')
    .selectAll()
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.customer) query = query.where('customer', '=', filter.customer);
  if (filter.status && filter.status !== 'all') query = query.where('status', '=', filter.status);
  else if (!filter.status) query = query.where('status', '!=', 'canceled');
  return query.execute();
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: Omit<SubscriptionUpdate, 'metadata'>,
): Promise<Subscription> {
  return db
    .updateTable('subscriptions')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setSubscriptionMetadata(
  db: Db,
  id: string,
  metadata: Record<string, string>,
): Promise<Subscription> {
  return db
    .updateTable('subscriptions')
    .set({ metadata: JSON.stringify(metadata) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Live subscriptions whose period has ended, or whose payment retry is due, at `now`; locked for the cycle. */
export async function lockDueSubscriptions(
  db: Db,
  now: number,
  retrySeconds: number,
): Promise<Subscription[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', 'in', ['active', 'past_due', 'trialing'])
    .where((eb) =>
      eb.or([
        eb('current_period_end', '<=', now),
        eb.and([eb('status', '=', 'past_due'), eb('past_due_since', '<=', now - retrySeconds)]),
      ]),
    )
    .orderBy('current_period_end')
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function insertInvoice(db: Db, row: NewInvoice): Promise<Invoice> {
  return db.insertInto('invoices').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findInvoice(db: Db, id: string): Promise<Invoice | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateInvoice(db: Db, id: string, changes: InvoiceUpdate): Promise<Invoice> {
  return db
    .updateTable('invoices')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
