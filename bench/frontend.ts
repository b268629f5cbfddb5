/**
 * What a learner feels: each page visited by a fresh Chromium profile (playwright-core, /usr/bin/chromium)
 * with the CPU throttled 4× and a fast-4G network profile set through CDP. For each visit: the JavaScript
 * it downloaded (raw and gzip bytes), LCP, CLS (largest session window, as web-vitals computes it),
 * whether any admin remote file was requested, and on a repeat visit in the same profile whether every
 * content-hashed asset came from the browser cache.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { ROLE_HINT_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@catalyst/web-kit/session-keys';
import { launchChromium } from '../scripts/lib/chromium';

/** Chrome DevTools' "Fast 4G" preset (latency and throughput already include its adjustment factors). */
const FAST_4G = {
  offline: false,
  latency: 165,
  downloadThroughput: (9 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (1.5 * 1024 * 1024 * 0.9) / 8,
};
export const CPU_SLOWDOWN = 4;

export interface PageVisit {
  name: string;
  page: string;
  jsFiles: number;
  jsBytes: number;
  jsGzipBytes: number;
  /** Milliseconds from navigation start. */
  lcp: number;
  lcpElement: string;
  fcp: number;
  cls: number;
  /** Elements that moved, for finding the shift. */
  shiftSources: string[];
  requestedAdminRemote: boolean;
  /** Content-hashed assets of the first visit loaded again by the repeat visit, and which of them missed the cache. */
  repeat: { hashedAssets: number; fromCache: number; fromNetwork: string[] };
}

export { launchChromium };

// Runs in the page before any of its scripts: records LCP and CLS session windows (web-vitals' rules).
// A string, not a function: the TypeScript loader wraps named functions in helpers the page does not have.
const OBSERVE_VITALS = `(() => {
  const v = (window.__vitals = { lcp: 0, lcpElement: '', cls: 0, sources: [] });
  const describe = (node) => node && node.tagName
    ? node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (typeof node.className === 'string' && node.className ? '.' + node.className.split(' ')[0] : '')
    : '';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      v.lcp = entry.startTime;
      v.lcpElement = describe(entry.element) || entry.url || '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let value = 0, first = 0, last = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (value > 0 && entry.startTime - last < 1000 && entry.startTime - first < 5000) { value += entry.value; last = entry.startTime; }
      else { value = entry.value; first = last = entry.startTime; }
      v.cls = Math.max(v.cls, value);
      for (const source of entry.sources || []) v.sources.push(describe(source.node) + ' ' + entry.value.toFixed(4));
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

const HASHED_ASSET = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|png|jpe?g|svg|webp|avif)(?:\?|$)/;

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

async function settle(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
  // LCP candidates and late shifts are reported a frame or two after the network goes quiet.
  await page.waitForTimeout(1_000);
}

export interface VisitPlan {
  name: string;
  path: string;
  /** A signed-in visit: what the session store keeps in sessionStorage after a sign-in in that tab. */
  session?: { token: string; role: 'user' | 'admin' };
}

/**
 * The product the front end's product page opens: the first listed product that is a single video (no
 * curriculum), as the member sees it at `/browse/premium/product/<productId>`. `except` leaves one out
 * (the course bench grows a course of its own into a curriculum).
 */
export async function singleVideoProduct(
  baseUrl: string,
  except: ReadonlySet<string> = new Set(),
): Promise<{ productId: string; _id: string; slug: string }> {
  const listed = (await (await fetch(new URL('/api/v1/content/products?limit=20', baseUrl))).json()) as {
    data: { items: Array<{ productId: string; _id: string; slug: string }> };
  };
  for (const item of listed.data.items) {
    if (except.has(item._id) || except.has(item.slug)) continue;
    const outline = (await (
      await fetch(new URL(`/api/v1/content/products/${item.slug}/curriculum`, baseUrl))
    ).json()) as { data: { lessonCount: number } };
    if (outline.data.lessonCount === 0) return item;
  }
  throw new Error('no single-video product among the first 20 listed');
}

export async function measureVisit(browser: Browser, baseUrl: string, plan: VisitPlan): Promise<PageVisit> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
    if (plan.session) {
      const kept = { [TOKEN_STORAGE_KEY]: plan.session.token, [ROLE_HINT_STORAGE_KEY]: plan.session.role };
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
      }, kept);
    }
    await context.addInitScript(OBSERVE_VITALS);
    const url = new URL(plan.path, baseUrl).toString();

    // First visit: empty cache.
    const page = await context.newPage();
    await throttle(page);
    let jsBytes = 0;
    let jsGzipBytes = 0;
    let jsFiles = 0;
    let requestedAdminRemote = false;
    const firstVisitAssets = new Set<string>();
    const bodies: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/mf/admin/')) requestedAdminRemote = true;
      if (HASHED_ASSET.test(new URL(response.url()).pathname)) firstVisitAssets.add(response.url());
      if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
      bodies.push(
        response
          .body()
          .then((body) => {
            jsFiles += 1;
            jsBytes += body.length;
            jsGzipBytes += gzipSync(body, { level: 6 }).length;
          })
          .catch(() => undefined),
      );
    });
    await settle(page, url);
    await Promise.all(bodies);
    const vitals = await page.evaluate(
      () =>
        (
          window as unknown as {
            __vitals: { lcp: number; lcpElement: string; cls: number; sources: string[] };
          }
        ).__vitals,
    );
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    );
    await page.close();

    // Repeat visit in the same profile: every content-hashed asset must come from the cache.
    const again = await context.newPage();
    const cdp = await throttle(again);
    const urls = new Map<string, string>();
    const cached = new Set<string>();
    cdp.on(
      'Network.requestWillBeSent',
      (e: { requestId: string; request: { url: string } }) => void urls.set(e.requestId, e.request.url),
    );
    cdp.on('Network.requestServedFromCache', (e: { requestId: string }) => void cached.add(e.requestId));
    cdp.on(
      'Network.responseReceived',
      (e: {
        requestId: string;
        response: { url: string; fromDiskCache?: boolean; fromPrefetchCache?: boolean; status: number };
      }) => {
        urls.set(e.requestId, e.response.url);
        if (e.response.fromDiskCache || e.response.fromPrefetchCache) cached.add(e.requestId);
      },
    );
    await settle(again, url);
    // Assets the first visit loaded (a build deployed in between legitimately brings new names).
    const hashed = [...urls].filter(([, u]) => firstVisitAssets.has(u));
    const fromNetwork = [
      ...new Set(hashed.filter(([id]) => !cached.has(id)).map(([, u]) => new URL(u).pathname)),
    ];
    return {
      name: plan.name,
      page: plan.path,
      jsFiles,
      jsBytes,
      jsGzipBytes,
      lcp: Math.round(vitals.lcp),
      lcpElement: vitals.lcpElement,
      fcp: Math.round(fcp),
      cls: Math.round(vitals.cls * 10_000) / 10_000,
      shiftSources: vitals.sources.slice(0, 10),
      requestedAdminRemote,
      repeat: {
        hashedAssets: new Set(hashed.map(([, u]) => u)).size,
        fromCache: new Set(hashed.filter(([id]) => cached.has(id)).map(([, u]) => u)).size,
        fromNetwork,
      },
    };
  } finally {
    await context.close();
  }
}
