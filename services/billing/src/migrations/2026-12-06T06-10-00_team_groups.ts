import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Groups of a team's members (made on the team page, or by the directory over SCIM), assignments that follow a
 * group, and the people the directory provisioned (their externalId, and a deactivated one kept without a seat).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('team_groups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('team_id', 'uuid', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('team', 'directory')`))
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One group of a name per team, whatever its case (the list and SCIM's displayName filter use it).
  await sql`create unique index team_groups_name_idx on team_groups (team_id, lower(name))`.execute(db);

  await db.schema
    .createTable('team_group_members')
    .addColumn('group_id', 'uuid', (c) => c.notNull().references('team_groups.id').onDelete('cascade'))
    .addColumn('team_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_group_members_pkey', ['group_id', 'user_id'])
    // Only a seat is in a group: removing a member from the team removes them from its groups.
    .addForeignKeyConstraint(
      'team_group_members_seat_fk',
      ['team_id', 'user_id'],
      'team_members',
      ['team_id', 'user_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('team_group_members_seat_idx')
    .on('team_group_members')
    .columns(['team_id', 'user_id'])
    .execute();

  // An assignment to a group reaches who joins the group later too.
  await db.schema
    .alterTable('team_assignments')
    .addColumn('group_id', 'uuid', (c) => c.references('team_groups.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('team_assignments_group_idx')
    .on('team_assignments')
    .column('group_id')
    .where(sql.ref('group_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('team_scim_users')
    .addColumn('team_id', 'uuid', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('team_scim_users_pkey', ['team_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('team_scim_users_external_idx')
    .on('team_scim_users')
    .columns(['team_id', 'external_id'])
    .unique()
    .where(sql.ref('external_id'), 'is not', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('team_scim_users').ifExists().execute();
  await db.schema.alterTable('team_assignments').dropColumn('group_id').execute();
  await db.schema.dropTable('team_group_members').ifExists().execute();
  await db.schema.dropTable('team_groups').ifExists().execute();
}
