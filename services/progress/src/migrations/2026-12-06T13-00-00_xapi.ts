import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** xAPI: the site's learning record store (one row), the statements waiting or sent, and the log of sends. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('xapi_settings')
    // One row: the site's LRS.
    .addColumn('id', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('lrs_key', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('xapi_statements')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('statement', 'jsonb', (c) => c.notNull())
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index xapi_statements_due on xapi_statements (next_attempt_at) where sent_at is null`.execute(
    db,
  );
  await sql`create index xapi_statements_sent on xapi_statements (sent_at) where sent_at is not null`.execute(
    db,
  );
  await db.schema
    .createTable('xapi_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('batch', 'test')`))
    .addColumn('statements', 'integer', (c) => c.notNull())
    .addColumn('delivered', 'boolean', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('answer', 'text')
    .execute();
  await db.schema.createIndex('xapi_deliveries_at').on('xapi_deliveries').column('at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('xapi_deliveries').execute();
  await db.schema.dropTable('xapi_statements').execute();
  await db.schema.dropTable('xapi_settings').execute();
}
