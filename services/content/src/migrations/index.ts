import type { Migration } from 'kysely';

/** Every migration of the content schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {};
