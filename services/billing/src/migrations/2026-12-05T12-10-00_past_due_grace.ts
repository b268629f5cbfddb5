import type { MigrationDb } from '@catalyst/service-kit';

/** A failed renewal keeps Premium for a grace period: when it began and when it ends, on the mirror. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('past_due_since', 'timestamptz')
    .addColumn('grace_ends_at', 'timestamptz')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .dropColumn('grace_ends_at')
    .dropColumn('past_due_since')
    .execute();
}
