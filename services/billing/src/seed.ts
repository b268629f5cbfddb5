import type { Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
import type { Database } from './db/schema';

/** Demo data for the billing schema; idempotent, so a second start changes nothing. */
export async function seedDemo(_db: Kysely<Database>, _log: Logger): Promise<void> {}
