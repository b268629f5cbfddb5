// Public course pages (/courses/{slug}), the sitemap and robots.txt. A course page is rendered here at
// request time from content's public answers (the product, its curriculum outline, its first reviews and
// its category's other products), so search engines and link previews read it in the HTML: <title>, meta
// description, canonical, Open Graph and Twitter cards, and schema.org Course JSON-LD. What content
// answered is kept briefly in a TtlLru (products change; a minute is what a crawler may see stale). The
// markup goes inside #root as the app's frame does (data-first-paint="*"): the app's own course page
// (mfe-catalog) renders over it once its chunk has arrived, with the call to action that fits the viewer.
import type { Request, RequestHandler } from 'express';
import { TtlLru, type Logger } from '@catalyst/service-kit';
import { CARD_HEIGHT, CARD_WIDTH, COURSE_CARDS_PATH, courseCardUrl } from '@catalyst/contracts/course-card';
import { thumbnailSrcSet } from '@catalyst/contracts/images';
import { APP_FRAME, SERVED_PAGE_ATTRIBUTE } from '@catalyst/web-kit/first-paint';
import {
  categoryPath,
  coursePagePath,
  creatorLibraryPath,
  creatorPagePath,
  productPath,
} from '@catalyst/web-kit/paths';
import {
  API_PREFIX,
  categoryRoutes,
  curriculumRoutes,
  productRoutes,
  reviewRoutes,
  routeUrl,
  type Category,
  type CurriculumOutline,
  type PublicProduct,
  type Review,
} from '@catalyst/contracts';
import { injectFirstPaint } from './first-paint';
import { scriptSafeJson } from './static';

export const COURSE_PAGE_PREFIX = '/courses/';

/** What a course page is rendered from. */
export interface CourseData {
  product: PublicProduct;
  outline: CurriculumOutline | null;
  reviews: Review[];
  related: PublicProduct[];
}

export interface CoursePagesOptions {
  contentUrl: string;
  log: Logger;
  /** How long content's answers are kept (ms); 0 reads them every time. */
  ttlMs: number;
  maxEntries?: number;
  timeoutMs?: number;
}

const SLUG = /^[A-Za-z0-9-]{1,120}$/;
const FIRST_REVIEWS = 3;
const RELATED = 4;
const SITEMAP_PAGES = 50;

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** At most `max` characters of plain text, cut at a word with an ellipsis. */
const summary = (text: string, max = 160) => {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
};

const minutes = (seconds: number | null | undefined) =>
  seconds == null ? '' : seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;

/** The origin the page is addressed at (trust proxy decides what X-Forwarded-* may say). */
export const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

const absolute = (origin: string, url: string | null | undefined) =>
  !url ? undefined : /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

