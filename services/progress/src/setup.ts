import { defineDatabase } from '@catalyst/service-kit/service';
import type { Database } from './db/schema';
import { migrations } from './migrations';
import { seedDemo } from './seed';
import { seedDemoTeamProgress } from './team-demo';

/** The progress schema: its migrations, then the demo learners' (and demo team's) progress when seeding. */
export const database = defineDatabase<Database>({
  schema: 'progress',
  migrations,
  seed: async (db, log) => {
    await seedDemo(db, log);
    await seedDemoTeamProgress(db, log);
  },
});
export const { schema: SCHEMA, prepare: prepareDatabase } = database;
