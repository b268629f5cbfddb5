import type { Migration } from 'kysely';
import * as createSandboxTables from './2026-11-22T04-10-00_create_sandbox_tables';

/** Every migration of the payments_sandbox schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T04-10-00_create_sandbox_tables': createSandboxTables,
};