/** schema.org Course, with aggregateRating when the product has ratings. */
export function courseJsonLd(data: CourseData, origin: string): Record<string, unknown> {
  const { product } = data;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: product.title,
    description: summary(product.description, 500),
    url: `${origin}${coursePagePath(product.slug)}`,
    ...(product.thumbnail ? { image: absolute(origin, product.thumbnail) } : {}),
    provider: { '@type': 'Organization', name: product.creator.name },
    ...(product.ratingCount && product.ratingAverage != null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.ratingAverage,
            ratingCount: product.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * The tags of <head>: title, description, canonical, Open Graph, Twitter card, JSON-LD. The card's image is
 * the course's link-preview card, which the media service draws (GET /api/v1/media/cards/<slug>.png?v=<version>,
 * `@catalyst/contracts/course-card`: a new title, creator or rating is a new version, so a new address).
 */
export function courseHead(data: CourseData, origin: string, siteName: string): string {
  const { product } = data;
  const url = `${origin}${coursePagePath(product.slug)}`;
  const title = `${product.title} | ${siteName}`;
  const description = summary(product.description) || product.title;
  const image = absolute(origin, courseCardUrl(product, siteName))!;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return [
    heroPreload(product),
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', product.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(CARD_WIDTH)),
    meta('property', 'og:image:height', String(CARD_HEIGHT)),
    meta('property', 'og:image:alt', product.title),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', product.title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    `<script type="application/ld+json">${scriptSafeJson(courseJsonLd(data, origin))}</script>`,
  ].join('');
}

/**
 * The served page's own styles (the catalogue's stylesheet comes with the app): the same boxes as
 * mfe-catalog's CourseLandingPage.module.css gives its .page and .hero, so the app's page takes the place of
 * this one without moving its hero, the page's largest paint.
 */
export const COURSE_PAGE_STYLE =
  '<style>.course-page{display:grid;gap:var(--space-5,1.5rem);max-width:60rem}' +
  '.course-hero{display:block;width:100%;max-width:40rem;height:auto;aspect-ratio:16/9;object-fit:cover;border-radius:0.75rem}' +
  '.course-meta{color:var(--color-text-muted,#555)}</style>';

/** The hero's `sizes`: it fills the page's width on a phone, at most 40rem (CourseLandingPage's too). */
export const COURSE_HERO_SIZES = '(min-width: 45rem) 40rem, 100vw';

/**
 * The hero's preload, first in <head>: fetched at high priority before the app's scripts (preloaded at low
 * priority below it) take the connections, so the page's largest paint comes right after its first.
 */
function heroPreload(product: PublicProduct): string {
  if (!product.thumbnail) return '';
  const srcSet = thumbnailSrcSet(product.thumbnail);
  return (
    `<link rel="preload" as="image" href="${escapeHtml(product.thumbnail)}"` +
    (srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${COURSE_HERO_SIZES}"` : '') +
    ` fetchpriority="high">`
  );
}

/** The course's thumbnail at the top of the page: painted from the HTML, the page's largest paint. */
function hero(product: PublicProduct): string {
  if (!product.thumbnail) return '';
  const srcSet = thumbnailSrcSet(product.thumbnail);
  return (
    `<img class="course-hero" src="${escapeHtml(product.thumbnail)}"` +
    (srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="${COURSE_HERO_SIZES}"` : '') +
    ` width="640" height="360" alt="" fetchpriority="high">`
  );
}

/**
 * The page as a visitor sees it, in the order the app's course page shows it (the app renders the same
 * content over it, with the call to action that fits the viewer): the page inside <main>.
 */
export function courseBody(data: CourseData): string {
  const { product, outline, reviews, related } = data;
  const rating =
    product.ratingCount && product.ratingAverage != null
      ? `<p>Rated ${product.ratingAverage.toFixed(1)} out of 5 (${product.ratingCount} ${product.ratingCount === 1 ? 'review' : 'reviews'})</p>`
      : '';
  const sections = (outline?.sections ?? [])
    .map(
      (section) =>
        `<li><h3>${escapeHtml(section.title)} <small>${minutes(section.durationSeconds)}</small></h3><ol>${section.lessons
          .map(
            (lesson) =>
              `<li>${escapeHtml(lesson.title)} <small>${minutes(lesson.durationSeconds)}</small>${lesson.isFreePreview ? ' <strong>Free preview</strong>' : ''}</li>`,
          )
          .join('')}</ol></li>`,
    )
    .join('');
  const curriculum = sections
    ? `<section><h2>Curriculum</h2><p>${outline!.lessonCount} lessons, ${minutes(outline!.durationSeconds)}</p><ol>${sections}</ol></section>`
    : '';
  const reviewList = reviews.length
    ? `<section><h2>Reviews</h2><ul>${reviews
        .map(
          (review) =>
            `<li><p>${review.rating} out of 5, by ${escapeHtml(review.author.name)}</p>${review.bodyHtml}</li>`,
        )
        .join('')}</ul></section>`
    : '';
  const relatedList = related.length
    ? `<section><h2>Related courses</h2><ul>${related
        .map((other) => `<li><a href="${coursePagePath(other.slug)}">${escapeHtml(other.title)}</a></li>`)
        .join('')}</ul></section>`
    : '';
  return (
    `<div class="course-page"><article>${hero(product)}<h1>${escapeHtml(product.title)}</h1>` +
    `<p class="course-meta">By <a href="${creatorPagePath(product.creator.slug)}">${escapeHtml(product.creator.name)}</a>` +
    ` in <a href="${categoryPath(product.category.slug)}">${escapeHtml(product.category.name)}</a></p>${rating}` +
    `<p><button type="button">Sign up</button> <a href="${productPath(product)}">Continue</a></p>` +
    `<section><h2>What you will learn</h2><p>${escapeHtml(product.description)}</p></section>` +
    `${curriculum}${reviewList}${relatedList}</article></div>`
  );
}

/** content answers its declared paths without the gateway's API prefix. */
const contentPath = (address: string) => address.slice(API_PREFIX.length);

interface Answer<T> {
  success: boolean;
  data: T;
}

export function createCoursePages(options: CoursePagesOptions) {
  const { contentUrl, log, timeoutMs = 3_000 } = options;
  const kept = new TtlLru<string, Promise<unknown>>(options.maxEntries ?? 500, options.ttlMs);

  /** content's public answer at `path`; null for a 404; thrown otherwise. Kept for ttlMs (failures are not). */
  function read<T>(path: string): Promise<T | null> {
    const hit = kept.get(path) as Promise<T | null> | undefined;
    if (hit) return hit;
    const pending = (async () => {
      const response = await fetch(`${contentUrl}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`content answered ${response.status} for ${path}`);
      return ((await response.json()) as Answer<T>).data;
    })();
    kept.set(path, pending);
    pending.catch(() => kept.delete(path));
    return pending;
  }

  /** A published product's page data, or null when there is no such public product. */
  async function course(slug: string): Promise<CourseData | null> {
    if (!SLUG.test(slug)) return null;
    const product = await read<PublicProduct>(
      contentPath(routeUrl(productRoutes.get, { params: { idOrSlug: slug } })),
    );
    if (!product || !product.isPublished || product.slug !== slug) return null;
    const idOrSlug = product._id;
    const [outline, reviews, related] = await Promise.all([
      read<CurriculumOutline>(
        contentPath(routeUrl(curriculumRoutes.outline, { params: { idOrSlug } })),
      ).catch(() => null),
      read<{ items: Review[] }>(
        contentPath(
          routeUrl(reviewRoutes.list, {
            params: { idOrSlug },
            query: { sort: 'helpful', limit: FIRST_REVIEWS },
          }),
        ),
      ).catch(() => null),
      read<{ items: PublicProduct[] }>(
        contentPath(
          routeUrl(productRoutes.list, { query: { category: product.category.slug, limit: RELATED + 1 } }),
        ),
      ).catch(() => null),
    ]);
    return {
      product,
      outline,
      reviews: (reviews?.items ?? []).slice(0, FIRST_REVIEWS),
      related: (related?.items ?? []).filter((other) => other._id !== product._id).slice(0, RELATED),
    };
  }

  /** Every published product (the listing window's pages). */
  async function allProducts(): Promise<PublicProduct[]> {
    const products: PublicProduct[] = [];
    for (let page = 1; page <= SITEMAP_PAGES; page++) {
      const answer = await read<{ items: PublicProduct[]; total: number }>(
        contentPath(routeUrl(productRoutes.list, { query: { limit: 100, page, sort: 'newest' } })),
      );
      const items = answer?.items ?? [];
      products.push(...items);
      if (items.length < 100 || products.length >= (answer?.total ?? 0)) break;
    }
    return products.filter((product) => product.isPublished);
  }

  /** /sitemap.xml: home, browse, categories, creators' libraries and pages, and every published course page. */
  async function sitemap(origin: string): Promise<string> {
    const [products, categories] = await Promise.all([
      allProducts(),
      read<{ items: Category[] } | Category[]>(
        contentPath(routeUrl(categoryRoutes.listUnderContent, { query: { limit: 100 } })),
      ).then((answer) => (Array.isArray(answer) ? answer : (answer?.items ?? []))),
    ]);
    const paths = new Set<string>(['/', '/browse']);
    for (const category of categories) if (category.isActive) paths.add(categoryPath(category.slug));
    for (const product of products) {
      paths.add(creatorLibraryPath(product.category.slug, product.creatorId));
      paths.add(creatorPagePath(product.creator.slug));
      paths.add(coursePagePath(product.slug));
    }
    const urls = [...paths].map((path) => `<url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`).join('');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
  }

  return { course, sitemap, log };
}
export type CoursePages = ReturnType<typeof createCoursePages>;

