import type { Kysely } from 'kysely';
import { WEBHOOKS_PAGE_PATH, billingEventRoutes, type DomainEvent } from '@catalyst/contracts';
import {
  SECRET_PURPOSES,
  followEvents,
  mailerFromConfig,
  readEvents,
  repeatEvery,
  secretBoxKey,
  type EventConsumer,
} from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { sendDueDeliveries, type WebhookSender } from './delivery';
import { enqueueDeliveries, pruneDeliveries } from './webhooks.repository';

/** The key endpoints' signing secrets are sealed with (bound to each endpoint's id). */
export const webhookSecretKey = (internalSecret: string) =>
  secretBoxKey(internalSecret, SECRET_PURPOSES.webhookSecret);

/** The sender's pieces from the process's deps (tests build their own, with a memory mailer and a moving clock). */
export function webhookSenderOf(deps: Deps, now: () => Date = () => new Date()): WebhookSender {
  const { config, db, log, auth } = deps;
  return {
    db,
    log,
    auth,
    mailer: mailerFromConfig(config, log),
    now,
    allowPrivate: () => config.WEBHOOKS_ALLOW_PRIVATE,
    secretKey: webhookSecretKey(config.INTERNAL_SECRET),
    alertEmails: config.WEBHOOKS_ALERT_EMAILS,
    siteName: config.SITE_NAME,
    adminUrl: new URL(WEBHOOKS_PAGE_PATH, config.PUBLIC_URL).toString(),
  };
}

/** The two feeds webhooks read, each under its own cursor: progress's own events (locally) and billing's (its route). */
export function webhookConsumers(
  { db, billing }: Pick<Deps, 'db' | 'billing'>,
  now: () => Date,
): EventConsumer[] {
  const handle = (event: DomainEvent, trx: Kysely<Database>) => enqueueDeliveries(trx, event, now());
  return [
    { db, name: 'webhooks:progress', read: (after, limit) => readEvents(db, after, limit), handle },
    {
      db,
      name: 'webhooks:billing',
      read: async (after, limit) =>
        (await billing.call(billingEventRoutes.events, { query: { after, limit } })).events,
      handle,
    },
  ];
}

/**
 * Webhooks in every progress process: both feeds' events are queued as deliveries to the subscribed endpoints
 * (every 2 s), and due deliveries are sent every 2 s. Answers the function that stops them.
 */
export function scheduleWebhooks(deps: Deps, sender = webhookSenderOf(deps)): () => Promise<void> {
  const jobs = [
    ...webhookConsumers(deps, sender.now).map((consumer) =>
      followEvents({ ...consumer, everyMs: 2_000, log: deps.log }),
    ),
    repeatEvery({
      name: 'webhook deliveries',
      everyMs: 2_000,
      log: deps.log,
      step: () => sendDueDeliveries(sender),
    }),
    repeatEvery({
      name: 'webhook log prune',
      everyMs: 3_600_000,
      firstAfterMs: 60_000,
      log: deps.log,
      step: () => pruneDeliveries(deps.db, sender.now()),
    }),
  ];
  return async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  };
}
