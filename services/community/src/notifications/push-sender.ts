import type { Kysely } from 'kysely';
import webPush from 'web-push';
import type { PushMessage } from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { postPinned, resolveTarget, type Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { claimDuePushes, dropSubscription, markPushed, retryPush, type DuePush } from './push.repository';
import type { LanguagesOf } from './inbox';
import type { Vapid } from './vapid';
import { rowWords } from './wording';

const SECOND = 1_000;
/** The first retry after 30 s, doubling; after PUSH_ATTEMPTS failures (about 15 minutes) the push is given up. */
export const PUSH_FIRST_RETRY_MS = 30 * SECOND;
const PUSH_ATTEMPTS = 6;
/** How long a push service keeps a message for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 3_600;
const ATTEMPT_TIMEOUT_MS = 10 * SECOND;
const CLAIM_LEASE_MS = 2 * 60 * SECOND;
const BATCH = 50;

/**
 * What a push carries: the notification's title, a body the service worker shows (both in its owner's language)
 * and its link inside the app.
 */
function pushMessageOf(push: DuePush, language: Language): PushMessage {
  const { title, body } = rowWords(push, language);
  return { title: title.slice(0, 200), body: body.slice(0, 400), url: push.link };
}

type Outcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'retry' | 'refused'; error: string };

export interface PushSender {
  /** The VAPID public key browsers subscribe with; null when push is not set up. */
  publicKey: string | null;
  /** Sends the pushes due now (a batch); answers how many were tried. */
  sendDue(): Promise<number>;
  /** Sends what is due soon, without waiting (after notifications were stored); a run already going is not doubled. */
  wake(): void;
}

/**
 * Sends queued pushes: each one encrypted and signed by web-push, posted through service-kit's SSRF guard (the
 * endpoint's host resolved once, private networks refused unless PUSH_ALLOW_LOOPBACK lets loopback through).
 * 2xx: sent; 404/410: the browser unsubscribed, its subscription goes; 429, 5xx or no answer: tried again with
 * back-off; any other answer: given up (sending it again would not help).
 */
export function createPushSender({
  db,
  log,
  now,
  vapid,
  allowLoopback,
  languagesOf,
}: {
  db: Kysely<Database>;
  log: Logger;
  now: () => Date;
  languagesOf: LanguagesOf;
  vapid: Vapid | null;
  allowLoopback: boolean;
}): PushSender {
  async function attempt(push: DuePush, language: Language, vapidDetails: Vapid): Promise<Outcome> {
    let request: ReturnType<typeof webPush.generateRequestDetails>;
    try {
      request = webPush.generateRequestDetails(
        { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
        JSON.stringify(pushMessageOf(push, language)),
        { vapidDetails, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm' },
      );
    } catch {
      // Keys no message can be encrypted for: this subscription can never be reached.
      return { kind: 'gone' };
    }
    const target = await resolveTarget(push.endpoint, { allowPrivate: false, allowLoopback });
    if (target === 'private') return { kind: 'gone' };
    if (target === 'unresolvable') return { kind: 'retry', error: 'The push service could not be resolved' };
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    const result = await postPinned(
      target,
      request.body ?? new Uint8Array(),
      { ...headers, 'user-agent': 'Catalyst-Push/1' },
      ATTEMPT_TIMEOUT_MS,
    );
    const status = result.statusCode;
    if (status !== null && status >= 200 && status < 300) return { kind: 'sent' };
    if (status === 404 || status === 410) return { kind: 'gone' };
    const error = result.error ?? `The push service answered ${status}`;
    return status === null || status === 429 || status >= 500
      ? { kind: 'retry', error }
      : { kind: 'refused', error };
  }

  async function settle(push: DuePush, outcome: Outcome, at: Date) {
    if (outcome.kind === 'sent') return markPushed(db, push, at);
    if (outcome.kind === 'gone') return dropSubscription(db, push.subscriptionId);
    log.warn({ pushId: push.id, attempts: push.attempts + 1, err: outcome.error }, 'push not delivered');
    const again = outcome.kind === 'retry' && push.attempts + 1 < PUSH_ATTEMPTS;
    const next = again ? new Date(at.getTime() + PUSH_FIRST_RETRY_MS * 2 ** push.attempts) : null;
    return retryPush(db, push, next, outcome.error);
  }

  async function sendDue() {
    if (!vapid) return 0;
    const signer = vapid;
    const at = now();
    const due = await claimDuePushes(db, at, BATCH, CLAIM_LEASE_MS);
    if (due.length === 0) return 0;
    const languageOf = await languagesOf(due.map((push) => push.userId));
    await Promise.all(
      due.map(async (push) => {
        const outcome = await attempt(push, languageOf(push.userId), signer).catch(
          (error: unknown): Outcome => ({
            kind: 'retry',
            error: error instanceof Error ? error.message : String(error),
          }),
        );
        await settle(push, outcome, at);
      }),
    );
    return due.length;
  }

  let running: Promise<unknown> | undefined;
  return {
    publicKey: vapid?.publicKey ?? null,
    sendDue,
    wake() {
      if (!vapid || running) return;
      running = sendDue()
        .catch((error: unknown) =>
          log.warn({ err: error instanceof Error ? error.message : String(error) }, 'push: sending failed'),
        )
        .finally(() => {
          running = undefined;
        });
    },
  };
}
