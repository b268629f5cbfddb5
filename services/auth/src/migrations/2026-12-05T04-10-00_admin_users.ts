import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The admin users page: an account an admin deactivated (it cannot sign in), and the admin audit log, one
 * row per admin action on an account (who, what, whom, when, what it changed). The log keeps the names and
 * addresses as they were, with no foreign keys, so it outlives the accounts it names.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('deactivated_at', 'timestamptz').execute();

  await sql`
    create table admin_audit_log (
      id char(24) primary key,
      seq bigint generated always as identity unique,
      action text not null check (action in ('resend-verification', 'revoke-sessions', 'deactivate', 'reactivate')),
      admin_id char(24) not null,
      admin_name text not null,
      target_user_id char(24) not null,
      target_name text not null,
      target_email text not null,
      detail text,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await db.schema
    .createIndex('admin_audit_log_target_idx')
    .on('admin_audit_log')
    .column('target_user_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('admin_audit_log').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}
