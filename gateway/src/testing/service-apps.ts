/**
 * Each service's Hono app built with inert dependencies (nothing connects until a request runs), so tests
 * can read what each one mounts: the declarations test (gateway/src/declarations.test.ts) and the
 * security suite's access matrix compare it with the route declarations.
 */
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import type { ServiceName } from '@catalyst/contracts';
import { createCache, createDb, createLogger, type AppEnv } from '@catalyst/service-kit';
import { createApp as createAuthApp } from '../../../services/auth/src/app';
import { loadConfig as authConfig } from '../../../services/auth/src/config';
import { createDeps as authDeps } from '../../../services/auth/src/deps';
import { createApp as createBillingApp } from '../../../services/billing/src/app';
import { loadConfig as billingConfig } from '../../../services/billing/src/config';
import { createDeps as billingDeps } from '../../../services/billing/src/deps';
import { createApp as createContentApp } from '../../../services/content/src/app';
import { loadConfig as contentConfig } from '../../../services/content/src/config';
import { createDeps as contentDeps } from '../../../services/content/src/deps';
import { createApp as createProgressApp } from '../../../services/progress/src/app';
import { loadConfig as progressConfig } from '../../../services/progress/src/config';
import { createDeps as progressDeps } from '../../../services/progress/src/deps';
import { createApp as createMediaApp } from '../../../services/media/src/app';
import { loadConfig as mediaConfig } from '../../../services/media/src/config';
import { createDeps as mediaDeps } from '../../../services/media/src/deps';
import { createApp as createCommunityApp } from '../../../services/community/src/app';
import { loadConfig as communityConfig } from '../../../services/community/src/config';
import { createDeps as communityDeps } from '../../../services/community/src/deps';
import { createDiskStorage } from '../../../services/media/src/storage/disk';

const inertEnv: NodeJS.ProcessEnv = {
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  INTERNAL_SECRET: 'route-listing-only-secret-0123456789abcdef',
  AUTH_URL: 'http://127.0.0.1:1',
  CONTENT_URL: 'http://127.0.0.1:1',
  PROGRESS_URL: 'http://127.0.0.1:1',
  BILLING_URL: 'http://127.0.0.1:1',
  MEDIA_URL: 'http://127.0.0.1:1',
  COMMUNITY_URL: 'http://127.0.0.1:1',
  PUBLIC_URL: 'http://127.0.0.1:1',
  STRIPE_SECRET_KEY: 'sk_test_route_listing',
  STRIPE_WEBHOOK_SECRET: 'whsec_route_listing',
  STRIPE_API_URL: 'http://127.0.0.1:1',
  LOG_LEVEL: 'silent',
  PORT: '1',
};

/** The services' apps, as their main.ts would build them, minus every connection. */
export function inertServiceApps(): Record<ServiceName, Hono<AppEnv>> {
  const log = createLogger('route-listing', 'silent');
  const cache = createCache({ prefix: 'route-listing' });
  const inertDb = <T>() =>
    createDb<T>({ connectionString: inertEnv.DATABASE_URL!, schema: 'public', poolSize: 1, log });
  const noMail = { send: async () => undefined } as never;

  return {
    auth: createAuthApp(
      authDeps({ config: authConfig(inertEnv), db: inertDb(), cache, log, mailer: noMail }),
    ),
    content: createContentApp(contentDeps({ config: contentConfig(inertEnv), db: inertDb(), cache, log })),
    progress: createProgressApp(
      progressDeps({ config: progressConfig(inertEnv), db: inertDb(), cache, log }),
    ),
    billing: createBillingApp(
      billingDeps({ config: billingConfig(inertEnv), db: inertDb(), cache, log, stripe: {} as never }),
    ),
    media: createMediaApp(
      mediaDeps({
        config: mediaConfig(inertEnv),
        db: inertDb(),
        cache,
        log,
        storage: createDiskStorage(path.join(os.tmpdir(), 'catalyst-route-listing-media')),
        jobs: {
          enqueue: async () => undefined,
          retire: async () => undefined,
          stop: async () => undefined,
          boss: {} as never,
        },
      }),
    ),
    community: createCommunityApp(
      communityDeps({ config: communityConfig(inertEnv), db: inertDb(), cache, log }),
    ),
  };
}
