import { pruneEventsHourly } from '@catalyst/service-kit';
import { runService } from '@catalyst/service-kit/service';
import { scheduleAnalyticsRollup } from './analytics/rollup-job';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import { mendPositionsInBackground } from './progress/mend-positions';
import { scheduleCoWatchedRefresh } from './recommendations/refresh-job';
import { scheduleXapi } from './xapi/xapi-feed';
import { database } from './setup';
import { scheduleWebhooks } from './webhooks/webhooks-job';

await runService({
  name: 'progress',
  loadConfig,
  database,
  start: (context) => {
    const deps = createDeps(context);
    // Positions stored beyond the end of their media before saves were kept within it: brought back once content answers.
    const stopMending = mendPositionsInBackground(context.db, deps.catalog, context.log);
    const stopRefresh = scheduleCoWatchedRefresh(
      context.db,
      context.log,
      context.config.CO_WATCHED_REFRESH_SECONDS,
    );
    const stopRollup = scheduleAnalyticsRollup(
      context.db,
      deps.billing,
      context.log,
      context.config.ANALYTICS_ROLLUP_SECONDS,
    );
    const pruning = pruneEventsHourly(context.db, context.log);
    // Events become signed deliveries to the admins' webhook endpoints, retried for 3 days.
    const stopWebhooks = scheduleWebhooks(deps);
    // Learners' events become xAPI statements, sent to the site's learning record store when one is enabled.
    const stopXapi = scheduleXapi({ ...deps, now: () => new Date() });
    return {
      app: createApp(deps),
      onClose: [
        async () => stopMending(),
        stopRefresh,
        stopRollup,
        stopXapi,
        () => pruning.stop(),
        stopWebhooks,
      ],
    };
  },
});
