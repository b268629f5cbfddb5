import {
  UNSUBSCRIBE_PAGE_PATH,
  followRoutes,
  lessonPagePath,
  productPagePath,
  routeUrl,
} from '@catalyst/contracts';
import type { MailMessage } from '@catalyst/service-kit';
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

/** A community e-mail with the RFC 8058 one-click unsubscribe headers, `oneClick` being its stop-all link's API. */
export const withOneClick = (message: Omit<MailMessage, 'headers'>, oneClick: string): MailMessage => ({
  ...message,
  headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
});

/** The page of a thread's product or lesson. */
export const threadLink = (site: MailSite, reply: Pick<PendingReply, 'productId' | 'lessonId'>) =>
  `${site.publicUrl.replace(/\/+$/, '')}${reply.lessonId ? lessonPagePath(reply.productId, reply.lessonId) : productPagePath(reply.productId)}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One person's notification e-mail: every reply waiting for them, thread by thread (title, link to the
 * product or lesson, who replied and an excerpt), a link to stop each thread's e-mails, one to stop them
 * all, and the one-click List-Unsubscribe headers (scope: all community e-mail).
 */
export function notificationMail(
  site: MailSite,
  recipient: { id: string; name: string; email: string },
  replies: PendingReply[],
): MailMessage {
  const threads = new Map<string, PendingReply[]>();
  for (const reply of replies) threads.set(reply.threadId, [...(threads.get(reply.threadId) ?? []), reply]);
  const [first] = replies;
  const subject =
    threads.size === 1 && first
      ? replies.length === 1
        ? `${first.authorName} replied in “${first.threadTitle}”`
        : `${replies.length} new replies in “${first.threadTitle}”`
      : `${plural(replies.length, 'new reply', 'new replies')} in ${threads.size} discussions you follow`;
  const all = unsubscribeLinks(site, recipient.id, { kind: 'all' });
  const lines = [`Hi ${recipient.name},`, ''];
  for (const [threadId, list] of threads) {
    const head = list[0]!;
    lines.push(
      `“${head.threadTitle}”: ${plural(list.length, 'new reply', 'new replies')}`,
      threadLink(site, head),
      '',
    );
    for (const reply of list) lines.push(`  ${reply.authorName} replied:`, `  ${excerpt(reply.body)}`, '');
    lines.push(
      `Stop e-mails about this discussion: ${unsubscribeLinks(site, recipient.id, { kind: 'thread', threadId }).page}`,
      '',
    );
  }
  lines.push(
    `You get at most one of these e-mails every ${plural(site.intervalMinutes, 'minute', 'minutes')}; later replies wait for the next one.`,
    `Stop all discussion e-mails: ${all.page}`,
    '',
    `— ${site.siteName}`,
  );
  return withOneClick({ to: recipient.email, subject, text: lines.join('\n') }, all.oneClick);
}
