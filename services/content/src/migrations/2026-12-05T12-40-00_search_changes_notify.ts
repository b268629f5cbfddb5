import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** What search answers are made of; a statement that writes any of them may change an answer. */
export const SEARCH_SOURCES = [
  'products',
  'categories',
  'creators',
  'course_lessons',
  'search_captions',
] as const;

/**
 * Search's answers kept by content (services/content/src/search/search-changes.ts) are dropped when the catalogue
 * changes: every statement that writes what search reads sends `NOTIFY search_changed`, which Postgres delivers
 * once its transaction commits (once per transaction, however many statements), so a listener that hears it can
 * only read the change from then on. Frozen once landed: add a new migration instead.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create function search_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('search_changed', '');
      return null;
    end $$`.execute(db);
  for (const table of SEARCH_SOURCES)
    await sql`create trigger ${sql.raw(`${table}_search_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function search_changed()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of SEARCH_SOURCES)
    await sql`drop trigger ${sql.raw(`${table}_search_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function search_changed()`.execute(db);
}
