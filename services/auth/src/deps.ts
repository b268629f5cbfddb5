import { createHash } from 'node:crypto';
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
import { createBackground } from './background';
import { accountMails } from './mail/messages';
import { createRecovery } from './recovery/recovery';
import { createLtiServices } from './lti/lti-services';
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
  const background = createBackground(log);
  const hour = 60 * 60;
  const loginLimiter = createLoginLimiter(cache, {
    maxPerPair: config.LOGIN_MAX_FAILURES_PER_EMAIL,
    maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    slowAfterPerEmail: config.LOGIN_SLOW_AFTER_FAILURES_PER_EMAIL,
    windowSeconds: config.LOGIN_WINDOW_MINUTES * 60,
  });
  const resetLimit = (name: string, max: number) =>
    fixedWindowLimit(cache, { name, max, windowSeconds: hour, message: authMessages.tooManyResets });
  const resetByAddress = resetLimit('reset:address', config.RESET_MAX_PER_ADDRESS);
  const resetByPair = resetLimit('reset:pair', config.RESET_MAX_PER_EMAIL_AND_ADDRESS);
  const resetByEmail = resetLimit('reset:email', config.RESET_MAX_PER_EMAIL);
  const pairKey = (email: string, address: string) =>
    createHash('sha256').update(`${email}\n${address}`).digest('hex').slice(0, 32);
  return {
    ...base,
    invalidations,
    users,
    sessions,
    mails,
    // Account deletion asks the services that hold the user's data elsewhere. The provider call behind
    // billing's answer may take seconds, but billing, progress and content must stay inside the gateway's 10 s auth
    // timeout so the person gets our answer; billing's cancel is safe to retry.
    peers: {
      billing: createPeer({ baseUrl: config.BILLING_URL, secret: config.INTERNAL_SECRET, timeoutMs: 6_000 }),
      progress: createPeer({ baseUrl: config.PROGRESS_URL, secret: config.INTERNAL_SECRET }),
      content: createPeer({ baseUrl: config.CONTENT_URL, secret: config.INTERNAL_SECRET }),
    },
    background,
    lti: createLtiServices(db, config),
    verification: createVerification({ db, mailer, log, mails, users }),
    recovery: createRecovery({ db, mailer, log, mails, users, sessions, background }),
    loginLimiter,
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
      resetByAddress,
      /**
       * A reset request: per address, per (e-mail, address), and per e-mail from every address but the
       * ones its owner signed in from. A stranger's requests use up only their own pair and the ceiling;
       * the owner at home is never refused for them (and a refused request issues no link, so the links
       * already mailed keep working).
       */
      async resetRequest(email: string, address: string) {
        await resetByAddress(address);
        await resetByPair(pairKey(email, address));
        if (!(await loginLimiter.isTrusted(email, address))) await resetByEmail(email);
      },
    },
  };
}
export type Deps = ReturnType<typeof createDeps>;
