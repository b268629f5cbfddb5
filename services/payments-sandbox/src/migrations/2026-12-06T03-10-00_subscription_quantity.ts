import type { MigrationDb } from '@catalyst/service-kit';

/** Per-seat plans (teams): a subscription's one item carries a quantity, which renewals and changes charge for. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('quantity').execute();
}
