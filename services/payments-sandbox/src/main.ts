import { createDb, createLogger, startServer } from '@catalyst/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/schema';
import { SCHEMA } from './setup';

const config = loadConfig();
const log = createLogger('payments-sandbox', config.LOG_LEVEL);
const db = createDb<Database>({ connectionString: config.DATABASE_URL, schema: SCHEMA, poolSize: config.DATABASE_POOL_SIZE, log });
const app = createApp({ config, db, log });

startServer(app, { port: config.PORT, log, name: 'payments-sandbox', onClose: [() => db.destroy()] });
