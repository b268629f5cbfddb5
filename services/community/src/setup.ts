import { defineDatabase } from '@catalyst/service-kit/service';
import type { Database } from './db/schema';
import { migrations } from './migrations';
import { seedDemo } from './seed';

/** The community schema: its migrations, then the demo discussions and live sessions when seeding. */
export const database = defineDatabase<Database>({ schema: 'community', migrations, seed: seedDemo });
export const { schema: SCHEMA, prepare: prepareDatabase } = database;
