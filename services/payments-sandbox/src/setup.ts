import { defineDatabase } from '@catalyst/service-kit/service';
import type { Database } from './db/schema';
import { migrations } from './migrations';
import { seedDemo } from './seed';

/** The sandbox's schema: its migrations, then its demo customers when seeding. */
export const database = defineDatabase<Database>({ schema: 'payments_sandbox', migrations, seed: seedDemo });
export const { schema: SCHEMA, prepare: prepareDatabase } = database;
