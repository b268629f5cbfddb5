import { defineDatabase } from '@catalyst/service-kit/service';
import type { Database } from './db/schema';
import { migrations } from './migrations';
import { seedDemo } from './seed';

/** The media schema: its migrations, then the demo lessons registered as assets to process when seeding. */
export const database = defineDatabase<Database>({ schema: 'media', migrations, seed: seedDemo });
export const { schema: SCHEMA, prepare: prepareDatabase } = database;
