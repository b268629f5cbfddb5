import { countStreams, createPeer } from '@catalyst/service-kit';
import { runService } from '@catalyst/service-kit/service';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import { startCommunityJobs } from './notifications/jobs';
import { startNotificationCentreJobs } from './notifications/centre-jobs';
import { followDomainFeeds } from './notifications/domain-feed';
import { sendCreatorNews } from './creator-follows/creator-news';
import { database } from './setup';
import { startWeeklyDigest } from './digest/weekly-digest';

await runService({
  name: 'community',
  loadConfig,
  database,
  start: async (context) => {
    const { config, log } = context;
    const deps = createDeps(context);
    // Prometheus: the open event streams (live boards and discussions), read at each scrape.
    countStreams('community', () => deps.streams.connections());
    // Reply notifications and live reminders, every few seconds on every replica (each step is replica-safe).
    const jobs = startCommunityJobs({
      notifier: deps.notifier,
      reminders: deps.reminders,
      creatorNews: () =>
        sendCreatorNews({
          ...deps,
          site: { publicUrl: config.PUBLIC_URL, siteName: config.SITE_NAME, secret: config.INTERNAL_SECRET },
        }),
      log,
      everyMs: config.NOTIFY_FLUSH_MS,
    });
    // In-app notices of live sessions, pushes due again, and the 90-day pruning of notifications.
    const peer = (baseUrl: string) => createPeer({ baseUrl, secret: config.INTERNAL_SECRET });
    const centre = [
      ...startNotificationCentreJobs({ ...deps, everyMs: config.NOTIFY_FLUSH_MS }),
      // Certificates issued and failing payments, from progress's and billing's event feeds.
      ...followDomainFeeds({
        ...deps,
        progress: peer(config.PROGRESS_URL),
        billing: peer(config.BILLING_URL),
        everyMs: config.NOTIFY_FLUSH_MS,
      }),
    ];
    // The weekly e-mail on the job queue (pg-boss): Monday morning in each learner's time zone.
    const digest = await startWeeklyDigest(
      {
        ...deps,
        progress: peer(config.PROGRESS_URL),
        site: { publicUrl: config.PUBLIC_URL, siteName: config.SITE_NAME, secret: config.INTERNAL_SECRET },
      },
      config.DATABASE_URL,
    );
    if (!config.SMTP_URL)
      log.info(
        { outbox: config.OUTBOX_DIR },
        'SMTP_URL is not set: e-mails go to the log and the outbox folder',
      );
    return {
      app: createApp(deps),
      // Open event streams end first (browsers reconnect to another replica), or the server would wait for them.
      beforeClose: [() => deps.live.close()],
      onClose: [() => jobs.stop(), ...centre.map((job) => () => job.stop()), () => digest.stop()],
    };
  },
});
