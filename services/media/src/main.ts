import { runService } from '@catalyst/service-kit/service';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import { startJobs } from './jobs/queue';
import { database } from './setup';
import { createStorage } from './storage';

await runService({
  name: 'media',
  loadConfig,
  database,
  start: async (context) => {
    const jobs = await startJobs({ connectionString: context.config.DATABASE_URL, log: context.log });
    const deps = createDeps({ ...context, storage: createStorage(context.config), jobs });
    return { app: createApp(deps), onClose: [() => jobs.stop()] };
  },
});
