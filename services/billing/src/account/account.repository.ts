import type { Kysely } from 'kysely';
import type { BillingDetails } from '@catalyst/contracts';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The user's billing details; without any saved, the e-mail billing knows for their customer. */
export async function findBillingDetails(db: Db, userId: string): Promise<BillingDetails | undefined> {
  const row = await db
    .selectFrom('billing_details')
    .select(['email', 'company_name', 'vat_number'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { email: row.email, companyName: row.company_name, vatNumber: row.vat_number } : undefined;
}

export async function saveBillingDetails(
  db: Db,
  userId: string,
  details: BillingDetails & { email: string },
) {
  const values = {
    email: details.email,
    company_name: details.companyName,
    vat_number: details.vatNumber,
    updated_at: new Date(),
  };
  await db
    .insertInto('billing_details')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Whose billing account a provider customer is. */
export async function userOfCustomer(db: Db, stripeCustomerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('customers')
    .select('user_id')
    .where('stripe_customer_id', '=', stripeCustomerId)
    .executeTakeFirst();
  return row?.user_id;
}
