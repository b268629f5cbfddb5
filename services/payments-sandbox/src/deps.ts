import type { Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { WebhookDispatcher } from './webhooks/dispatcher';

export interface Deps {
  config: Config;
  db: Kysely<Database>;
  log: Logger;
  dispatcher: WebhookDispatcher;
}
