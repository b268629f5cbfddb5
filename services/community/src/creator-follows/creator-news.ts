import type { Kysely } from 'kysely';
import { productPagePath, type CreatorSummary, type ProductSummary } from '@catalyst/contracts';
import type { Logger, Mailer, MailMessage, Peer } from '@catalyst/service-kit';
import type { CatalogClient } from '@catalyst/catalog-access';
import type { Database } from '../db/schema';
import {
  mailTexts,
  unsubscribeLinks,
  withOneClick,
  type MailRecipient,
  type MailSite,
} from '../notifications/notification-mail';
import { lookupRecipients } from '../notifications/recipients';
import type { Inbox } from '../notifications/inbox';
import { mayEmail } from '../notifications/inbox.repository';
import { lockWaitingNews, settleNews } from './creator-follows.repository';
import { creatorSummary } from './creator-summary';

/** Followers mailed per transaction: their news rows stay locked while their e-mails go. */
const PEOPLE_PER_ROUND = 25;

export interface CreatorNewsItem {
  product: ProductSummary;
  creator: CreatorSummary;
}

/**
 * One follower's e-mail, in their language: what the creators they follow published, each with its page, a
 * link to stop each creator's news (unfollowing), one to stop every community e-mail, and the one-click
 * headers (RFC 8058).
 */
export function creatorNewsMail(
  site: Omit<MailSite, 'intervalMinutes'>,
  recipient: MailRecipient,
  items: CreatorNewsItem[],
): MailMessage {
  const { language, t } = mailTexts(recipient, site.siteName);
  const base = site.publicUrl.replace(/\/+$/, '');
  const [first] = items;
  const subject =
    items.length === 1 && first
      ? t('news.subjectOne', { creator: first.creator.name, title: first.product.title })
      : t('news.subjectMany', { count: items.length });
  const lines = [t('mail.greeting', { name: recipient.name }), ''];
  const creators = new Map<string, CreatorSummary>();
  for (const { product, creator } of items) {
    creators.set(creator.id, creator);
    lines.push(
      t('news.published', { creator: creator.name, title: product.title }),
      `${base}${productPagePath(product.slug)}`,
      '',
    );
  }
  for (const creator of creators.values())
    lines.push(
      t('news.stopCreator', {
        creator: creator.name,
        link: unsubscribeLinks(site, recipient.id, { kind: 'creator', creatorId: creator.id }).page,
      }),
    );
  const all = unsubscribeLinks(site, recipient.id, { kind: 'all' });
  lines.push(t('news.stopAll', { link: all.page }), '', t('mail.signature'));
  return withOneClick({ to: recipient.email, subject, text: lines.join('\n') }, all.oneClick, language);
}

export interface CreatorNewsDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  auth: Peer;
  content: Peer;
  catalog: Pick<CatalogClient, 'lookup'>;
  log: Logger;
  site: Omit<MailSite, 'intervalMinutes'>;
  inbox: Pick<Inbox, 'notify'>;
}

/**
 * Mails the waiting news of up to PEOPLE_PER_ROUND followers in one transaction: an item no longer published
 * (or gone), or an account gone, is dropped without an e-mail; a row is settled only after its e-mail went, so
 * a failed send is tried again next round. Answers how many e-mails went.
 */
export async function sendCreatorNews({
  db,
  mailer,
  auth,
  content,
  catalog,
  log,
  site,
  inbox,
}: CreatorNewsDeps) {
  return db.transaction().execute(async (trx) => {
    const waiting = await lockWaitingNews(trx, PEOPLE_PER_ROUND);
    if (waiting.length === 0) return 0;
    const [people, products] = await Promise.all([
      lookupRecipients(
        auth,
        waiting.map((row) => row.userId),
      ),
      catalog.lookup([...new Set(waiting.map((row) => row.productId))]),
    ]);
    const creators = new Map<string, CreatorSummary | null>();
    for (const creatorId of new Set(waiting.map((row) => row.creatorId)))
      creators.set(creatorId, await creatorSummary(content, creatorId));
    const users = [...new Set(waiting.map((row) => row.userId))];
    const wanted = await mayEmail(trx, users, 'creator-news');
    let sent = 0;
    for (const userId of users) {
      const mine = waiting.filter((row) => row.userId === userId);
      const person = people.get(userId);
      const items = mine.flatMap((row) => {
        const product = products.get(row.productId);
        const creator = creators.get(row.creatorId);
        return product?.isPublished && creator ? [{ product, creator }] : [];
      });
      // In the app first (each item once, however often this round is tried again), then by e-mail if wanted.
      await inbox.notify(
        items.map(({ product, creator }) => ({
          userId,
          type: 'creator-news' as const,
          key: `creator-news:${product._id}`,
          words: { wording: 'creator-news', values: { creator: creator.name, title: product.title } },
          link: productPagePath(product.slug),
        })),
      );
      if (person && items.length > 0 && wanted.has(userId)) {
        await mailer.send(creatorNewsMail(site, person, items));
        sent += 1;
      } else if (items.length === 0 || !person)
        log.info({ userId }, 'creator news dropped: nothing still published, or the account is gone');
      await settleNews(
        trx,
        userId,
        mine.map((row) => row.productId),
      );
    }
    return sent;
  });
}
