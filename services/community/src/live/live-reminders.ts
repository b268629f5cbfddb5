import type { Kysely } from 'kysely';
import { LIVE_REMINDER_MINUTES } from '@catalyst/contracts';
import { formatDateTime, type Logger, type Mailer, type MailMessage, type Peer } from '@catalyst/service-kit';
import type { LessonAccess } from '@catalyst/catalog-access';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { LiveSessionRow } from '../db/tables/live';
import { drainBatches, type BatchResult } from '../notifications/drain';
import { mayEmail } from '../notifications/inbox.repository';
import {
  mailTexts,
  unsubscribeLinks,
  withOneClick,
  type MailRecipient,
} from '../notifications/notification-mail';
import { lookupRecipients, openableBy } from '../notifications/recipients';
import { calendarPath, sessionPageUrl, sessionTimes } from './live-session';
import { lockDueReminders, markReminded, sessionsOf } from './live.repository';

/** Reminders per transaction (their registrations stay locked while the e-mails go). */
const BATCH = 50;

export interface RemindersDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  auth: Peer;
  lessonAccess: Pick<LessonAccess, 'assertMayOpen'>;
  log: Logger;
  config: Pick<Config, 'PUBLIC_URL' | 'SITE_NAME' | 'INTERNAL_SECRET'>;
  now: () => Date;
}

/** The reminder e-mail in the person's language, with the one-click headers (RFC 8058) that stop live-session e-mails. */
export function reminderMail(
  session: LiveSessionRow,
  person: MailRecipient,
  { PUBLIC_URL: publicUrl, SITE_NAME: siteName, INTERNAL_SECRET: secret }: RemindersDeps['config'],
  now: Date,
): MailMessage {
  const { language, t } = mailTexts(person, siteName);
  const stop = unsubscribeLinks({ publicUrl, secret }, person.id, { kind: 'type', type: 'live-starting' });
  const { startsAt, endsAt } = sessionTimes(session);
  const minutes = Math.max(1, Math.round((startsAt.getTime() - now.getTime()) / 60_000));
  const base = publicUrl.replace(/\/+$/, '');
  const at = (date: Date) =>
    language === 'en' ? date.toUTCString() : `${formatDateTime(language, date)} UTC`;
  return withOneClick(
    {
      to: person.email,
      subject: t('live.subject', { count: minutes, title: session.title }),
      text: [
        t('mail.greeting', { name: person.name }),
        '',
        t('live.intro', { title: session.title, count: minutes, startsAt: at(startsAt), endsAt: at(endsAt) }),
        '',
        t('live.join'),
        session.join_url,
        '',
        t('live.board', { link: sessionPageUrl(publicUrl, session) }),
        t('live.calendar', { link: `${base}${calendarPath(session.product_id)}` }),
        '',
        t('live.why'),
        t('live.stop', { link: stop.page }),
        '',
        t('mail.signature'),
      ].join('\n'),
    },
    stop.oneClick,
    language,
  );
}

/**
 * The reminder e-mail LIVE_REMINDER_MINUTES before a session starts, to every registered member, once per
 * start time (a moved session reminds again). Registrations are locked while mailed (SKIP LOCKED: another
 * replica takes the others) and marked in the same transaction.
 */
export function createLiveReminders({ db, mailer, auth, lessonAccess, log, config, now }: RemindersDeps) {
  async function batch(): Promise<BatchResult> {
    return db.transaction().execute(async (trx) => {
      const at = now();
      const due = await lockDueReminders(trx, at, LIVE_REMINDER_MINUTES, BATCH);
      if (due.length === 0) return { locked: 0, settled: 0, sent: 0 };
      const sessions = new Map(
        (await sessionsOf(trx, [...new Set(due.map((d) => d.productId))])).map((s) => [s.product_id, s]),
      );
      const people = await lookupRecipients(
        auth,
        due.map((d) => d.userId),
      );
      const wanted = await mayEmail(
        trx,
        due.map((d) => d.userId),
        'live-starting',
      );
      let sent = 0;
      let settled = 0;
      for (const reminder of due) {
        const session = sessions.get(reminder.productId);
        const person = people.get(reminder.userId);
        // The join link goes only to those who may still open the webinar (a plan that ended: no reminder).
        // Live-session e-mails turned off (or every community e-mail stopped): marked, never sent.
        if (!wanted.has(reminder.userId)) {
          await markReminded(trx, reminder);
          settled += 1;
          continue;
        }
        const mayOpen =
          session && person
            ? await openableBy(lessonAccess, person, [{ productId: session.product_id, lessonId: null }])
            : () => false;
        if (!mayOpen) continue;
        if (session && person && mayOpen({ productId: session.product_id, lessonId: null })) {
          try {
            await mailer.send(reminderMail(session, person, config, at));
            sent += 1;
          } catch (error) {
            log.error(
              {
                userId: reminder.userId,
                productId: reminder.productId,
                err: error instanceof Error ? error.message : String(error),
              },
              'live reminder could not be sent',
            );
            continue;
          }
        }
        await markReminded(trx, reminder);
        settled += 1;
      }
      return { locked: due.length, settled, sent };
    });
  }

  return {
    /** Sends every reminder due now; answers how many went. */
    sendDue: () => drainBatches(batch, BATCH),
  };
}
export type LiveReminders = ReturnType<typeof createLiveReminders>;
