import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { injectCoursePage } from './course-pages';
import { sendJson, startGateway, startStandIn, type RunningGateway, type StandIn } from './testing/upstreams';

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Catalyst</title>' +
  '<meta name="description" content="The whole site">' +
  '<link as="script" fetchpriority="low" href="/early.0a1b2c3d4e.js" rel="preload">' +
  '<link as="script" fetchpriority="low" href="/main.3f9a1c07ab.js" rel="preload">' +
  '<link as="fetch" crossorigin href="/mf/remotes.json" rel="preload">' +
  '<script defer src="/early.0a1b2c3d4e.js"></script>' +
  '<script data-after-first-paint defer src="/main.3f9a1c07ab.js"></script>' +
  '</head><body><div id="root"></div></body></html>';

/** A PNG's signature and IHDR chunk: 1200×630 (what media's card answers begin with). */
const PNG_HEAD = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR', 'ascii'),
  Buffer.from([0, 0, 0x04, 0xb0, 0, 0, 0x02, 0x76, 8, 2, 0, 0, 0]),
]);

const ID = '65a1b2c3d4e5f60718293a4b';
const product = (over: Record<string, unknown> = {}) => ({
  _id: ID,
  productId: 'P1',
  slug: 'guitar-basics',
  title: 'Guitar Basics',
  description: 'Learn chords, strumming and your first three songs.',
  categoryId: '65a1b2c3d4e5f60718293a01',
  category: { _id: '65a1b2c3d4e5f60718293a01', name: 'Music', slug: 'music' },
  creatorId: '65a1b2c3d4e5f60718293a02',
  creator: { _id: '65a1b2c3d4e5f60718293a02', name: 'Ana Strings', slug: 'ana' },
  type: 'course',
  difficulty: 'beginner',
  duration: 30,
  thumbnail: '/api/v1/media/images/abc/w640.webp',
  tags: [],
  price: 10,
  instructor: null,
  enrolledStudents: 3,
  isActive: true,
  isPublished: true,
  isFeatured: false,
  sortOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  ratingAverage: 4.5,
  ratingCount: 2,
  ...over,
});
const EVIL = {
  ...product({
    _id: '65a1b2c3d4e5f60718293a4c',
    slug: 'evil',
    title: 'Bad </script><script>alert(1)</script>',
  }),
};
const DRAFT = product({ _id: '65a1b2c3d4e5f60718293a4d', slug: 'draft-course', isPublished: false });
const OTHER = product({ _id: '65a1b2c3d4e5f60718293a4e', slug: 'guitar-two', title: 'Guitar Two' });

