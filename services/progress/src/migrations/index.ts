import type { Migration } from 'kysely';
import * as createProgress from './2026-11-22T05-00-00_create_progress';

/** Every migration of the progress schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T05-00-00_create_progress': createProgress,
};
