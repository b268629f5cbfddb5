import { defineDatabase } from '@catalyst/service-kit/service';
import type { Database } from './db/schema';
import { migrations } from './migrations';
import { seedDemo } from './seed';

/** The content schema: its migrations, then the demo catalogue when seeding. */
export const database = defineDatabase<Database>({ schema: 'content', migrations, seed: seedDemo });
export const { schema: SCHEMA, prepare: prepareDatabase } = database;
