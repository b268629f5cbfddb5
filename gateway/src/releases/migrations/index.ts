import type { Migration } from 'kysely';
import * as createReleases from './2026-11-25T07-30-00_create_releases';

/** Every migration of the releases schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-11-25T07-30-00_create_releases': createReleases,
};
