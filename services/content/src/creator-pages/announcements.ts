import { creatorFollowRoutes } from '@catalyst/contracts';
import { repeatEvery, type Logger, type Peer } from '@catalyst/service-kit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { lockWaitingAnnouncements, markDelivered } from './creator-pages.repository';

/** Announcements handed to community per round. */
const BATCH = 100;

/**
 * Hands first publications to community, which mails the creators' followers: one batch per call, the rows
 * locked while community takes them and marked delivered only once it answered (community queues each
 * item once, so a round repeated after a lost answer mails nobody twice). Answers how many it handed over.
 */
export async function deliverAnnouncements(db: Kysely<Database>, community: Peer): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const waiting = await lockWaitingAnnouncements(trx, BATCH);
    if (waiting.length === 0) return 0;
    await community.call(creatorFollowRoutes.news, { body: { items: waiting } });
    await markDelivered(
      trx,
      waiting.map((item) => item.productId),
    );
    return waiting.length;
  });
}

/** Every `everyMs`, on every replica (the lock keeps them apart); a round that fails is tried again. */
export const startAnnouncements = ({
  db,
  community,
  log,
  everyMs,
}: {
  db: Kysely<Database>;
  community: Peer;
  log: Logger;
  everyMs: number;
}) =>
  repeatEvery({
    name: 'creator announcements',
    everyMs,
    log,
    step: () => deliverAnnouncements(db, community),
  });
