import type { Migration } from 'kysely';

/** Every migration of the payments_sandbox schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {};
