import {
  createInvalidations,
  createPeer,
  fixedWindowLimit,
  type Mailer,
  type ServiceBaseDeps,
} from '@catalyst/service-kit';
import { authMessages } from '@catalyst/contracts';
import type { Config } from './config';
import type { Database } from './db/schema';
import { accountMails } from './mail/messages';
import { createRecovery } from './recovery/recovery';
import { createLoginLimiter } from './sessions/login-limiter';
import { createSessions } from './sessions/sessions';
import { createUserMemo } from './users/user-memo';
import { createVerification } from './verification/verification';

/** What main.ts (or a test) hands to createApp. */
export interface BaseDeps extends ServiceBaseDeps<Config, Database> {
  mailer: Mailer;
}

export function createDeps(base: BaseDeps) {
  const { config, db, cache, log, mailer, broadcast } = base;
  // A changed user is announced as the invalidation 'user' (other replicas' memos forget it).
  const invalidations = createInvalidations({ broadcast, log });
  const users = createUserMemo({ db, ttlMs: config.USER_CACHE_TTL_MS, invalidations });
  const sessions = createSessions({ db, cache, log, rememberDays: config.REMEMBER_DAYS });
  const mails = accountMails({ publicUrl: config.PUBLIC_URL, siteName: config.SITE_NAME });
  const hour = 60 * 60;
  return {
    ...base,
    invalidations,
    users,
    sessions,
    mails,
    // Account deletion asks the services that hold the user's data elsewhere. The provider call behind
    // billing's answer may take seconds, but billing + progress must stay inside the gateway's 10 s auth
    // timeout so the person gets our answer; billing's cancel is safe to retry.
    peers: {
      billing: createPeer({ baseUrl: config.BILLING_URL, secret: config.INTERNAL_SECRET, timeoutMs: 6_000 }),
      progress: createPeer({ baseUrl: config.PROGRESS_URL, secret: config.INTERNAL_SECRET }),
    },
    verification: createVerification({ db, mailer, log, mails, users }),
    recovery: createRecovery({ db, mailer, log, mails, users, sessions }),
    loginLimiter: createLoginLimiter(cache, {
      maxPerPair: config.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      slowAfterPerEmail: config.LOGIN_SLOW_AFTER_FAILURES_PER_EMAIL,
      windowSeconds: config.LOGIN_WINDOW_MINUTES * 60,
    }),
    limits: {
      registerByAddress: fixedWindowLimit(cache, {
        name: 'register:address',
        max: config.REGISTER_MAX_PER_ADDRESS,
        windowSeconds: hour,
        message: authMessages.tooManyRegistrations,
      }),
      registerByEmail: fixedWindowLimit(cache, {
        name: 'register:email',
        max: config.REGISTER_MAX_PER_EMAIL,
        windowSeconds: hour,
        message: authMessages.tooManyRegistrations,
      }),
      resetByAddress: fixedWindowLimit(cache, {
        name: 'reset:address',
        max: config.RESET_MAX_PER_ADDRESS,
        windowSeconds: hour,
        message: authMessages.tooManyResets,
      }),
      resetByEmail: fixedWindowLimit(cache, {
        name: 'reset:email',
        max: config.RESET_MAX_PER_EMAIL,
        windowSeconds: hour,
        message: authMessages.tooManyResets,
      }),
    },
  };
}
export type Deps = ReturnType<typeof createDeps>;
