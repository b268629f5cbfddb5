/**
 * `npx tsx scripts/screenshots.ts [--url http://localhost:8080] [--out docs/screenshots]`: every page a
 * person opens, as a visitor, a learner, the Premium member and the admin, at phone (390×844) and
 * desktop (1280×900) width. Without --url it starts its own product (as `npm start` does) on a free
 * port with a fresh data folder. Pages are found from the live catalogue, so the list stays true as the
 * demo data changes.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { isFreeProduct } from '../packages/contracts/src/catalog';
import { demoAccounts, type DemoAccountKey } from '../packages/contracts/src/demo';
import { launchChromium } from './lib/chromium';
import { startProduct } from './lib/product';
import { ROOT } from './lib/services';

type Who = 'visitor' | DemoAccountKey;
interface Shot {
  name: string;
  path: string;
  who: Who;
}

const WIDTHS = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 900 },
] as const;

async function pagesToShoot(base: string): Promise<Shot[]> {
  const products = (await (await fetch(`${base}/api/v1/content/products?limit=20`)).json()) as {
    data: { items: { slug: string; price: number | null; category: { slug: string }; creatorId: string }[] };
  };
  const first = products.data.items[0];
  const priced = products.data.items.find((item) => !isFreeProduct(item)) ?? first;
  if (!first) throw new Error('the catalogue is empty: nothing to photograph');
  const category = `/browse/category/${first.category.slug}`;
  return [
    { name: 'welcome', path: '/', who: 'visitor' },
    { name: 'pricing', path: '/pricing', who: 'visitor' },
    { name: 'privacy-policy', path: '/privacy-policy', who: 'visitor' },
    { name: 'terms', path: '/terms-and-conditions', who: 'visitor' },
    { name: 'not-found', path: '/no-such-page', who: 'visitor' },
    { name: 'dashboard-learner', path: '/', who: 'learner' },
    { name: 'dashboard-member', path: '/', who: 'member' },
    { name: 'about', path: '/about', who: 'learner' },
    { name: 'browse', path: '/browse', who: 'member' },
    { name: 'category', path: category, who: 'member' },
    { name: 'creator-library', path: `${category}/creator/${first.creatorId}`, who: 'member' },
    { name: 'product-member', path: `/browse/premium/product/${first.slug}`, who: 'member' },
    { name: 'product-learner', path: `/browse/premium/product/${first.slug}`, who: 'learner' },
    // a premium product sends a learner to the plans page, which says why
    { name: 'plans-after-premium-product', path: `/browse/premium/product/${priced!.slug}`, who: 'learner' },
    { name: 'not-found-product', path: '/browse/premium/product/no-such-product', who: 'member' },
    { name: 'not-found-category', path: '/browse/category/no-such-category', who: 'member' },
    { name: 'subscription-learner', path: '/subscription', who: 'learner' },
    { name: 'subscription-member', path: '/subscription', who: 'member' },
    { name: 'profile', path: '/profile', who: 'member' },
    { name: 'admin-dashboard', path: '/admin', who: 'admin' },
    { name: 'admin-products', path: '/admin/products', who: 'admin' },
    { name: 'admin-product-new', path: '/admin/products/new', who: 'admin' },
    { name: 'admin-categories', path: '/admin/categories', who: 'admin' },
    { name: 'admin-creators', path: '/admin/creators', who: 'admin' },
    { name: 'admin-users', path: '/admin/users', who: 'admin' },
  ];
}

async function signIn(base: string, who: DemoAccountKey): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAccounts[who].email, password: demoAccounts[who].password }),
  });
  if (!res.ok) throw new Error(`cannot sign in as ${who}: ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function shoot(browser: Browser, base: string, out: string, shots: Shot[]) {
  const tokens = new Map<Who, string>();
  for (const { label, width, height } of WIDTHS) {
    mkdirSync(path.join(out, label), { recursive: true });
    for (const shot of shots) {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: base });
      const page: Page = await context.newPage();
      await page.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
      if (shot.who !== 'visitor') {
        if (!tokens.has(shot.who)) tokens.set(shot.who, await signIn(base, shot.who));
        const token = tokens.get(shot.who)!;
        await page.addInitScript((t) => sessionStorage.setItem('token', t), token);
      }
      await page.goto(shot.path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      // JPEG keeps a full set small enough to keep in the repository
      const file = path.join(out, label, `${shot.name}.jpg`);
      await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 70 });
      console.log(`${label} ${shot.name} → ${path.relative(ROOT, file)}`);
      await context.close();
    }
  }
}

async function main() {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, out: { type: 'string', default: 'docs/screenshots' } },
  });
  const out = path.resolve(ROOT, values.out!);
  let stop = async () => {};
  let base = values.url;
  if (!base) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'catalyst-shots-'));
    const product = await startProduct({ dataDir });
    base = product.url;
    stop = async () => {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const browser = await launchChromium();
  try {
    await shoot(browser, base, out, await pagesToShoot(base));
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
