import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** Learners' notes and bookmarks, pinned to a second of a video or lesson; ids are chosen by the client. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('notes')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('lesson_id', 'text')
    .addColumn('seconds', 'integer', (c) => c.notNull().check(sql`seconds >= 0`))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Ids are the client's: unique per learner, so nobody's id can collide with (or reveal) another's.
    .addPrimaryKeyConstraint('notes_pkey', ['user_id', 'id'])
    .execute();
  // A product's (or lesson's) notes in time order.
  await sql`create index notes_product_idx on notes (user_id, product_id, lesson_id, seconds)`.execute(db);
  // A deleted product's notes go with it.
  await db.schema.createIndex('notes_product_only_idx').on('notes').column('product_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('notes').execute();
}
