import type { Kysely } from 'kysely';
import { migrateToLatest, type Logger } from '@catalyst/service-kit';
import type { Database } from './db/schema';
import { migrations } from './migrations';
import { seedDemo } from './seed';

export const SCHEMA = 'community';

/** Brings the schema to the latest migration and, when asked, seeds demo data into an empty database. */
export async function prepareDatabase(db: Kysely<Database>, { seed, log }: { seed: boolean; log: Logger }) {
  await migrateToLatest(db, SCHEMA, migrations, log);
  if (seed) await seedDemo(db, log);
}
