/**
 * Scenario 4: a remote's files missing, its manifest broken, or its code gone behind a valid manifest.
 * Its area shows the contained fallback with Retry; every other route works; Retry recovers once fixed.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchTestChromium } from '../../scripts/lib/chromium';
import { demoAccounts, type Page as ListPage, type PublicProduct } from '@catalyst/contracts';
import { BROWSER_WAIT_MS, visible } from './lib/browser';
import type { Checks } from './lib/checks';
import type { Environment } from './lib/environment';
import { call, type ApiBody } from './lib/http';

const FALLBACK = "This section couldn't be loaded";
const TAGLINE = 'Where the change happens.';

interface Fault {
  name: string;
  remote: 'catalog' | 'player' | 'account';
  /** Where the broken remote renders. */
  route: string;
  /** Breaks the deployed build; answers the undo. */
  inject: (dist: string) => () => void;
}

/** The whole build folder gone (a failed deploy). */
function removeFolder(dist: string) {
  const hidden = `${dist}.hidden`;
  renameSync(dist, hidden);
  return () => {
    rmSync(dist, { recursive: true, force: true });
    renameSync(hidden, dist);
  };
}

/** mf-manifest.json is not JSON any more (a truncated upload). */
function breakManifest(dist: string) {
  const manifest = path.join(dist, 'mf-manifest.json');
  const original = readFileSync(manifest);
  writeFileSync(manifest, '{"id": "player", "name": ');
  return () => writeFileSync(manifest, original);
}

/** The manifest is fine but every script it names is gone. */
function removeScripts(dist: string) {
  const moved: string[] = [];
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    renameSync(path.join(dist, file), path.join(dist, `${file}.hidden`));
    moved.push(file);
  }
  return () => {
    for (const file of moved)
      if (existsSync(path.join(dist, `${file}.hidden`)))
        renameSync(path.join(dist, `${file}.hidden`), path.join(dist, file));
  };
}

async function signedInPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  await context.addInitScript(() => {
    if (!localStorage.getItem('cookieConsent')) localStorage.setItem('cookieConsent', 'essential');
  });
  const page = await context.newPage();
  const response = await context.request.post('/api/v1/auth/login', {
    data: { email: demoAccounts.member.email, password: demoAccounts.member.password },
  });
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  await page.goto('/privacy-policy');
  // A token kept before the app has taken over its first paint would change the page under its hydration.
  await page.waitForFunction(() => document.title.startsWith('Privacy Policy'));
  await page.evaluate((t) => sessionStorage.setItem('token', t), token);
  return page;
}

export async function remoteBroken(env: Environment, checks: Checks) {
  checks.begin('4. A remote missing or broken: its fallback shows, everything else works');
  const base = env.url;
  const list = await call<ApiBody<ListPage<PublicProduct>>>(base, 'GET', '/api/v1/content/products?limit=1');
  const slug = list.body?.data?.items?.[0]?.slug as string;
  const pages: Record<'catalog' | 'player' | 'account', string> = {
    catalog: '/browse',
    player: `/browse/premium/product/${slug}`,
    account: '/profile',
  };
  const faults: Fault[] = [
    { name: 'build folder missing', remote: 'catalog', route: pages.catalog, inject: removeFolder },
    { name: 'manifest broken', remote: 'player', route: pages.player, inject: breakManifest },
    {
      name: 'scripts missing behind a valid manifest',
      remote: 'account',
      route: pages.account,
      inject: removeScripts,
    },
  ];

  const browser = await launchTestChromium();
  let pagesVisited = 0;
  try {
    for (const fault of faults) {
      const dist = path.join(env.staticRoot, `mfe-${fault.remote}`, 'dist');
      const undo = fault.inject(dist);
      let undone = false;
      const page = await signedInPage(browser, base);
      try {
        await page.goto(fault.route);
        pagesVisited++;
        const fallback = await visible(page.getByText(FALLBACK));
        const retry = await visible(page.getByRole('button', { name: 'Retry' }));
        const shell = await visible(page.getByText(TAGLINE));
        checks.check(
          `${fault.remote} ${fault.name}: ${fault.route} shows the fallback with Retry inside the shell`,
          fallback && retry && shell,
          `fallback ${fallback}, retry ${retry}, shell ${shell}`,
        );

        // Every other remote and a shell page, in the same tab (client-side navigation and fresh loads).
        const broken: string[] = [];
        for (const [other, route] of Object.entries(pages)) {
          if (other === fault.remote) continue;
          await page.goto(route);
          pagesVisited++;
          if (!(await visible(page.getByTestId(`remote-${other}`)))) broken.push(route);
        }
        await page.goto('/about');
        pagesVisited++;
        if (!(await visible(page.getByText(TAGLINE)))) broken.push('/about');
        const api = await call(base, 'GET', '/api/v1/content/categories');
        if (api.status !== 200) broken.push(`API ${api.status}`);
        checks.check(
          `${fault.remote} ${fault.name}: every other route works`,
          broken.length === 0,
          broken.join(', ') || `${Object.keys(pages).length - 1} remotes, /about, the API`,
        );

        // Fixed deployment: Retry loads the real remote without a reload.
        await page.goto(fault.route);
        await visible(page.getByText(FALLBACK));
        undo();
        undone = true;
        await page
          .getByRole('button', { name: 'Retry' })
          .first()
          .click({ timeout: BROWSER_WAIT_MS })
          .catch(() => undefined);
        const recovered = await visible(page.getByTestId(`remote-${fault.remote}`));
        checks.check(`${fault.remote} ${fault.name}: once fixed, Retry loads the remote`, recovered);
      } finally {
        if (!undone) undo();
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
  }
  checks.figure(`faults injected ${faults.length}, pages visited ${pagesVisited}`);
}
