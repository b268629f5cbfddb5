import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The creator a creator account acts for (content keeps the link; auth carries it in the identity, so every
 * service opens a creator's own items to them without asking content).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('creator_id', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('creator_id').execute();
}
