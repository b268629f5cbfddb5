import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The language of a video's uploaded captions (BCP 47, as the upload or the file's `Language:` header named
 * it), so the player's track says it before reading the file; null when none was named.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('assets').addColumn('captions_language', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('assets').dropColumn('captions_language').execute();
}
