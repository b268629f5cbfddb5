import type { Kysely } from 'kysely';
import {
  assignedItemPath,
  billingEventRoutes,
  certificatePagePath,
  progressEventRoutes,
  type DomainEvent,
} from '@catalyst/contracts';
import { consumeEvents, repeatEvery, type Logger, type Peer, type Repeating } from '@catalyst/service-kit';
import type { CatalogClient } from '@catalyst/catalog-access';
import type { Database } from '../db/schema';
import type { NotificationRow } from '../db/tables/notification-centre';
import type { Inbox } from './inbox';
import type { NewNotification } from './inbox.repository';

/** Where a failing payment is put right. */
export const SUBSCRIPTION_PAGE_PATH = '/subscription';

/** The notifications one domain event makes (none for the events community does not tell people of). */
export async function notificationsOf(
  event: DomainEvent,
  catalog: Pick<CatalogClient, 'lookup'>,
): Promise<NewNotification[]> {
  if (!event.userId) return [];
  if (event.type === 'certificate.issued') {
    const { productId, code } = event.data;
    const product = productId ? (await catalog.lookup([productId])).get(productId) : undefined;
    return [
      {
        userId: event.userId,
        type: 'certificate',
        key: `certificate:${code}`,
        words: product
          ? { wording: 'certificate', values: { product: product.title } }
          : { wording: 'certificate-untitled', values: {} },
        link: certificatePagePath(code),
      },
    ];
  }
  if (event.type === 'assignment.due-soon') {
    const { assignmentId, targetKind, key, title, dueAt } = event.data;
    return [
      {
        userId: event.userId,
        type: 'assignment-due',
        key: `assignment-due:${assignmentId}`,
        words: { wording: 'assignment-due', values: { title, due: dueAt } },
        link: assignedItemPath(targetKind, key),
      },
    ];
  }
  if (event.type === 'subscription.updated' && event.data.status === 'past_due')
    return [
      {
        userId: event.userId,
        type: 'payment-failed',
        // At most one a day per subscription, however many retries billing reports.
        key: `payment-failed:${event.data.subscriptionId}:${event.occurredAt.slice(0, 10)}`,
        words: { wording: 'payment-failed', values: {} },
        link: SUBSCRIPTION_PAGE_PATH,
      },
    ];
  return [];
}

/**
 * One pass over a feed: each event's notifications are stored in the transaction that moves community's cursor
 * (so an event is told once, and a failed pass is read again), and streamed once it has committed.
 */
export async function consumeFeed({
  db,
  name,
  read,
  inbox,
  catalog,
}: {
  db: Kysely<Database>;
  name: string;
  read: (after: string, limit: number) => Promise<DomainEvent[]>;
  inbox: Pick<Inbox, 'store' | 'announce'>;
  catalog: Pick<CatalogClient, 'lookup'>;
}): Promise<number> {
  const stored: NotificationRow[] = [];
  const handled = await consumeEvents({
    db,
    name,
    read,
    handle: async (event, trx) => {
      const items = await notificationsOf(event, catalog);
      if (items.length > 0) stored.push(...(await inbox.store(trx as Kysely<Database>, items)));
    },
  });
  await inbox.announce(stored);
  return handled;
}

/** Follows progress's and billing's feeds (certificates, assignments coming due, failing payments) every `everyMs`. */
export function followDomainFeeds({
  db,
  progress,
  billing,
  inbox,
  catalog,
  log,
  everyMs,
}: {
  db: Kysely<Database>;
  progress: Peer;
  billing: Peer;
  inbox: Inbox;
  catalog: Pick<CatalogClient, 'lookup'>;
  log: Logger;
  everyMs: number;
}): Repeating[] {
  const feeds = [
    {
      name: 'notifications:progress',
      read: async (after: string, limit: number) =>
        (await progress.call(progressEventRoutes.events, { query: { after, limit } })).events,
    },
    {
      name: 'notifications:billing',
      read: async (after: string, limit: number) =>
        (await billing.call(billingEventRoutes.events, { query: { after, limit } })).events,
    },
  ];
  return feeds.map(({ name, read }) =>
    repeatEvery({
      name: `events ${name}`,
      everyMs,
      log,
      step: () => consumeFeed({ db, name, read, inbox, catalog }),
    }),
  );
}
