import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.check(sql`kind in ('video', 'image', 'document', 'archive')`))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('uploading', 'processing', 'ready', 'failed')`),
    )
    .addColumn('progress', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    .addColumn('reason', 'text')
    .addColumn('duration_seconds', 'double precision')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('renditions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('has_poster', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_storyboard', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('source_path', 'text')
    .addColumn('output_prefix', 'text')
    .addColumn('attempt', 'text')
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The admin list (newest first, optionally by status) and the orphan sweep (old unfinished uploads).
  await db.schema
    .createIndex('assets_created_idx')
    .on('assets')
    .columns(['created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('assets_status_updated_idx')
    .on('assets')
    .columns(['status', 'updated_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('assets').execute();
}
