import { sql, type Kysely } from 'kysely';
import { demoAccounts } from '@catalyst/contracts';
import { demoAssetId, demoEntityId, demoProductCode, demoVideoFor, measureDemoVideos, type Logger } from '@catalyst/service-kit';
import type { Database } from './db/schema';
import { demoCategories, demoCreators, demoProducts, howItWorks, thumbnailUrl } from './demo/catalogue';

/** Demo ids are derived from slugs, so every fresh start has the same ids (stable links in tests and notes). */
export const demoId = demoEntityId;
export const demoProductId = demoProductCode;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Durations are whole minutes (spec section 9): a lesson's real length, a short one counting as one minute. */
export const minutesOf = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60));
const CATALOGUE_START = Date.parse('2026-03-02T09:00:00Z');

/** The product's HTML content. The page shows the description above it, so the content never repeats it. */
function lessonHtml(p: (typeof demoProducts)[number], creatorName: string): string {
  const outcomes = p.outcomes.map((o) => `<li>${o}</li>`).join('');
  return [
    `<h3>What you will learn</h3>`,
    `<ul>${outcomes}</ul>`,
    `<h3>How it works</h3>`,
    `<p>${howItWorks[p.type]}</p>`,
    `<blockquote><p>“Small, steady steps beat occasional marathons.” — ${creatorName}</p></blockquote>`,
    `<h3>Before you start</h3>`,
    `<p>${p.difficulty === 'beginner' ? 'No prior experience is needed.' : p.difficulty === 'intermediate' ? 'You should be comfortable with the basics of the topic.' : 'This material assumes solid hands-on experience.'} Topics covered: ${p.tags.map((t) => `<code>${t}</code>`).join(', ')}.</p>`,
  ].join('\n');
}

/** Demo data for the content schema; only fills empty tables, so a second start changes nothing. */
export async function seedDemo(db: Kysely<Database>, log: Logger): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Serialise concurrent seeders (two starts at once) on one advisory lock.
    await sql`select pg_advisory_xact_lock(hashtext('content-demo-seed'))`.execute(trx);
    const { count } = await trx
      .selectNoFrom((eb) =>
        sql<number>`(select count(*) from categories) + (select count(*) from creators) + (select count(*) from products)`.as('count'),
      )
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) {
      log.info('content tables already hold data; demo seed skipped');
      return;
    }
    // Each product's duration is its lesson's real length; an unmeasurable lesson leaves it unknown.
    const lessonSeconds = await measureDemoVideos((video, error) => log.warn({ video, err: error.message }, 'demo lesson not measured; its products get no duration'));
    const admin = demoAccounts.admin;
    const seededAt = Date.now();
    await trx
      .insertInto('categories')
      .values(
        demoCategories.map((c, i) => ({
          id: demoId('category', c.slug),
          name: c.name,
          description: c.description,
          slug: c.slug,
          icon: c.icon,
          color: c.color,
          sort_order: i,
          created_at: new Date(CATALOGUE_START + i * DAY),
        })),
      )
      .execute();
    await trx
      .insertInto('creators')
      .values(
        demoCreators.map((c, i) => ({
          id: demoId('creator', c.slug),
          name: c.name,
          description: c.description,
          slug: c.slug,
          icon: c.icon,
          color: c.color,
          sort_order: i,
          created_at: new Date(CATALOGUE_START + i * 3 * DAY),
        })),
      )
      .execute();
    const creatorNames = new Map(demoCreators.map((c) => [c.slug, c.name]));
    const perCategory = new Map<string, number>();
    await trx
      .insertInto('products')
      .values(
        demoProducts.map((p, i) => {
          const position = perCategory.get(p.category) ?? 0;
          perCategory.set(p.category, position + 1);
          const creatorName = creatorNames.get(p.creator) ?? p.creator;
          const video = demoVideoFor(p.slug);
          const seconds = lessonSeconds.get(video);
          return {
            id: demoId('product', p.slug),
            product_id: demoProductId(p.slug),
            slug: p.slug,
            title: p.title,
            description: p.description,
            content: lessonHtml(p, creatorName),
            category_id: demoId('category', p.category),
            creator_id: demoId('creator', p.creator),
            type: p.type,
            difficulty: p.difficulty,
            duration: seconds === undefined ? null : minutesOf(seconds),
            thumbnail: thumbnailUrl(p.slug),
            video_url: video,
            media_asset_id: demoAssetId(video),
            tags: p.tags,
            price: p.price,
            instructor: creatorName,
            enrolled_students: (parseInt(demoEntityId('product', `students:${p.slug}`).slice(0, 6), 16) % 4800) + 120,
            is_published: true,
            is_featured: p.featured ?? false,
            sort_order: position,
            created_by_id: admin.id,
            created_by_name: admin.name,
            created_by_email: admin.email,
            // Spread over the six months before the seed, so "recently added" has something to sort and the
            // newest four (one each in design, business, photography and music) are inside the 'New' window.
            created_at: new Date(seededAt - (47 - ((i * 7) % 48)) * 4 * DAY - i * HOUR),
          };
        }),
      )
      .execute();
    log.info({ categories: demoCategories.length, creators: demoCreators.length, products: demoProducts.length }, 'demo catalogue seeded');
  });
}
