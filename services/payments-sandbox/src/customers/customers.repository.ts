import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Customer, NewCustomer } from '../db/tables/customer';

type Db = Kysely<Database>;

export async function insertCustomer(
  db: Db,
  row: Omit<NewCustomer, 'metadata'> & { metadata: Record<string, string> },
): Promise<Customer> {
  return db
    .insertInto('customers')
    .values({ ...row, metadata: JSON.stringify(row.metadata) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCustomer(db: Db, id: string, { lock = false } = {}): Promise<Customer | undefined> {
  let query = db.selectFrom('customers').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function setCustomerCard(db: Db, id: string, cardNumber: string): Promise<void> {
  await db.updateTable('customers').set({ card_number: cardNumber }).where('id', '=', id).execute();
}

export async function updateCustomer(
  db: Db,
  id: string,
  changes: { email?: string; name?: string; metadata?: Record<string, string> },
) {
  const { metadata, ...rest } = changes;
  return db
    .updateTable('customers')
    .set({ ...rest, ...(metadata ? { metadata: JSON.stringify(metadata) } : {}) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
