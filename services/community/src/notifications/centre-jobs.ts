import type { Kysely } from 'kysely';
import { LIVE_STARTING_NOTICE_MINUTES, NOTIFICATION_KEEP_DAYS, productPagePath } from '@catalyst/contracts';
import { repeatEvery, type Logger, type Repeating } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { Inbox } from './inbox';
import type { PushSender } from './push-sender';
import { lockDueNotices, markNoticed, pruneNotifications } from './inbox.repository';

/** Registrations noticed per transaction. */
const NOTICE_BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * Tells each registered member, once per start time, that their live session starts within
 * LIVE_STARTING_NOTICE_MINUTES (a moved session tells again); answers how many were told.
 */
export async function noticeLiveSessions({
  db,
  inbox,
  now,
}: {
  db: Kysely<Database>;
  inbox: Pick<Inbox, 'store' | 'announce'>;
  now: () => Date;
}): Promise<number> {
  const at = now();
  const rows = await db.transaction().execute(async (trx) => {
    const due = await lockDueNotices(trx, at, LIVE_STARTING_NOTICE_MINUTES, NOTICE_BATCH);
    const stored = await inbox.store(
      trx,
      due.map((row) => ({
        userId: row.user_id,
        type: 'live-starting' as const,
        key: `live:${row.product_id}:${row.starts_at.toISOString()}`,
        words: {
          wording: 'live-starting',
          values: {
            count: Math.max(1, Math.round((row.starts_at.getTime() - at.getTime()) / 60_000)),
            title: row.title,
          },
        },
        link: productPagePath(row.product_key),
      })),
    );
    await markNoticed(trx, due);
    return stored;
  });
  await inbox.announce(rows);
  return rows.length;
}

/** Drops notifications older than NOTIFICATION_KEEP_DAYS; answers how many went. */
export const pruneOldNotifications = (db: Kysely<Database>, now: () => Date) =>
  pruneNotifications(db, new Date(now().getTime() - NOTIFICATION_KEEP_DAYS * DAY_MS));

/**
 * The notification centre's timers: live notices and pushes due again with the other mailing steps' rhythm (new
 * pushes go at once: the inbox wakes the sender), pruning hourly.
 */
export function startNotificationCentreJobs({
  db,
  inbox,
  push,
  now,
  log,
  everyMs,
}: {
  db: Kysely<Database>;
  inbox: Inbox;
  push: Pick<PushSender, 'sendDue'>;
  now: () => Date;
  log: Logger;
  everyMs: number;
}): Repeating[] {
  return [
    repeatEvery({ name: 'live notices', everyMs, log, step: () => noticeLiveSessions({ db, inbox, now }) }),
    repeatEvery({ name: 'push notifications', everyMs, log, step: () => push.sendDue() }),
    repeatEvery({
      name: 'notification pruning',
      everyMs: 3_600_000,
      firstAfterMs: 60_000,
      log,
      step: () => pruneOldNotifications(db, now),
    }),
  ];
}
