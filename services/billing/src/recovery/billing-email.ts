import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Where billing e-mails go: the address kept for the user's billing account, else the provider's copy. */
export async function billingEmailOf(
  db: Kysely<Database>,
  userId: string,
  fallback: string | null,
): Promise<string | null> {
  const details = await db
    .selectFrom('billing_details')
    .select('email')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (details) return details.email;
  const customer = await db
    .selectFrom('customers')
    .select('email')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return customer?.email ?? fallback;
}
