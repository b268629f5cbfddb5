import type Stripe from 'stripe';
import {
  createInvalidations,
  createPeer,
  mailerFromConfig,
  type Invalidations,
  type Mailer,
  type Peer,
  type ServiceBaseDeps,
} from '@catalyst/service-kit';
import type { Config } from './config';
import type { Database } from './db/schema';

/** What the process provides (main.ts; tests build their own). */
export interface BaseDeps extends ServiceBaseDeps<Config, Database> {
  stripe: Stripe;
  /** Receipts, failed-payment and gift e-mails; by default the configured one (SMTP, else the outbox folder). */
  mailer?: Mailer;
}

/** Everything billing's handlers and operations use. */
export interface Deps extends BaseDeps {
  /** Where billing says a user's plan changed ('entitlement', keyed by the user id). */
  invalidations: Invalidations;
  mailer: Mailer;
  /** Auth, asked the language of the user an e-mail goes to; without it (tests) e-mails are in English. */
  auth?: Peer;
}

/**
 * Content and progress cache entitlements: a changed plan is announced to them over HTTP (and Redis when
 * configured). Best effort: a peer that is down is logged, and its cached answer expires on its own TTL.
 */
export function createDeps(base: BaseDeps): Deps {
  const { config, broadcast, log } = base;
  const peers = [config.CONTENT_URL, config.PROGRESS_URL].map((baseUrl) =>
    createPeer({ baseUrl, secret: config.INTERNAL_SECRET, timeoutMs: 1_500 }),
  );
  return {
    ...base,
    invalidations: createInvalidations({ broadcast, peers, log }),
    mailer: base.mailer ?? mailerFromConfig(config, log),
    auth: createPeer({ baseUrl: config.AUTH_URL, secret: config.INTERNAL_SECRET, timeoutMs: 1_500 }),
  };
}
