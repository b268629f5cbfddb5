import type { APIRequestContext, Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY, ROLE_HINT_STORAGE_KEY } from '../packages/web-kit/src/session/keys';
import { apiToken, demo, expect, test } from './fixtures';
import { bearer, lessonsOf, outlineOf } from './lib/course';
import { trackRequests } from './lib/quiet';

// The page must not move under the reader while its answers arrive. On a phone-sized screen every API answer
// is held back, so the session, the plan and the page's reads answer after the first paint, in both orders a
// slow network gives them: the kept session's check last (900 ms, the reads 400 ms) or first (200 ms, the reads
// 900 ms). The layout shifts the tab reports over the whole load (no input) must add up to at most BUDGET. Each
// shift's elements and rectangles are printed when one does not.
const BUDGET = 0.01;
interface Pace {
  name: string;
  /** How long the kept session's check (/auth/me) is held. */
  sessionMs: number;
  /** How long every other API answer is held. */
  answerMs: number;
}
const PACES: Pace[] = [
  { name: 'session checked last', sessionMs: 900, answerMs: 400 },
  { name: 'session checked first', sessionMs: 200, answerMs: 900 },
];

type Who = 'visitor' | keyof typeof demo;

interface Shift {
  at: number;
  value: number;
  sources: string[];
}

