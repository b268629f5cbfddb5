import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('stripe_customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('stripe_subscription_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('stripe_customer_id', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Status and entitlement look-ups are by user; the subscriber count scans only entitled rows.
  await db.schema
    .createIndex('subscriptions_user_idx')
    .on('subscriptions')
    .columns(['user_id', 'current_period_end'])
    .execute();
  await db.schema
    .createIndex('subscriptions_entitled_idx')
    .on('subscriptions')
    .column('user_id')
    .where(sql.ref('status'), 'in', ['active', 'trialing', 'past_due'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('provider_created', 'timestamptz', (c) => c.notNull())
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('events').ifExists().execute();
  await db.schema.dropTable('subscriptions').ifExists().execute();
  await db.schema.dropTable('customers').ifExists().execute();
}
