import type { Kysely } from 'kysely';
import type { Logger, Mailer, Peer } from '@catalyst/service-kit';
import type { LessonAccess } from '@catalyst/catalog-access';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { CommunityEvents } from '../events';
import { drainBatches, type BatchResult } from './drain';
import { follow, followersOf, followingOf } from './follows.repository';
import type { Inbox } from './inbox';
import { replyNotifications } from './in-app';
import { notificationMail, type MailSite } from './notification-mail';
import {
  lockDueRecipients,
  pendingRepliesOf,
  queueReply,
  settle,
  type PendingReply,
} from './notifications.repository';
import { lookupRecipients, openableBy } from './recipients';

/** People mailed per transaction: their rows stay locked while their e-mails go. */
const BATCH = 25;

export interface NotifierDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  auth: Peer;
  lessonAccess: Pick<LessonAccess, 'assertMayOpen'>;
  log: Logger;
  config: Pick<Config, 'PUBLIC_URL' | 'SITE_NAME' | 'INTERNAL_SECRET' | 'NOTIFICATION_INTERVAL_MINUTES'>;
  now: () => Date;
  inbox: Pick<Inbox, 'notify'>;
}

export type Notifier = CommunityEvents & {
  /** Mails everyone whose replies wait and whose quiet interval is over; answers how many e-mails went. */
  flushDue(): Promise<number>;
};

/**
 * The discussions' listener: a reply is queued for the thread's followers (its author follows it from the
 * start) and mailed in batches, at most one e-mail per person per interval, by `flushDue` (run every few
 * seconds by ./jobs on every replica; SKIP LOCKED keeps two replicas from mailing the same person).
 */
export function createNotifier({
  db,
  mailer,
  auth,
  lessonAccess,
  log,
  config,
  now,
  inbox,
}: NotifierDeps): Notifier {
  const site: MailSite = {
    publicUrl: config.PUBLIC_URL,
    siteName: config.SITE_NAME,
    secret: config.INTERNAL_SECRET,
    intervalMinutes: config.NOTIFICATION_INTERVAL_MINUTES,
  };

  async function flushBatch(): Promise<BatchResult> {
    return db.transaction().execute(async (trx) => {
      const at = now();
      const due = await lockDueRecipients(
        trx,
        new Date(at.getTime() - config.NOTIFICATION_INTERVAL_MINUTES * 60_000),
        BATCH,
      );
      if (due.length === 0) return { locked: 0, settled: 0, sent: 0 };
      const pending = await pendingRepliesOf(trx, due);
      const people = await lookupRecipients(auth, due);
      let sent = 0;
      let settled = 0;
      for (const userId of due) {
        const mine = pending.filter((reply) => reply.userId === userId);
        const person = people.get(userId);
        const shown = mine.filter((reply) => reply.visible);
        const mayOpen =
          person && shown.length > 0 ? await openableBy(lessonAccess, person, shown) : () => false;
        if (!mayOpen) {
          log.warn(
            { userId },
            'notification e-mail waits: whether its reader may open the discussions cannot be known now',
          );
          continue;
        }
        const visible: PendingReply[] = shown.filter(mayOpen);
        // A reply hidden or deleted since, a discussion its reader may no longer open, or an account gone:
        // nothing to say, the rows go without an e-mail.
        if (!person || visible.length === 0) {
          await settle(
            trx,
            userId,
            mine.map((reply) => reply.postId),
            null,
          );
          settled += 1;
          continue;
        }
        try {
          await mailer.send(notificationMail(site, person, visible));
        } catch (error) {
          // Left waiting: the next flush tries again.
          log.error(
            { userId, err: error instanceof Error ? error.message : String(error) },
            'notification e-mail could not be sent',
          );
          continue;
        }
        sent += 1;
        settled += 1;
        await settle(
          trx,
          userId,
          mine.map((reply) => reply.postId),
          {
            at,
            threadCount: new Set(visible.map((reply) => reply.threadId)).size,
            replyCount: visible.length,
          },
        );
      }
      return { locked: due.length, settled, sent };
    });
  }

  /**
   * The thread's followers who may still open it (a plan that ended: no premium excerpt in their list); when that
   * cannot be known now (auth or billing away) every follower, as the page they open asks again.
   */
  async function followersWhoMayOpen(thread: { _id: string; productId: string; lessonId: string | null }) {
    const followers = await followersOf(db, thread._id);
    if (followers.length === 0) return [];
    const target = { productId: thread.productId, lessonId: thread.lessonId };
    try {
      const people = await lookupRecipients(auth, followers);
      const verdicts = await Promise.all(
        followers.map(async (userId) => {
          const person = people.get(userId);
          const mayOpen = person ? await openableBy(lessonAccess, person, [target]) : () => false;
          return !mayOpen || mayOpen(target);
        }),
      );
      return followers.filter((_, i) => verdicts[i]);
    } catch (error) {
      log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'reply notification: access unknown',
      );
      return followers;
    }
  }

  return {
    async replyPosted({ thread, post }) {
      await queueReply(db, {
        threadId: thread._id,
        postId: post._id,
        replierId: post.author._id,
        now: now(),
      });
      await inbox.notify(replyNotifications(await followersWhoMayOpen(thread), thread, post));
    },
    async followed({ userId, threadId }) {
      await follow(db, threadId, userId);
    },
    followingAmong: (userId, threadIds) => followingOf(db, threadIds, userId),
    flushDue: () => drainBatches(flushBatch, BATCH),
  };
}
