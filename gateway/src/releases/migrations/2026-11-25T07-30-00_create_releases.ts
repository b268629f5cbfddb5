import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('releases')
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('released_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('git_commit', 'text')
    .addColumn('shared', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('exposes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('load_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error_at', 'timestamptz')
    .addPrimaryKeyConstraint('releases_pkey', ['remote', 'version'])
    .execute();
  await db.schema
    .createIndex('releases_remote_created_idx')
    .on('releases')
    .columns(['remote', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('channels')
    .addColumn('remote', 'text', (c) => c.primaryKey())
    .addColumn('current_version', 'text', (c) => c.notNull())
    .addColumn('previous_version', 'text')
    .addColumn('canary_version', 'text')
    .addColumn('canary_percent', 'real', (c) => c.check(sql`canary_percent > 0 and canary_percent < 100`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addForeignKeyConstraint('channels_current_fk', ['remote', 'current_version'], 'releases', [
      'remote',
      'version',
    ])
    .addForeignKeyConstraint('channels_canary_fk', ['remote', 'canary_version'], 'releases', [
      'remote',
      'version',
    ])
    .addCheckConstraint('channels_canary_complete', sql`(canary_version is null) = (canary_percent is null)`)
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('version', 'text')
    .addColumn('detail', 'text')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('events_remote_at_idx').on('events').columns(['remote', 'id desc']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('events').execute();
  await db.schema.dropTable('channels').execute();
  await db.schema.dropTable('releases').execute();
}
