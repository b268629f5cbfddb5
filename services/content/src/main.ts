import { runService } from '@catalyst/service-kit/service';
import { createApp } from './app';
import { startAnnouncements } from './creator-pages/announcements';
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
    const deps = createDeps(context);
    // First publications reach their creators' followers through community.
    const announcements = startAnnouncements({
      db: deps.db,
      community: deps.peers.community,
      log: deps.log,
      everyMs: 5_000,
    });
    return {
      app: createApp({ ...deps, searchChanges }),
      onClose: [() => searchChanges.close(), () => announcements.stop()],
    };
  },
});
