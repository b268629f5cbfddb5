import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The creator studio: accounts linked to a creator (by an admin's invitation, its token kept only as a hash),
 * and creators' drafts of their products as numbered revisions, each a whole snapshot of product + curriculum.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table creator_accounts (
      user_id text primary key,
      creator_id text not null references creators (id) on delete cascade,
      email text not null,
      name text not null,
      linked_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index creator_accounts_creator_idx on creator_accounts (creator_id)`.execute(db);

  await sql`
    create table creator_invitations (
      id uuid primary key,
      creator_id text not null references creators (id) on delete cascade,
      email text not null,
      token_hash text not null unique,
      invited_by text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_at timestamptz,
      accepted_by text,
      revoked_at timestamptz
    )`.execute(db);
  // The admin's card: a creator's pending invitations.
  await sql`create index creator_invitations_creator_idx on creator_invitations (creator_id, created_at)`.execute(
    db,
  );

  await sql`
    create table product_revisions (
      id uuid primary key,
      product_id text not null references products (id) on delete cascade,
      number int not null,
      snapshot jsonb not null,
      status text not null default 'draft'
        check (status in ('draft', 'in_review', 'changes_requested', 'approved')),
      reason text,
      author_user_id text not null,
      author_name text not null,
      created_at timestamptz not null default now(),
      submitted_at timestamptz,
      decided_at timestamptz,
      decided_by text,
      unique (product_id, number)
    )`.execute(db);
  // The review queue: submitted drafts, oldest first.
  await sql`create index product_revisions_queue_idx on product_revisions (submitted_at) where status = 'in_review'`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists product_revisions`.execute(db);
  await sql`drop table if exists creator_invitations`.execute(db);
  await sql`drop table if exists creator_accounts`.execute(db);
}
