import { createBroadcast, createCache, createDb, createLogger, startServer } from '@catalyst/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import type { Database } from './db/schema';
import { createStripeClient } from './provider/stripe';
import { SCHEMA } from './setup';

const config = loadConfig();
const log = createLogger('billing', config.LOG_LEVEL);
const db = createDb<Database>({ connectionString: config.DATABASE_URL, schema: SCHEMA, poolSize: config.DATABASE_POOL_SIZE, log });
const cache = createCache({ redisUrl: config.REDIS_URL, prefix: 'billing', log });
const broadcast = createBroadcast({ redisUrl: config.REDIS_URL, log });
const stripe = createStripeClient(config);
const app = createApp(createDeps({ config, db, cache, log, stripe, broadcast }));
log.info({ provider: config.STRIPE_API_URL ?? 'https://api.stripe.com' }, 'payment provider');

startServer(app, { port: config.PORT, log, name: 'billing', onClose: [() => db.destroy(), () => cache.close(), () => broadcast.close()] });
