import type { MigrationDb } from '@catalyst/service-kit';

/** GET /v1/invoices?customer= lists a customer's invoices newest first. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('invoices_customer_created_idx')
    .on('invoices')
    .columns(['customer', 'created'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('invoices_customer_created_idx').ifExists().execute();
}
