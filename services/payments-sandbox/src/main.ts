import { runService } from '@catalyst/service-kit/service';
import { createApp } from './app';
import { loadConfig } from './config';
import { database } from './setup';
import { createWebhookDispatcher } from './webhooks/dispatcher';

await runService({
  name: 'payments-sandbox',
  loadConfig,
  database,
  start: async ({ config, db, log }) => {
    // The sandbox owns its schema and nobody deploys it separately: it migrates (and seeds) itself at start.
    await database.prepare(db, { seed: config.SEED_DEMO, log });
    const dispatcher = createWebhookDispatcher({
      db,
      log,
      webhookUrl: config.WEBHOOK_URL,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      pollMs: config.WEBHOOK_POLL_MS,
    });
    dispatcher.start();
    return { app: createApp({ config, db, log, dispatcher }), onClose: [() => dispatcher.stop()] };
  },
});
