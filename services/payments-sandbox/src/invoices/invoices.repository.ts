import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Invoice } from '../db/tables/invoice';

/** A customer's invoices (or everyone's), newest first; `startingAfter` pages on like the provider's lists. */
export async function listInvoices(
  db: Kysely<Database>,
  filter: {
    customer?: string;
    subscription?: string;
    status?: string;
    limit: number;
    startingAfter?: Invoice;
  },
): Promise<Invoice[]> {
  let query = db
    .selectFrom('invoices')
    .selectAll()
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.customer) query = query.where('customer', '=', filter.customer);
  if (filter.subscription) query = query.where('subscription', '=', filter.subscription);
  if (filter.status) query = query.where('status', '=', filter.status);
  const after = filter.startingAfter;
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('created', '<', after.created),
        eb.and([eb('created', '=', after.created), eb('id', '<', after.id)]),
      ]),
    );
  return query.execute();
}
