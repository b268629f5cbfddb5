import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The royalty pool: its share setting, each closed month's stored figures and per-creator statements (never
 * changed after closing), creators' payout details (the reference sealed) and payouts. `stripe_account_id`
 * and `transfer_id` are for Stripe Connect Express transfers later. Invoices keep their tax, so revenue is
 * counted before tax.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('tax', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('royalty_settings')
    .addColumn('id', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('pool_share_percent', 'integer', (c) =>
      c.notNull().check(sql`pool_share_percent between 0 and 100`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createTable('royalty_months')
    .addColumn('month', 'text', (c) => c.primaryKey())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('revenue', 'bigint', (c) => c.notNull())
    .addColumn('pool_share_percent', 'integer', (c) => c.notNull())
    .addColumn('pool', 'bigint', (c) => c.notNull())
    .addColumn('paid_seconds', 'bigint', (c) => c.notNull())
    .addColumn('qualifying_seconds', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_by', 'text')
    .execute();
  await db.schema
    .createTable('royalty_statements')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('month', 'text', (c) => c.notNull().references('royalty_months.month').onDelete('cascade'))
    .addColumn('creator_id', 'text', (c) => c.notNull())
    .addColumn('creator_name', 'text', (c) => c.notNull())
    .addColumn('paid_seconds', 'bigint', (c) => c.notNull())
    .addColumn('qualifies', 'boolean', (c) => c.notNull())
    .addColumn('share', 'double precision', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('royalty_statements_month_creator', ['month', 'creator_id'])
    .execute();
  await db.schema
    .createIndex('royalty_statements_creator')
    .on('royalty_statements')
    .columns(['creator_id', 'month'])
    .execute();
  await db.schema
    .createTable('royalty_statement_items')
    .addColumn('statement_id', 'uuid', (c) =>
      c.notNull().references('royalty_statements.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('paid_seconds', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('royalty_statement_items_pkey', ['statement_id', 'product_id'])
    .execute();
  await db.schema
    .createTable('creator_payout_accounts')
    .addColumn('creator_id', 'text', (c) => c.primaryKey())
    .addColumn('method', 'text', (c) =>
      c.notNull().check(sql`method in ('bank_transfer', 'paypal', 'other')`),
    )
    .addColumn('reference_sealed', 'text', (c) => c.notNull())
    .addColumn('reference_hint', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text')
    .addColumn('stripe_account_id', 'text', (c) => c.unique())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createTable('royalty_payouts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('statement_id', 'uuid', (c) =>
      c.notNull().unique().references('royalty_statements.id').onDelete('cascade'),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference_hint', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('transfer_id', 'text', (c) => c.unique())
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_by', 'text')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('royalty_payouts').execute();
  await db.schema.dropTable('creator_payout_accounts').execute();
  await db.schema.dropTable('royalty_statement_items').execute();
  await db.schema.dropTable('royalty_statements').execute();
  await db.schema.dropTable('royalty_months').execute();
  await db.schema.dropTable('royalty_settings').execute();
  await db.schema.alterTable('invoices').dropColumn('tax').execute();
}
