import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The billing account's details (what receipts name), a mirror of the provider's invoices (the admin
 * figures read it, never the provider), gifts of Premium, and gift periods on the subscriptions mirror.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('billing_details')
    .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('vat_number', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('stripe_invoice_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)')
    .addColumn('stripe_customer_id', 'text', (c) => c.notNull())
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('billing_reason', 'text')
    .addColumn('amount_due', 'integer', (c) => c.notNull())
    .addColumn('amount_paid', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('period_start', 'timestamptz')
    .addColumn('period_end', 'timestamptz')
    .addColumn('created', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('invoices_subscription_idx')
    .on('invoices')
    .columns(['stripe_subscription_id', 'created'])
    .execute();

  await db.schema
    .createTable('gifts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text')
    .addColumn('months', 'integer', (c) => c.notNull().check(sql`months in (3, 6, 12)`))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text')
    .addColumn('delivery', 'text', (c) => c.notNull())
    .addColumn('send_on', 'date', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'paid', 'redeemed', 'refunded')`),
    )
    .addColumn('checkout_session_id', 'text', (c) => c.unique())
    .addColumn('payment_intent', 'text')
    .addColumn('invoice_id', 'text')
    .addColumn('receipt_sent_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('redeemed_by', 'varchar(24)')
    .addColumn('redeemed_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('gifts_buyer_idx')
    .on('gifts')
    .columns(['buyer_user_id', 'created_at'])
    .execute();
  // The mailer's look-up: paid e-mail gifts not yet sent, by day.
  await db.schema
    .createIndex('gifts_due_idx')
    .on('gifts')
    .column('send_on')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();

  // A redeemed gift's months are a period of their own on the mirror ('gift'), beside the provider's.
  await db.schema
    .alterTable('subscriptions')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('provider'))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('source').execute();
  await db.schema.dropTable('gifts').ifExists().execute();
  await db.schema.dropTable('invoices').ifExists().execute();
  await db.schema.dropTable('billing_details').ifExists().execute();
}
