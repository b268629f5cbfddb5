import { defineDatabase } from '@catalyst/service-kit/service';
import { seedDemoViewing } from './analytics/demo-viewing';
import type { Database } from './db/schema';
import { migrations } from './migrations';
import { seedDemo } from './seed';
import { seedDemoTeamProgress } from './team-demo';

/** The progress schema: its migrations, then the demo learners' (and demo team's) progress and the demo creators' viewing when seeding. */
export const database = defineDatabase<Database>({
  schema: 'progress',
  migrations,
  seed: async (db, log) => {
    await seedDemo(db, log);
    await seedDemoTeamProgress(db, log);
    await seedDemoViewing(db, log);
  },
});
export const { schema: SCHEMA, prepare: prepareDatabase } = database;
