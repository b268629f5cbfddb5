import type { Migration } from 'kysely';
import * as createCatalogue from './2026-11-22T04-10-00_create_catalogue';

/** Every migration of the content schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T04-10-00_create_catalogue': createCatalogue,
};
