import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A ready video can be processed again (the admin's "Process again"): when that was asked, until it is
 * done; and which version of the encoding ladder made its published files (none recorded: the first).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('assets')
    .addColumn('reprocess_requested_at', 'timestamptz')
    .addColumn('ladder', 'smallint')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('assets').dropColumn('reprocess_requested_at').dropColumn('ladder').execute();
}
