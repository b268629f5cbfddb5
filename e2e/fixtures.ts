import { test as base, expect, type Page, type APIRequestContext } from '@playwright/test';
import { demoAccounts, type DemoAccountKey } from '../packages/contracts/src/demo';
import { latestEmailIn } from './outbox';

export { expect };
export const demo = demoAccounts;
export const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/catalyst-e2e';

/** Signs in through the API and keeps the token where the app keeps it (sessionStorage.token). */
export async function loginAs(page: Page, who: DemoAccountKey | { email: string; password: string }) {
  const account = typeof who === 'string' ? demoAccounts[who] : who;
  const response = await page.request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), `login as ${account.email}`).toBe(200);
  const { data } = (await response.json()) as { data: { token: string } };
  if (page.url() === 'about:blank') {
    await page.goto('/privacy-policy');
    // A token kept before the app has taken over its first paint would change the page under its hydration.
    await appHasTakenOver(page, 'Privacy Policy');
  }
  await page.evaluate((token) => sessionStorage.setItem('token', token), data.token);
  return data.token;
}

/**
 * The gateway serves the welcome and legal pages with their first paint, which shows before the app's
 * code has run (its links are then plain links that load the next page whole); the app names the tab
 * once it has taken the page over.
 */
export async function appHasTakenOver(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} | Catalyst`);
}

/** Stores a cookie choice so the banner does not cover the page (tests of the banner skip this). */
export async function dismissCookieBanner(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('cookieConsent')) localStorage.setItem('cookieConsent', 'essential');
  });
}

/** A bearer token for API calls made by the test itself. */
export async function apiToken(request: APIRequestContext, who: DemoAccountKey): Promise<string> {
  const account = demoAccounts[who];
  const response = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), `login as ${account.email}`).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** A premium product as the member's API answers it. */
export interface PremiumProduct {
  _id: string;
  productId: string;
  title: string;
  /** Minutes. */
  duration: number | null;
  videoUrl: string | null;
}

/** A premium product with a playable video, looked up by its slug. */
export async function premiumProduct(
  request: APIRequestContext,
  token: string,
  slug: string,
): Promise<PremiumProduct> {
  const res = await request.get(`/api/v1/content/premium/products/${slug}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), `product ${slug}`).toBe(200);
  const product = ((await res.json()) as { data: PremiumProduct }).data;
  expect(product.videoUrl, `${slug} has a video`).toMatch(/^\/media\/videos\/[\w-]+\.mp4/);
  return product;
}

/** Puts the account's progress on a product back to the start (as the player's Reset does). */
export async function resetProgress(request: APIRequestContext, token: string, id: string) {
  const res = await request.patch(`/api/v1/content/progress/product/${id}/reset`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), 'resetting the progress').toBe(200);
}

/**
 * The newest e-mail written to the outbox (no SMTP in tests) addressed to `to`: by its To header, so a notice
 * to someone else that names the address (the old address told of the new one) is never taken for it.
 */
export const latestEmailTo = (to: string): string | undefined => latestEmailIn(dataDir, `to: ${to}`);

/**
 * The keys of an object store of one of the app's IndexedDB databases in the page's origin; none while
 * the database or the store is not there. It never creates the database (the app's own store would then
 * open without its object store).
 */
export const storeKeys = (page: Page, database: string, store: string) =>
  page.evaluate(
    ([database, store]) =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open(database);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return resolve([]);
          const keys = db.transaction(store).objectStore(store).getAllKeys();
          keys.onsuccess = () => {
            resolve(keys.result.map(String));
            db.close();
          };
        };
        open.onerror = () => resolve([]);
      }),
    [database, store] as const,
  );

/**
 * The addresses whose answers this tab's session keeps for offline use (web-kit's kept answers, IndexedDB).
 * A page keeps its answers once its first content is on screen: a test that takes the server away right
 * after a page shows waits for them first, as a person's next visit would find them.
 */
export const keptAnswerUrls = async (page: Page) =>
  // each key is "<hash of the session> <address>"
  (await storeKeys(page, 'catalyst-offline-answers', 'answers')).map((key) =>
    key.slice(key.indexOf(' ') + 1),
  );

/** A unique e-mail for a test-created account. */
export const uniqueEmail = (label = 'e2e') =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@test.example`;

export const test = base;
