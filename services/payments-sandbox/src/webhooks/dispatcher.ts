import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import type { Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { dueEvents, markDelivered, markFailed } from './events.repository';

export interface DispatcherOptions {
  db: Kysely<Database>;
  log: Logger;
  webhookUrl: string;
  webhookSecret: string;
  /** How often the outbox is polled for due events. */
  pollMs?: number;
  /** Longest wait between two attempts (the real provider backs off to hours; locally a minute is enough). */
  maxBackoffMs?: number;
  /** Stop retrying an event this long after it was enqueued (the real provider: three days). */
  giveUpAfterMs?: number;
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;

/**
 * Drains the persisted outbox: each event is POSTed with a Stripe-Signature header made by the stripe
 * SDK's own helper; a failure (billing down, non-2xx) is retried with exponential backoff.
 */
export function createWebhookDispatcher({
  db,
  log,
  webhookUrl,
  webhookSecret,
  pollMs = 1000,
  maxBackoffMs = 60_000,
  giveUpAfterMs = 3 * 24 * 3600 * 1000,
}: DispatcherOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  async function deliverOne(id: string, type: string, payload: string, attempts: number, enqueuedAt: Date) {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) {
        await markDelivered(db, id);
        log.info({ event: id, type, status: response.status }, 'webhook delivered');
        return true;
      }
      throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const backoff = Math.min(1000 * 2 ** attempts, maxBackoffMs);
      const giveUp = Date.now() - enqueuedAt.getTime() > giveUpAfterMs;
      await markFailed(db, id, { error: message, nextAttemptAt: new Date(Date.now() + backoff), giveUp });
      log.warn(
        { event: id, type, attempt: attempts + 1, retryInMs: giveUp ? null : backoff, err: message },
        'webhook delivery failed',
      );
      return false;
    }
  }

  /** One pass over the due events, oldest first; answers how many were delivered. */
  async function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let delivered = 0;
      do {
        again = false;
        for (const event of await dueEvents(db, 50)) {
          if (await deliverOne(event.id, event.type, event.payload, event.attempts, event.enqueued_at))
            delivered++;
        }
      } while (again);
      return delivered;
    })().finally(() => (running = undefined));
    return running;
  }

  return {
    deliverDue,
    /** Ask for a pass soon (after a state change), without waiting for it. */
    kick() {
      setImmediate(
        () => void deliverDue().catch((error) => log.warn({ err: String(error) }, 'webhook pass failed')),
      );
    },
    start() {
      if (timer) return;
      timer = setInterval(
        () => void deliverDue().catch((error) => log.warn({ err: String(error) }, 'webhook pass failed')),
        pollMs,
      );
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
