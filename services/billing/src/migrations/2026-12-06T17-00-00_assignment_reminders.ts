import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Who was reminded of an assignment coming due (once per assignee). Recording the reminder appends its
 * `assignment.due-soon` event in the same transaction, so the fact and its event never part.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('team_assignment_reminders')
    .addColumn('assignment_id', 'uuid', (c) =>
      c.notNull().references('team_assignments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('reminded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('team_assignment_reminders_pkey', ['assignment_id', 'user_id'])
    .execute();
  // The reminder pass reads the assignments coming due.
  await sql`create index team_assignments_due_idx on team_assignments (due_at) where due_at is not null`.execute(
    db,
  );
  await sql`
    create function assignment_reminder_domain_event() returns trigger language plpgsql
    set search_path from current as $$
    declare a team_assignments;
    begin
      select * into a from team_assignments where id = new.assignment_id;
      perform append_domain_event('assignment.due-soon', new.user_id, jsonb_build_object(
        'teamId', a.team_id, 'assignmentId', a.id, 'targetKind', a.target_kind, 'targetId', a.target_id,
        'key', a.slug, 'title', a.title,
        'dueAt', to_char(a.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger assignment_reminder_events after insert on team_assignment_reminders
    for each row execute function assignment_reminder_domain_event()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('team_assignment_reminders').ifExists().execute();
  await sql`drop function if exists assignment_reminder_domain_event()`.execute(db);
  await sql`drop index if exists team_assignments_due_idx`.execute(db);
}
