import {
  UNSUBSCRIBE_PAGE_PATH,
  followRoutes,
  lessonPagePath,
  productPagePath,
  routeUrl,
} from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { languageOrEnglish, type MailMessage, type TextValues } from '@catalyst/service-kit';
import { communityTexts } from '../i18n/en';
import type { PendingReply } from './notifications.repository';
import { signUnsubscribeToken, type UnsubscribeScope } from './unsubscribe-token';

export interface MailSite {
  publicUrl: string;
  siteName: string;
  secret: string;
  intervalMinutes: number;
}

const EXCERPT_CHARS = 200;

/** A reply's first words on one line (Markdown as written: an e-mail's text part shows it as text). */
export function excerpt(body: string, max = EXCERPT_CHARS): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Where an unsubscribe token works: the page (a person confirms) and the API (RFC 8058 one-click). */
export function unsubscribeLinks(
  site: Pick<MailSite, 'publicUrl' | 'secret'>,
  userId: string,
  scope: UnsubscribeScope,
) {
  const base = site.publicUrl.replace(/\/+$/, '');
  const token = signUnsubscribeToken(userId, scope, site.secret);
  return {
    page: `${base}${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`,
    oneClick: `${base}${routeUrl(followRoutes.unsubscribe, { query: { token } })}`,
  };
}

/** Whom a community e-mail goes to: auth's lookup answers each with their language, when they chose one. */
export interface MailRecipient {
  id: string;
  name: string;
  email: string;
  locale?: Language | undefined;
}

/** A community e-mail's texts in its recipient's language, the site's name filled in where a text names it. */
export function mailTexts(recipient: Pick<MailRecipient, 'locale'>, siteName: string) {
  const language = languageOrEnglish(recipient.locale);
  const t = (key: keyof typeof communityTexts.english, values?: TextValues) =>
    communityTexts.t(language, key, { siteName, ...values });
  return { language, t };
}

/**
 * A community e-mail with the RFC 8058 one-click unsubscribe headers, `oneClick` being its stop-all link's API;
 * in a language other than English it says which.
 */
export const withOneClick = (
  message: Omit<MailMessage, 'headers'>,
  oneClick: string,
  language: Language = 'en',
): MailMessage => ({
  ...message,
  headers: {
    'List-Unsubscribe': `<${oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    ...(language === 'en' ? {} : { 'Content-Language': language }),
  },
});

/** The page of a thread's product or lesson. */
export const threadLink = (site: MailSite, reply: Pick<PendingReply, 'productId' | 'lessonId'>) =>
  `${site.publicUrl.replace(/\/+$/, '')}${reply.lessonId ? lessonPagePath(reply.productId, reply.lessonId) : productPagePath(reply.productId)}`;

/**
 * One person's notification e-mail, in their language: every reply waiting for them, thread by thread (title,
 * link to the product or lesson, who replied and an excerpt), a link to stop each thread's e-mails, one to stop
 * them all, and the one-click List-Unsubscribe headers (scope: all community e-mail).
 */
export function notificationMail(
  site: MailSite,
  recipient: MailRecipient,
  replies: PendingReply[],
): MailMessage {
  const { language, t } = mailTexts(recipient, site.siteName);
  const threads = new Map<string, PendingReply[]>();
  for (const reply of replies) threads.set(reply.threadId, [...(threads.get(reply.threadId) ?? []), reply]);
  const [first] = replies;
  const subject =
    threads.size === 1 && first
      ? replies.length === 1
        ? t('replies.subjectOne', { author: first.authorName, thread: first.threadTitle })
        : t('replies.subjectThread', { count: replies.length, thread: first.threadTitle })
      : t('replies.subjectThreads', { count: replies.length, threads: threads.size });
  const all = unsubscribeLinks(site, recipient.id, { kind: 'all' });
  const lines = [t('mail.greeting', { name: recipient.name }), ''];
  for (const [threadId, list] of threads) {
    const head = list[0]!;
    lines.push(
      t('replies.threadHead', { thread: head.threadTitle, count: list.length }),
      threadLink(site, head),
      '',
    );
    for (const reply of list)
      lines.push(`  ${t('replies.replied', { author: reply.authorName })}`, `  ${excerpt(reply.body)}`, '');
    lines.push(
      t('replies.stopThread', {
        link: unsubscribeLinks(site, recipient.id, { kind: 'thread', threadId }).page,
      }),
      '',
    );
  }
  lines.push(
    t('replies.rhythm', { count: site.intervalMinutes }),
    t('replies.stopAll', { link: all.page }),
    '',
    t('mail.signature'),
  );
  return withOneClick({ to: recipient.email, subject, text: lines.join('\n') }, all.oneClick, language);
}
