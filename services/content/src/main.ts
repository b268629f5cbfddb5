import { runService } from '@catalyst/service-kit/service';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import { database } from './setup';

await runService({
  name: 'content',
  loadConfig,
  database,
  start: (context) => ({ app: createApp(createDeps(context)) }),
});
