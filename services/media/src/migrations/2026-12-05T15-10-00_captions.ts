import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A video's captions an admin uploaded: the store key of the WebVTT file kept (each upload under a key of its
 * own, so the row names a whole file or none), or null when it has none.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('assets').addColumn('captions_key', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('assets').dropColumn('captions_key').execute();
}
