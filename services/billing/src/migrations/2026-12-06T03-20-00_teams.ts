import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Catalyst for Teams: a team is seats on one provider subscription; its members hold a seat each (one team
 * per person), invitations are single-use hashed tokens, and every team action is kept in its audit log.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('interval', 'text', (c) => c.notNull().check(sql`interval in ('month', 'year')`))
    .addColumn('seats', 'integer', (c) => c.notNull().check(sql`seats between 3 and 500`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'past_due', 'canceled')`))
    .addColumn('stripe_customer_id', 'text', (c) => c.notNull())
    .addColumn('stripe_subscription_id', 'text', (c) => c.notNull().unique())
    .addColumn('checkout_session_id', 'text', (c) => c.notNull().unique())
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('teams_owner_idx').on('teams').column('owner_user_id').execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'uuid', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    // One seat per person, in one team at a time.
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'admin', 'member')`))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('team_members_pkey', ['team_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('team_invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('team_id', 'uuid', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by_user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('invited_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_by', 'varchar(24)')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // One open invitation per address and team.
  await db.schema
    .createIndex('team_invitations_open_idx')
    .on('team_invitations')
    .columns(['team_id', 'email'])
    .unique()
    .where(sql.ref('accepted_at'), 'is', null)
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('team_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('team_id', 'uuid', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_user_id', 'varchar(24)')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('team_audit_team_idx').on('team_audit').columns(['team_id', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('team_audit').ifExists().execute();
  await db.schema.dropTable('team_invitations').ifExists().execute();
  await db.schema.dropTable('team_members').ifExists().execute();
  await db.schema.dropTable('teams').ifExists().execute();
}
