import { createPeer, gaugeAtScrape, pruneEventsHourly } from '@catalyst/service-kit';
import { runService } from '@catalyst/service-kit/service';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import { startGiftMails } from './gifts/gift-mail';
import { startTrialReminders } from './plans/trial-reminders';
import { startDueReminders } from './team-learning/due-reminders';
import { createStripeClient } from './provider/stripe';
import { database } from './setup';

await runService({
  name: 'billing',
  loadConfig,
  database,
  start: async (context) => {
    const { config, db, log } = context;
    // Prometheus: subscriptions by status, one grouped count when scraped (every 15 s or so; nothing in between).
    gaugeAtScrape(
      'subscriptions',
      'Subscriptions mirrored from the payment provider, by status (active and trialing are paying).',
      ['status'],
      async (set) => {
        const rows = await db
          .selectFrom('subscriptions')
          .select(['status', db.fn.countAll<number>().as('count')])
          .groupBy('status')
          .execute();
        for (const row of rows) set({ status: row.status }, Number(row.count));
      },
    );
    log.info({ provider: config.STRIPE_API_URL ?? 'https://api.stripe.com' }, 'payment provider');
    const deps = createDeps({ ...context, stripe: createStripeClient(config) });
    // The job queue: the free trial's reminder e-mail, two days before it converts.
    const reminders = await startTrialReminders(deps, config.DATABASE_URL, log);
    // Gift e-mails on the day the buyer chose (each claimed once, whichever replica's pass finds it).
    const giftMails = startGiftMails(deps);
    const pruning = pruneEventsHourly(db, log);
    // Assignees who have not finished an assignment due within two days, reminded once (an event community tells).
    const progress = createPeer({
      baseUrl: config.PROGRESS_URL,
      secret: config.INTERNAL_SECRET,
      timeoutMs: 5_000,
    });
    const dueReminders = startDueReminders(deps, progress);
    return {
      app: createApp(deps),
      onClose: [
        () => reminders.close(),
        async () => giftMails.close(),
        () => pruning.stop(),
        () => dueReminders.stop(),
      ],
    };
  },
});
