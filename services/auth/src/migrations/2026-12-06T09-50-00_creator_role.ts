import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** The creator role: a learner with the creator studio's rights over the creator their account is linked to. */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('user', 'creator', 'admin'))`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`update users set role = 'user' where role = 'creator'`.execute(db);
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('user', 'admin'))`.execute(db);
}