describe('public course pages, the sitemap and robots.txt', () => {
  let root: string;
  let content: StandIn;
  let media: StandIn;
  let gateway: RunningGateway;
  const get = (p: string) => fetch(`${gateway.url}${p}`);

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'gateway-course-pages-'));
    mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
    writeFileSync(path.join(root, 'shell/dist/index.html'), INDEX);
    content = await startStandIn('content');
    content.handle((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const bySlug: Record<string, unknown> = { 'guitar-basics': product(), evil: EVIL, [ID]: product() };
      const one = /^\/content\/products\/([^/]+)$/.exec(url.pathname);
      if (one) {
        const found = bySlug[one[1]!];
        if (!found) sendJson(res, 404, { success: false, error: { message: 'Product not found' } });
        else sendJson(res, 200, { success: true, data: found });
        return true;
      }
      if (url.pathname.endsWith('/curriculum')) {
        sendJson(res, 200, {
          success: true,
          data: {
            productId: ID,
            version: 1,
            lessonCount: 1,
            durationSeconds: 300,
            sections: [
              {
                id: '65a1b2c3d4e5f60718293a10',
                title: 'First chords',
                durationSeconds: 300,
                lessons: [
                  {
                    id: '65a1b2c3d4e5f60718293a11',
                    title: 'The C chord',
                    kind: 'video',
                    durationSeconds: 300,
                    isFreePreview: true,
                    resourceCount: 0,
                  },
                ],
              },
            ],
          },
        });
        return true;
      }
      if (url.pathname.endsWith('/reviews')) {
        sendJson(res, 200, {
          success: true,
          data: {
            items: [
              {
                _id: '65a1b2c3d4e5f60718293a20',
                productId: ID,
                rating: 5,
                body: 'Great',
                bodyHtml: '<p>Great course</p>',
                author: { _id: '65a1b2c3d4e5f60718293a21', name: 'Bo' },
                helpfulCount: 0,
                createdAt: '2026-01-01T00:00:00.000Z',
                updatedAt: '2026-01-01T00:00:00.000Z',
                reply: null,
              },
            ],
            nextCursor: null,
            rating: { average: 4.5, count: 2 },
          },
        });
        return true;
      }
      if (url.pathname === '/content/products') {
        // content lists only published products; a draft slipping in must still stay out
        const items = [product(), OTHER, DRAFT];
        sendJson(res, 200, { success: true, data: { items, total: items.length, page: 1, limit: 100 } });
        return true;
      }
      if (url.pathname === '/content/categories') {
        sendJson(res, 200, {
          success: true,
          data: { items: [{ ...product().category, isActive: true }], total: 1, page: 1, limit: 100 },
        });
        return true;
      }
      return false;
    });
    // media draws the courses' cards (services/media/src/cards): here a PNG's first bytes, 1200×630 in its header
    media = await startStandIn('media');
    media.handle((req, res) => {
      const card = /^\/media\/cards\/([^/?]+)\.png\?v=[0-9a-f]{12}$/.exec(req.url ?? '');
      if (!card) return false;
      if (card[1] !== 'guitar-basics' && card[1] !== 'evil') {
        sendJson(res, 404, { success: false, message: 'Course not found' });
        return true;
      }
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=3600' });
      res.end(PNG_HEAD);
      return true;
    });
    gateway = await startGateway({
      STATIC_ROOT: root,
      CONTENT_URL: content.url,
      MEDIA_URL: media.url,
      SITE_NAME: 'Acme Learning',
    });
  });
  afterAll(async () => {
    await gateway.close();
    await content.close();
    await media.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves a course page with its content, head tags and Course JSON-LD in the HTML', async () => {
    const response = await get('/courses/guitar-basics');
    expect(response.status).toBe(200);
    const { window } = new JSDOM(await response.text());
    const doc = window.document;
    const origin = gateway.url;
    expect(doc.title).toBe('Guitar Basics | Acme Learning');
    const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[name="description"]')).toBe('Learn chords, strumming and your first three songs.');
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${origin}/courses/guitar-basics`,
    );
    expect(meta('meta[property="og:title"]')).toBe('Guitar Basics');
    expect(meta('meta[property="og:url"]')).toBe(`${origin}/courses/guitar-basics`);
    // the course's card, drawn by media, at an address with its version
    const card = meta('meta[property="og:image"]')!;
    expect(card).toMatch(new RegExp(`^${origin}/api/v1/media/cards/guitar-basics\\.png\\?v=[0-9a-f]{12}$`));
    expect(meta('meta[name="twitter:image"]')).toBe(card);
    expect(meta('meta[property="og:image:width"]')).toBe('1200');
    expect(meta('meta[property="og:image:height"]')).toBe('630');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    const root = doc.getElementById('root')!;
    expect(root.getAttribute('data-first-paint')).toBe('*');
    // the app renders its own page beside this one and takes its place once that shows its content
    expect(root.hasAttribute('data-served-page')).toBe(true);
    expect(root.querySelector('h1')?.textContent).toBe('Guitar Basics');
    // the course's picture first, at its size before it loads, fetched first: the page's largest paint
    const hero = root.querySelector('article > img:first-child')!;
    expect(['src', 'width', 'height', 'fetchpriority', 'alt'].map((name) => hero.getAttribute(name))).toEqual(
      ['/api/v1/media/images/abc/w640.webp', '640', '360', 'high', ''],
    );
    // the app's code is not preloaded: it loads once the page has
    expect(
      doc.querySelectorAll('link[rel="preload"][as="script"], link[rel="preload"][as="fetch"]'),
    ).toHaveLength(0);
    // preloaded first in <head>, before the app's scripts
    const preload = doc.head.firstElementChild!;
    expect(['rel', 'as', 'href', 'fetchpriority'].map((name) => preload.getAttribute(name))).toEqual([
      'preload',
      'image',
      '/api/v1/media/images/abc/w640.webp',
      'high',
    ]);
    expect(root.textContent).toContain('The C chord 5 min Free preview');
    expect(root.textContent).toContain('Great course');
    expect(root.textContent).toContain('Rated 4.5 out of 5 (2 reviews)');
    expect(root.querySelector('a[href="/courses/guitar-two"]')?.textContent).toBe('Guitar Two');
    expect(root.querySelector('a[href="/browse/premium/product/P1"]')?.textContent).toBe('Continue');
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Guitar Basics',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2 },
    });
  });

  it("puts the page in the app's frame, in place of its page spinner", () => {
    const frame =
      '<div class="app"><header>Acme</header><main id="main" class="main"><div role="status">Loading</div></main></div>';
    const html = injectCoursePage(
      INDEX,
      '<title>Guitar Basics | Acme</title>',
      '<h1>Guitar Basics</h1>',
      frame,
    );
    const doc = new JSDOM(html).window.document;
    const root = doc.getElementById('root')!;
    expect(root.querySelector('header')?.textContent).toBe('Acme');
    expect(root.querySelector('main#main')?.innerHTML).toBe('<h1>Guitar Basics</h1>');
    expect(root.querySelector('[role="status"]')).toBeNull();
    expect(doc.title).toBe('Guitar Basics | Acme');
  });

  it("names a card whose address answers the course's image, another title's at another address", async () => {
    const cardOf = async (slug: string) => {
      const html = await (await get(`/courses/${slug}`)).text();
      return new JSDOM(html).window.document
        .querySelector('meta[property="og:image"]')!
        .getAttribute('content')!
        .slice(gateway.url.length);
    };
    const card = await cardOf('guitar-basics');
    const response = await get(card);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    // another title: another version in the address
    const other = await cardOf('evil');
    expect(other.split('?v=')[0]).toBe('/api/v1/media/cards/evil.png');
    expect(other.split('?v=')[1]).not.toBe(card.split('?v=')[1]);
    const missing = await get('/api/v1/media/cards/no-such-course.png?v=0123456789ab');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, message: 'Course not found' });
  });

  it('escapes a title that tries to close the JSON-LD script', async () => {
    const html = await (await get('/courses/evil')).text();
    expect(html).not.toContain('</script><script>alert(1)');
    const { window } = new JSDOM(html);
    const scripts = window.document.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]!.textContent!).name).toBe('Bad </script><script>alert(1)</script>');
    expect(window.document.querySelector('h1')?.textContent).toBe('Bad </script><script>alert(1)</script>');
  });

  it('answers an unknown course with the app (its 404 page) and a 404 status', async () => {
    const response = await get('/courses/no-such-course');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root"');
    expect((await get('/courses/not_a_slug!')).status).toBe(404);
  });

  it('lists every public page in the sitemap, never a draft, and robots.txt names it', async () => {
    const response = await get('/sitemap.xml');
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replace(gateway.url, ''));
    expect(locs).toEqual([
      '/',
      '/browse',
      '/browse/category/music',
      '/browse/category/music/creator/65a1b2c3d4e5f60718293a02',
      '/creators/ana',
      '/courses/guitar-basics',
      '/courses/guitar-two',
    ]);
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${gateway.url}/sitemap.xml`);
    // the course cards (og:image) are under the API, which is otherwise not crawled
    expect(robots.split('\n')).toEqual(
      expect.arrayContaining(['Allow: /api/v1/media/cards/', 'Disallow: /api/', 'Disallow: /admin']),
    );
  });
});
