import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Learning a team's owner or admins assign: a course or path (its title kept for the list and the e-mail), an
 * optional due date, and who it is assigned to (their standing is progress's, asked when read).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('team_assignments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('team_id', 'uuid', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('target_kind', 'text', (c) => c.notNull().check(sql`target_kind in ('product', 'path')`))
    .addColumn('target_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz')
    .addColumn('created_by_user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('team_assignments_team_idx')
    .on('team_assignments')
    .columns(['team_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('team_assignment_users')
    .addColumn('assignment_id', 'uuid', (c) =>
      c.notNull().references('team_assignments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_assignment_users_pkey', ['assignment_id', 'user_id'])
    .execute();
  // A member's own list (GET /teams/assignments/mine).
  await db.schema
    .createIndex('team_assignment_users_user_idx')
    .on('team_assignment_users')
    .column('user_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('team_assignment_users').ifExists().execute();
  await db.schema.dropTable('team_assignments').ifExists().execute();
}
