import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** The one open checkout a person holds with a promotion code (a code is redeemed once per person). */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('promotion_holds')
    .addColumn('promotion_code_id', 'text', (c) => c.notNull().references('promotion_codes.id'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('checkout_session_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('promotion_holds_pk', ['promotion_code_id', 'user_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('promotion_holds').ifExists().execute();
}
