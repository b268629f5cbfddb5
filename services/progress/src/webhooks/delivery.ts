import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RETRY_DAYS } from '@catalyst/contracts';
import {
  languagesOfAddresses,
  openSecret,
  postPinned,
  resolveTarget,
  sendQuietly,
  type Logger,
  type Mailer,
  type Peer,
} from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { WebhookEndpointRow } from '../db/tables/webhooks';
import { progressTexts } from '../i18n/en';
import {
  claimDueDeliveries,
  disableEndpoint,
  recordAttempt,
  type AttemptOutcome,
  type DueDelivery,
} from './webhooks.repository';

const SECOND = 1_000;
const HOUR = 3_600 * SECOND;

/** How long the first retry waits; each next one waits twice as long, at most RETRY_CAP_MS. */
export const FIRST_RETRY_MS = 30 * SECOND;
export const RETRY_CAP_MS = 12 * HOUR;
export const RETRY_WINDOW_MS = WEBHOOK_RETRY_DAYS * 24 * HOUR;
/** Sustained failure: every attempt failing for this long, and at least DISABLE_AFTER_FAILURES of them in a row. */
export const DISABLE_AFTER_MS = 24 * HOUR;
export const DISABLE_AFTER_FAILURES = 5;
const ATTEMPT_TIMEOUT_MS = 10 * SECOND;
const CLAIM_LEASE_MS = 2 * 60 * SECOND;

/** The wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min, … doubling, at most 12 h. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);

/** When to try again after this many failed attempts since `retryFrom`, or null once the 3 days are over. */
export function nextAttemptAfter(attempts: number, retryFrom: Date, now: Date): Date | null {
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  return next.getTime() - retryFrom.getTime() > RETRY_WINDOW_MS ? null : next;
}

export interface WebhookSender {
  db: Kysely<Database>;
  log: Logger;
  mailer: Mailer;
  now: () => Date;
  /** WEBHOOKS_ALLOW_PRIVATE: development and tests only. */
  allowPrivate: () => boolean;
  /** The secret box's key for endpoints' secrets. */
  secretKey: Buffer;
  /** Also told when an endpoint is turned off (besides the admin who added it). */
  alertEmails: string[];
  siteName: string;
  adminUrl: string;
  /** Auth, asked which language each alerted address's account chose (without it, English). */
  auth?: Peer;
}

/** Signs and POSTs one delivery to its endpoint's address, resolved once and pinned (service-kit's ssrf.ts). */
async function attempt(sender: WebhookSender, delivery: DueDelivery, at: Date): Promise<AttemptOutcome> {
  const started = performance.now();
  const body = JSON.stringify(delivery.payload);
  const secret = openSecret(sender.secretKey, delivery.endpoint_id, delivery.secret_sealed);
  const target = await resolveTarget(delivery.url, { allowPrivate: sender.allowPrivate() });
  const result =
    typeof target === 'string'
      ? {
          statusCode: null,
          error:
            target === 'private'
              ? 'Refused: the address is on a private or loopback network'
              : 'The address could not be resolved',
        }
      : await postPinned(
          target,
          body,
          {
            'webhook-id': delivery.event_id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1_000)),
            'webhook-signature': new Webhook(secret).sign(delivery.event_id, at, body),
          },
          ATTEMPT_TIMEOUT_MS,
        );
  const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  return {
    at,
    statusCode: result.statusCode,
    error: result.error ?? (delivered ? null : `Answered ${result.statusCode}`),
    durationMs: Math.round(performance.now() - started),
    delivered,
    nextAttemptAt: delivered ? null : nextAttemptAfter(delivery.attempts + 1, delivery.retry_from, at),
  };
}

/** Turns the endpoint off and tells its admins, once its failure has lasted (DISABLE_AFTER_*). */
async function disableIfFailing(sender: WebhookSender, endpoint: WebhookEndpointRow, at: Date) {
  if (!endpoint.enabled || !endpoint.failing_since) return;
  const failingMs = at.getTime() - new Date(endpoint.failing_since).getTime();
  if (failingMs < DISABLE_AFTER_MS || endpoint.consecutive_failures < DISABLE_AFTER_FAILURES) return;
  const hours = Math.floor(failingMs / HOUR);
  const reason = `Every delivery failed for ${hours} hours (${endpoint.consecutive_failures} attempts in a row)`;
  if (!(await disableEndpoint(sender.db, endpoint.id, at, reason))) return;
  sender.log.warn(
    { endpointId: endpoint.id, url: endpoint.url },
    'webhook endpoint turned off after sustained failure',
  );
  const to = [...new Set([endpoint.created_by_email, ...sender.alertEmails].filter((a): a is string => !!a))];
  // Each address in its own account's language (an alert address may have none: English).
  const languageOf = await languagesOfAddresses(sender.auth, to, 'en', sender.log);
  for (const address of to) {
    const language = languageOf(address);
    const t = (key: keyof typeof progressTexts.english, values: Record<string, string | number>) =>
      progressTexts.t(language, key, values);
    await sendQuietly(sender.mailer, sender.log, {
      to: address,
      subject: t('webhookOff.subject', { siteName: sender.siteName }),
      text: [
        t('webhookOff.turnedOff', { url: endpoint.url, hours, count: endpoint.consecutive_failures }),
        '',
        t('webhookOff.next', { adminUrl: sender.adminUrl }),
      ].join('\n'),
      ...(language === 'en' ? {} : { headers: { 'Content-Language': language } }),
    });
  }
}

/** One pass: sends every due delivery (up to `limit`), records each attempt, turns off endpoints failing for a day. */
export async function sendDueDeliveries(sender: WebhookSender, limit = 20): Promise<number> {
  const now = sender.now();
  const due = await claimDueDeliveries(sender.db, now, limit, CLAIM_LEASE_MS);
  await Promise.all(
    due.map(async (delivery) => {
      // A delivery that cannot even be signed (a secret sealed under another INTERNAL_SECRET) fails like any other.
      const outcome = await attempt(sender, delivery, now).catch((error: unknown): AttemptOutcome => ({
        at: now,
        statusCode: null,
        durationMs: 0,
        error: error instanceof Error ? error.message : String(error),
        delivered: false,
        nextAttemptAt: nextAttemptAfter(delivery.attempts + 1, delivery.retry_from, now),
      }));
      const endpoint = await recordAttempt(sender.db, delivery, outcome);
      if (endpoint && !outcome.delivered) await disableIfFailing(sender, endpoint, now);
    }),
  );
  return due.length;
}
