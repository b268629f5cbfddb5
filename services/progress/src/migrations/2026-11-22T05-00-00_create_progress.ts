import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('progress')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('progress', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    .addColumn('last_position', 'double precision', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`last_position >= 0`),
    )
    .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('client_ts', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('progress_pkey', ['user_id', 'product_id'])
    .execute();
  // The list and recent queries: a user's rows, newest first (with the status filters on top).
  await db.schema
    .createIndex('progress_user_updated_idx')
    .on('progress')
    .columns(['user_id', 'updated_at desc'])
    .execute();
  await db.schema
    .createIndex('progress_user_completed_updated_idx')
    .on('progress')
    .columns(['user_id', 'completed', 'updated_at desc'])
    .execute();
  // Deleting a product's rows when content deletes the product.
  await db.schema.createIndex('progress_product_idx').on('progress').column('product_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('progress').execute();
}
