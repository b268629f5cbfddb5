import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Issue 56's plans: what billing mirrors of a subscription's plan (interval, trial end, a switch waiting for
 * the renewal), the trials taken (one per account and per card), and promotion codes with their redemptions.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('plan_terms')
    .addColumn('stripe_subscription_id', 'text', (c) => c.primaryKey())
    .addColumn('interval', 'text', (c) => c.notNull().defaultTo('month'))
    .addColumn('trial_end', 'timestamptz')
    .addColumn('scheduled_interval', 'text')
    .addColumn('schedule_id', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('trial_claims')
    .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('stripe_subscription_id', 'text', (c) => c.notNull())
    .addColumn('card_fingerprint', 'text', (c) => c.unique())
    .addColumn('reminder_sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('promotion_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('coupon_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('percent_off', 'real')
    .addColumn('amount_off', 'integer')
    .addColumn('duration', 'text', (c) => c.notNull())
    .addColumn('duration_in_months', 'integer')
    .addColumn('first_time_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('max_redemptions', 'integer')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('interval', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Codes are case-insensitive: one active code per spelling.
  await db.schema
    .createIndex('promotion_codes_active_code_idx')
    .on('promotion_codes')
    .expression(sql`lower(code)`)
    .unique()
    .where(sql.ref('active'), '=', true)
    .execute();

  await db.schema
    .createTable('promotion_redemptions')
    .addColumn('promotion_code_id', 'text', (c) => c.notNull().references('promotion_codes.id'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('stripe_subscription_id', 'text', (c) => c.notNull())
    .addColumn('interval', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('promotion_redemptions_pk', ['promotion_code_id', 'user_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['promotion_redemptions', 'promotion_codes', 'trial_claims', 'plan_terms'])
    await db.schema.dropTable(table).ifExists().execute();
}
