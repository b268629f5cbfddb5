import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A member's saved list ("Save for later"): one row per member and product, kept once however often it is
 * saved. `seq` orders the list newest first and is its keyset cursor; a deleted product leaves every list.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table saved_products (
      user_id text not null check (user_id ~ '^[0-9a-f]{24}$'),
      product_id text not null references products (id) on delete cascade,
      seq bigint generated always as identity,
      saved_at timestamptz not null default now(),
      primary key (user_id, product_id)
    )`.execute(db);
  // The list's page: a member's saves, newest first.
  await sql`create index saved_products_user_seq_idx on saved_products (user_id, seq desc)`.execute(db);
  // A product's deletion cascades here.
  await sql`create index saved_products_product_idx on saved_products (product_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists saved_products`.execute(db);
}