/**
 * robots.txt: everything but the API and the admin pages may be crawled; the sitemap is named. The course
 * cards (og:image, under the API) are allowed: link-preview crawlers that honour robots.txt (Twitterbot) show no
 * image they may not fetch, and the longer Allow wins over the Disallow.
 */
export const robotsHandler: RequestHandler = (req, res) => {
  res.setHeader('cache-control', 'public, max-age=3600');
  res
    .type('text/plain')
    .send(
      `User-agent: *\nAllow: ${COURSE_CARDS_PATH}\nDisallow: /api/\nDisallow: /admin\nSitemap: ${originOf(req)}/sitemap.xml\n`,
    );
};

export const sitemapHandler =
  (pages: CoursePages): RequestHandler =>
  async (req, res, next) => {
    try {
      const xml = await pages.sitemap(originOf(req));
      res.setHeader('cache-control', 'public, max-age=300');
      res.type('application/xml').send(xml);
    } catch (error) {
      next(error);
    }
  };

const FRAME_MAIN = /(<main\b[^>]*>)[\s\S]*?(<\/main>)/;
/** index.html's preloads of the app's scripts and of /mf/remotes.json: a served page loads the app after its own load. */
const APP_PRELOADS = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="(?:script|fetch)")[^>]*>/gi;

/**
 * The course page inside index.html (plain, #root empty): its head tags (the shell's <title> and description
 * replaced) and its markup in #root, in the app's frame's <main> (`frame`, the build's first paint of it; in a
 * <main> of its own without one), marked as a served page: the app's code is not preloaded (the early entry
 * loads it once the page has loaded), and the app renders its own page beside it and takes its place once that
 * shows its content (SERVED_PAGE_ATTRIBUTE).
 */
export function injectCoursePage(html: string, head: string, body: string, frame?: string): string {
  const framed =
    frame && FRAME_MAIN.test(frame)
      ? frame.replace(FRAME_MAIN, (_, open: string, close: string) => `${open}${body}${close}`)
      : `<main>${body}</main>`;
  const page = injectFirstPaint(html, APP_FRAME, framed);
  if (page === html) return html;
  return page
    .replace('<div id="root" ', `<div id="root" ${SERVED_PAGE_ATTRIBUTE} `)
    .replace(APP_PRELOADS, '')
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta name="description"[^>]*>/i, '')
    .replace(/<head\b[^>]*>/i, (tag) => `${tag}${head}${COURSE_PAGE_STYLE}`);
}
