import type { Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
import type { Database } from './db/schema';

/** Demo provider state (the member's customer and active subscription); idempotent. */
export async function seedDemo(_db: Kysely<Database>, _log: Logger): Promise<void> {}
