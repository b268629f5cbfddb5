import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Issue 56's plans: prices found by lookup key, trials, coupons with promotion codes, discounts on
 * subscriptions and invoices, and subscription schedules (a change of price at the next renewal).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('prices').addColumn('lookup_key', 'text').execute();
  await db.schema.createIndex('prices_lookup_key_idx').on('prices').column('lookup_key').unique().execute();

  await db.schema
    .alterTable('checkout_sessions')
    .addColumn('trial_period_days', 'integer')
    .addColumn('allow_promotion_codes', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('promotion_code', 'text')
    .execute();

  await db.schema
    .alterTable('subscriptions')
    .addColumn('trial_start', 'bigint')
    .addColumn('trial_end', 'bigint')
    .addColumn('promotion_code', 'text')
    .addColumn('discount_start', 'bigint')
    /** The discount applies to invoices made before this moment; null: forever (or none). */
    .addColumn('discount_end', 'bigint')
    .execute();

  await db.schema
    .alterTable('invoices')
    .addColumn('subtotal', 'integer')
    .addColumn('total_discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lines', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('percent_off', 'real')
    .addColumn('amount_off', 'integer')
    .addColumn('currency', 'text')
    .addColumn('duration', 'text', (c) => c.notNull())
    .addColumn('duration_in_months', 'integer')
    .addColumn('max_redemptions', 'integer')
    .addColumn('redeem_by', 'bigint')
    .addColumn('times_redeemed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('promotion_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('coupon', 'text', (c) => c.notNull().references('coupons.id'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('max_redemptions', 'integer')
    .addColumn('expires_at', 'bigint')
    .addColumn('first_time_transaction', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('times_redeemed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  // A code is unique among active codes, whatever its case (as the provider's).
  await db.schema
    .createIndex('promotion_codes_active_code_idx')
    .on('promotion_codes')
    .expression(sql`lower(code)`)
    .unique()
    .where(sql.ref('active'), '=', true)
    .execute();

  await db.schema
    .createTable('subscription_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription', 'text', (c) => c.notNull().references('subscriptions.id'))
    .addColumn('customer', 'text', (c) => c.notNull())
    /** active | released | canceled */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('phases', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('end_behavior', 'text', (c) => c.notNull().defaultTo('release'))
    .addColumn('released_at', 'bigint')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_schedules_subscription_idx')
    .on('subscription_schedules')
    .column('subscription')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('subscription_schedules').ifExists().execute();
  await db.schema.dropTable('promotion_codes').ifExists().execute();
  await db.schema.dropTable('coupons').ifExists().execute();
  await db.schema
    .alterTable('invoices')
    .dropColumn('lines')
    .dropColumn('total_discount')
    .dropColumn('subtotal')
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .dropColumn('discount_end')
    .dropColumn('discount_start')
    .dropColumn('promotion_code')
    .dropColumn('trial_end')
    .dropColumn('trial_start')
    .execute();
  await db.schema
    .alterTable('checkout_sessions')
    .dropColumn('promotion_code')
    .dropColumn('allow_promotion_codes')
    .dropColumn('trial_period_days')
    .execute();
  await db.schema.dropIndex('prices_lookup_key_idx').ifExists().execute();
  await db.schema.alterTable('prices').dropColumn('lookup_key').execute();
}
