import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type {
  CheckoutSession,
  CheckoutSessionUpdate,
  NewCheckoutSession,
} from '../db/tables/checkout-session';
import type { NewPrice, Price } from '../db/tables/price';

type Db = Kysely<Database>;
type JsonFields = 'metadata' | 'subscription_metadata';

export async function insertPrice(db: Db, row: NewPrice): Promise<Price> {
  return db
    .insertInto('prices')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findPrice(db: Db, id: string): Promise<Price | undefined> {
  return db.selectFrom('prices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCheckoutSession(
  db: Db,
  row: Omit<NewCheckoutSession, JsonFields> & Record<JsonFields, Record<string, string>>,
): Promise<CheckoutSession> {
  return db
    .insertInto('checkout_sessions')
    .values({
      ...row,
      metadata: JSON.stringify(row.metadata),
      subscription_metadata: JSON.stringify(row.subscription_metadata),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCheckoutSession(
  db: Db,
  id: string,
  { lock = false } = {},
): Promise<CheckoutSession | undefined> {
  let query = db.selectFrom('checkout_sessions').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateCheckoutSession(
  db: Db,
  id: string,
  changes: Omit<CheckoutSessionUpdate, JsonFields>,
): Promise<CheckoutSession> {
  return db
    .updateTable('checkout_sessions')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
