import { defineDatabase } from '@catalyst/service-kit/service';
import type { Database } from './db/schema';
import { migrations } from './migrations';
import { seedDemo } from './seed';

/** The billing schema: its migrations, then the demo subscriptions when seeding. */
export const database = defineDatabase<Database>({ schema: 'billing', migrations, seed: seedDemo });
export const { schema: SCHEMA, prepare: prepareDatabase } = database;
