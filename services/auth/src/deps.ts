import type { Kysely } from 'kysely';
import type { Broadcast, Cache, Logger } from '@catalyst/service-kit';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { Mailer } from './mail/mailer';
import { createLoginLimiter } from './sessions/login-limiter';
import { createSessions } from './sessions/sessions';
import { createAccountPeers } from './users/account-peers';
import { createUserMemo } from './users/user-memo';
import { createVerification } from './verification/verification';

/** What main.ts (or a test) hands to createApp. */
export interface BaseDeps {
  config: Config;
  db: Kysely<Database>;
  cache: Cache;
  log: Logger;
  mailer: Mailer;
  /** Tells the other auth replicas which users changed (Redis pub/sub); omitted → this process only. */
  broadcast?: Broadcast;
}

export function buildDeps(base: BaseDeps) {
  const { config, db, cache, log, mailer, broadcast } = base;
  const users = createUserMemo({ db, ttlMs: config.USER_CACHE_TTL_MS, broadcast, log });
  return {
    ...base,
    users,
    sessions: createSessions({ db, cache, log }),
    peers: createAccountPeers(config),
    verification: createVerification({ db, mailer, log, publicUrl: config.PUBLIC_URL, siteName: config.SITE_NAME, users }),
    loginLimiter: createLoginLimiter(cache, {
      maxPerEmail: config.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: config.LOGIN_WINDOW_MINUTES * 60,
    }),
  };
}
export type Deps = ReturnType<typeof buildDeps>;
