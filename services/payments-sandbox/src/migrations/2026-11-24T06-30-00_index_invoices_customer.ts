import type { Kysely } from 'kysely';

/** GET /v1/invoices?customer= lists a customer's invoices newest first. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('invoices_customer_created_idx')
    .on('invoices')
    .columns(['customer', 'created'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invoices_customer_created_idx').ifExists().execute();
}
