import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('card_number', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('prices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('unit_amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('interval', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('price_id', 'text', (c) => c.notNull().references('prices.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('client_reference_id', 'text')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('subscription_metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('subscription', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('price_id', 'text', (c) => c.notNull().references('prices.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_start', 'bigint', (c) => c.notNull())
    .addColumn('current_period_end', 'bigint', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('canceled_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('past_due_since', 'bigint')
    .addColumn('latest_invoice', 'text')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_customer_idx').on('subscriptions').column('customer').execute();
  // The test clock's billing cycle scans live subscriptions by period end.
  await db.schema
    .createIndex('subscriptions_live_period_end_idx')
    .on('subscriptions')
    .column('current_period_end')
    .where(sql.ref('status'), 'in', ['active', 'past_due', 'trialing'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('subscription', 'text', (c) => c.notNull().references('subscriptions.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_due', 'integer', (c) => c.notNull())
    .addColumn('amount_paid', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('billing_reason', 'text', (c) => c.notNull())
    .addColumn('attempt_count', 'integer', (c) => c.notNull())
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('period_end', 'bigint', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('portal_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('return_url', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('gave_up', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enqueued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The dispatcher reads only undelivered events that are due.
  await db.schema
    .createIndex('events_pending_idx')
    .on('events')
    .columns(['next_attempt_at', 'seq'])
    .where(sql.ref('delivered_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('clock')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('offset_seconds', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('clock').values({ id: 1, offset_seconds: 0 }).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'clock',
    'events',
    'portal_sessions',
    'invoices',
    'subscriptions',
    'checkout_sessions',
    'prices',
    'customers',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
