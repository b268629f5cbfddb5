import type { Migration } from 'kysely';
import * as discussions from './2026-12-01T08-00-00_discussions';

/** Every migration of the community schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-12-01T08-00-00_discussions': discussions,
};
