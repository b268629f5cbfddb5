import { runService } from '@catalyst/service-kit/service';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import { listenForSearchChanges } from './search/search-changes';
import { database } from './setup';

await runService({
  name: 'content',
  loadConfig,
  database,
  start: (context) => {
    // Search keeps its answers until the catalogue changes, which this connection hears of.
    const searchChanges = listenForSearchChanges(context.config.DATABASE_URL, context.log);
    return {
      app: createApp({ ...createDeps(context), searchChanges }),
      onClose: [() => searchChanges.close()],
    };
  },
});