/** Records every layout shift from the document's start (before any of the page's scripts run). */
const RECORD_SHIFTS = () => {
  const shifts: Shift[] = [];
  Object.assign(window, { __shifts: shifts });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Array<{
      startTime: number;
      value: number;
      hadRecentInput: boolean;
      sources: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    }>) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        at: Math.round(entry.startTime),
        value: entry.value,
        sources: entry.sources.map(({ node, previousRect: from, currentRect: to }) => {
          const what =
            node instanceof Element
              ? `<${node.tagName.toLowerCase()}> "${(node.textContent ?? '').trim().slice(0, 40)}"`
              : String(node?.nodeName);
          return `${what} y ${Math.round(from.y)}→${Math.round(to.y)}, height ${Math.round(from.height)}→${Math.round(to.height)}`;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

const tokens = new Map<Who, string>();
async function tokenOf(request: APIRequestContext, who: Exclude<Who, 'visitor'>): Promise<string> {
  let token = tokens.get(who);
  if (!token) tokens.set(who, (token = await apiToken(request, who)));
  return token;
}

async function openSlowly(
  page: Page,
  request: APIRequestContext,
  path: string,
  who: Who,
  pace: Pace,
): Promise<Shift[]> {
  const kept = who === 'visitor' ? null : { token: await tokenOf(request, who), role: demo[who].role };
  await page.addInitScript(
    ({ kept, keys }) => {
      localStorage.setItem('cookieConsent', 'essential');
      if (kept) {
        sessionStorage.setItem(keys.token, kept.token);
        sessionStorage.setItem(keys.role, kept.role);
      }
    },
    { kept, keys: { token: TOKEN_STORAGE_KEY, role: ROLE_HINT_STORAGE_KEY } },
  );
  await page.addInitScript(RECORD_SHIFTS);
  await page.route('**/api/v1/**', async (route) => {
    await new Promise((resolve) =>
      setTimeout(resolve, route.request().url().includes('/auth/me') ? pace.sessionMs : pace.answerMs),
    );
    await route.continue().catch(() => undefined);
  });
  const requests = trackRequests(page);
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 20_000 });
  // Every read answered and every picture in (the video and event streams aside), and a second more with nothing
  // in flight: what those answers render has been painted.
  await requests.quiet(1_000);
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

function expectSteady(shifts: Shift[], what: string) {
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  const report = shifts
    .map((shift) => `  ${shift.at} ms: ${shift.value.toFixed(4)}\n    ${shift.sources.join('\n    ')}`)
    .join('\n');
  expect(
    total,
    `${what}: layout shifts add up to ${total.toFixed(4)} (budget ${BUDGET})\n${report}`,
  ).toBeLessThanOrEqual(BUDGET);
}

interface Places {
  categorySlug: string;
  creatorId: string;
  productId: string;
  lessonPath: string;
  certificateCode: string;
}

let places: Places | undefined;
async function placesOf(request: APIRequestContext): Promise<Places> {
  if (places) return places;
  const member = await tokenOf(request, 'member');
  const read = async <T>(path: string): Promise<T> => {
    const response = await request.get(`/api/v1${path}`, { headers: bearer(member) });
    expect(response.status(), `GET ${path}`).toBe(200);
    return ((await response.json()) as { data: T }).data;
  };
  // The first category with a creator (other journeys add categories of their own, some empty).
  const { items: categories } = await read<{ items: Array<{ slug: string }> }>('/content/categories');
  let categorySlug = '';
  let creatorId = '';
  for (const { slug } of categories) {
    const [creator] = await read<Array<{ _id: string }>>(`/users/premium/categories/${slug}/creators`);
    if (creator) {
      [categorySlug, creatorId] = [slug, creator._id];
      break;
    }
  }
  expect(creatorId, 'a listed category has a creator').not.toBe('');
  const { items: products } = await read<{ items: Array<{ productId: string; slug: string; type: string }> }>(
    '/content/products?limit=50',
  );
  const video = products.find((product) => product.type === 'video') ?? products[0]!;
  let lessonPath = '';
  for (const product of products) {
    const [first] = lessonsOf(await outlineOf(request, product.slug));
    if (first) {
      lessonPath = `/browse/premium/product/${product.productId}/lesson/${first.id}`;
      break;
    }
  }
  expect(lessonPath, 'the demo catalogue has a course with lessons').not.toBe('');
  // The member's certificate is issued on their first read of their certificates.
  const [certificate] = await read<Array<{ code: string }>>('/certificates');
  expect(certificate?.code, 'the member has a certificate').toMatch(/^[0-9A-Z]{10}$/);
  places = {
    categorySlug,
    creatorId,
    productId: video.productId,
    lessonPath,
    certificateCode: certificate!.code,
  };
  return places;
}

const PAGES: Array<{ name: string; who: Who; path: (places: Places) => string }> = [
  { name: 'welcome', who: 'visitor', path: () => '/' },
  // served with its content by the gateway, then the app's page in its place (gateway/src/course-pages.ts)
  { name: 'course page', who: 'visitor', path: () => '/courses/css-grid-layout-workshop' },
  { name: 'dashboard', who: 'member', path: () => '/' },
  { name: 'browse', who: 'visitor', path: () => '/browse' },
  { name: 'browse', who: 'learner', path: () => '/browse' },
  { name: 'browse', who: 'member', path: () => '/browse' },
  { name: 'category', who: 'member', path: (p) => `/browse/category/${p.categorySlug}` },
  {
    name: 'creator library',
    who: 'member',
    path: (p) => `/browse/category/${p.categorySlug}/creator/${p.creatorId}`,
  },
  { name: 'product page', who: 'member', path: (p) => `/browse/premium/product/${p.productId}` },
  { name: 'course lesson', who: 'member', path: (p) => p.lessonPath },
  { name: 'about', who: 'member', path: () => '/about' },
  { name: 'subscription', who: 'learner', path: () => '/subscription' },
  { name: 'subscription', who: 'member', path: () => '/subscription' },
  { name: 'profile', who: 'member', path: () => '/profile' },
  { name: 'learning record', who: 'member', path: () => '/learning' },
  { name: 'certificate check', who: 'visitor', path: (p) => `/certificates/${p.certificateCode}` },
  { name: 'admin dashboard', who: 'admin', path: () => '/admin' },
  { name: 'admin products', who: 'admin', path: () => '/admin/products' },
  { name: 'admin categories', who: 'admin', path: () => '/admin/categories' },
  { name: 'admin creators', who: 'admin', path: () => '/admin/creators' },
];

for (const pace of PACES) {
  test.describe(`pages hold still while their answers arrive (phone, slow answers, ${pace.name})`, () => {
    test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

    for (const { name, who, path } of PAGES) {
      // A visitor has no session to check: one pace is enough.
      if (who === 'visitor' && pace !== PACES[0]) continue;
      test(`${name} as ${who === 'visitor' ? 'a visitor' : `the ${who}`}`, async ({ page, request }) => {
        const address = path(await placesOf(request));
        expectSteady(
          await openSlowly(page, request, address, who, pace),
          `${address} as ${who}, ${pace.name}`,
        );
      });
    }
  });
}
