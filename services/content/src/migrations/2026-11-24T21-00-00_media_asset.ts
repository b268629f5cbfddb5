import type { MigrationDb } from '@catalyst/service-kit';

/** A product may play an uploaded video (a media service asset) instead of, or until then beside, its video URL. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('products').addColumn('media_asset_id', 'text').execute();
  // The media service asks which products use an asset (its delete refuses while any does).
  await db.schema
    .createIndex('products_media_asset_idx')
    .on('products')
    .column('media_asset_id')
    .where('media_asset_id', 'is not', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('products').dropColumn('media_asset_id').execute();
}
