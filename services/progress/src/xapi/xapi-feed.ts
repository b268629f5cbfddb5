import type { DomainEvent } from '@catalyst/contracts';
import { consumeEvents, readEvents, repeatEvery, type Logger } from '@catalyst/service-kit';
import type { Kysely } from 'kysely';
import type { Catalog } from '../catalog/catalog.client';
import type { Database } from '../db/schema';
import { deliverDue } from './delivery';
import {
  isSentEvent,
  productIdOf,
  statementFor,
  statementIdOf,
  type ProductFacts,
  type StatementSite,
} from './statements';
import * as repo from './xapi.repository';

/** The cursor's name in `event_cursors`. */
export const XAPI_CONSUMER = 'xapi';

export interface XapiFeedDeps {
  db: Kysely<Database>;
  catalog: Pick<Catalog, 'getProduct' | 'courseLessons'>;
  config: { INTERNAL_SECRET: string; PUBLIC_URL: string; SITE_NAME: string };
  log: Pick<Logger, 'warn'>;
  now: () => Date;
}

export const siteOf = (config: XapiFeedDeps['config']): StatementSite => ({
  origin: new URL(config.PUBLIC_URL).origin,
  platform: config.SITE_NAME,
});

/** What content knows of a product (its title, type and lessons), or null when it no longer knows it. */
async function productFacts(
  catalog: XapiFeedDeps['catalog'],
  productId: string,
): Promise<ProductFacts | null> {
  const product = await catalog.getProduct(productId);
  if (!product) return null;
  const lessons = product.type === 'course' ? ((await catalog.courseLessons(productId))?.lessons ?? []) : [];
  return { title: product.title, type: product.type, lessons };
}

/**
 * Reads progress's events after the `xapi` cursor and queues each learner event's statement, in the transaction
 * that moves the cursor. While no LRS is enabled the events are passed over: a site turning xAPI on starts from
 * then, not with a backlog of everything before. Answers how many events were read.
 */
export async function queueStatementsFromEvents(deps: XapiFeedDeps): Promise<number> {
  const enabled = (await repo.findSettings(deps.db))?.enabled ?? false;
  const site = siteOf(deps.config);
  return consumeEvents({
    db: deps.db,
    name: XAPI_CONSUMER,
    read: (after, limit) => readEvents(deps.db, after, limit),
    handle: async (event: DomainEvent, trx) => {
      if (!enabled || !isSentEvent(event)) return;
      const productId = productIdOf(event);
      const facts = productId ? await productFacts(deps.catalog, productId) : null;
      await repo.queueStatements(
        trx as Kysely<Database>,
        [{ id: statementIdOf(event.id), statement: statementFor(event, site, facts) }],
        deps.now(),
      );
    },
  });
}

/** How often the feed is read and due statements are sent. */
const XAPI_EVERY_MS = 10_000;

/** Progress's xAPI timers: statements queued from the events, then sent; stop them on shutdown. */
export function scheduleXapi(deps: XapiFeedDeps) {
  const repeating = repeatEvery({
    name: 'xapi',
    everyMs: XAPI_EVERY_MS,
    log: deps.log,
    step: async () => {
      await queueStatementsFromEvents(deps);
      await deliverDue(deps);
    },
  });
  return () => repeating.stop();
}
