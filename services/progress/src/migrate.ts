// Runs the progress migrations (and the demo seed when SEED_DEMO=true), then exits: the deploy step before main.ts.
import { runMigrations } from '@catalyst/service-kit/service';
import { loadConfig } from './config';
import { database } from './setup';

await runMigrations({ name: 'progress', loadConfig, database });
