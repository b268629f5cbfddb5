import { defineDatabase } from '@catalyst/service-kit/service';
import type { Database } from './db/schema';
import { migrations } from './migrations';
import { seedDemo } from './seed';

/** The progress schema: its migrations, then the demo learners' progress and certificates when seeding. */
export const database = defineDatabase<Database>({ schema: 'progress', migrations, seed: seedDemo });
export const { schema: SCHEMA, prepare: prepareDatabase } = database;
