import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** A month's paid invoices (the royalty pool's revenue, read on every open month's estimate) by an index. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('invoices_paid_at')
    .on('invoices')
    .column('paid_at')
    .where(sql.ref('status'), '=', 'paid')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('invoices_paid_at').execute();
}
