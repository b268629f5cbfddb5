import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { inCanary } from '../gateway/src/releases/canary';
import { dataDir, demo, dismissCookieBanner, expect, loginAs, test } from './fixtures';

// Versioned releases of a remote, end to end: the release command, the registry CLI, and what browsers load.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const staticRoot = path.join(dataDir, 'static');
const CHANGED_HEADING = 'Browse Categories — v2 release';
const BUCKET_COOKIE = 'catalyst_release_bucket';

test.describe.configure({ mode: 'serial' });

/** A repository script, against the suite's registry (npm start's runtime.json in DATA_DIR) and release folders. */
function run(script: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, STATIC_ROOT: staticRoot };
  delete env.DATABASE_URL;
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, script), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A copy of a remote's build the gateway serves, changed by `patch` (a build the team made elsewhere). */
function remoteBuild(remote: string, patch: (dir: string) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-e2e-release-'));
  cpSync(path.join(staticRoot, `mfe-${remote}`, 'dist'), dir, { recursive: true });
  patch(dir);
  return dir;
}
const catalogBuild = (patch: (dir: string) => void) => remoteBuild('catalog', patch);

const releasedVersion = (stdout: string, remote = 'catalog') =>
  new RegExp(`released ${remote} (\\S+)`).exec(stdout)?.[1];

/** The load nonce a browser in the canary got with the release (the canary journey keeps it). */
let canaryLoadNonce = '';

async function served(page: Page, remote: string): Promise<string> {
  const answer = (await (await page.request.get('/mf/remotes.json')).json()) as {
    releases: Record<string, string>;
  };
  return answer.releases[remote]!;
}
const servedCatalog = (page: Page) => served(page, 'catalog');

async function browse(page: Page) {
  await page.goto('/browse');
  await expect(page.getByTestId('remote-catalog').first()).toBeVisible();
}

let version = '';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('a released catalog, promoted, is what a reload shows; a rollback brings the old one back, with no restart', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await browse(page);
  await expect(page.getByRole('heading', { name: 'Browse Categories', exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.__CATALYST_RELEASES__?.catalog)).toBe('dist');

  const build = catalogBuild((dir) => {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      if (text.includes('Browse Categories'))
        writeFileSync(path.join(dir, file), text.replaceAll('Browse Categories', CHANGED_HEADING));
    }
  });
  try {
    const released = run('scripts/release/release.ts', ['catalog', '--label', 'e2e-v2', '--from', build]);
    expect(released.status, released.stderr).toBe(0);
    version = releasedVersion(released.stdout)!;
    expect(version).toMatch(/^e2e-v2-[0-9a-f]{10}$/);
  } finally {
    rmSync(build, { recursive: true, force: true });
  }

  // Released is not served: only a promotion changes what browsers load.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Browse Categories', exact: true })).toBeVisible();

  const promoted = run('scripts/remotes.ts', ['promote', 'catalog', version]);
  expect(promoted.status, promoted.stdout + promoted.stderr).toBe(0);
  await expect.poll(() => servedCatalog(page)).toBe(version);
  await page.reload();
  await expect(page.getByRole('heading', { name: CHANGED_HEADING })).toBeVisible();
  expect(await page.evaluate(() => window.__CATALYST_RELEASES__?.catalog)).toBe(version);
  const file = await page.request.get(`/mf/catalog/${version}/mf-manifest.json`, {
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // The release stored a brotli copy of each file: sent as it is, the same manifest once decoded.
  expect(file.headers()['content-encoding']).toBe('br');
  expect(((await file.json()) as { name?: string }).name).toBe('catalog');

  const listed = run('scripts/remotes.ts', ['list']);
  expect(listed.stdout).toMatch(new RegExp(`current\\s+${version}`));

  const rolledBack = run('scripts/remotes.ts', ['rollback', 'catalog']);
  expect(rolledBack.stdout).toContain('catalog is back on dist.');
  await expect.poll(() => servedCatalog(page)).toBe('dist');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Browse Categories', exact: true })).toBeVisible();
});

/** A browser whose canary bucket is fixed by its cookie, as the gateway would have set it. */
async function browserWithBucket(browser: Browser, baseURL: string, id: string) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: BUCKET_COOKIE, value: id, url: baseURL }]);
  const page = await context.newPage();
  await dismissCookieBanner(page);
  return { context, page };
}

test('a 50% canary serves two people two versions, each the same one on every reload', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(version, 'the release of the first journey').not.toBe('');
  const canary = run('scripts/remotes.ts', ['canary', 'catalog', version, '50']);
  expect(canary.status, canary.stdout + canary.stderr).toBe(0);

  let inside = '';
  let outside = '';
  for (let i = 0; !inside || !outside; i++) {
    const id = `e2e-browser-${i}-canary`;
    if (inCanary(id, 'catalog', 50)) inside ||= id;
    else outside ||= id;
  }
  const early = await browserWithBucket(browser, baseURL!, inside);
  const late = await browserWithBucket(browser, baseURL!, outside);
  try {
    await expect
      .poll(async () => (await early.page.request.get('/mf/remotes.json')).headers()['x-catalyst-releases'])
      .toContain(`catalog=${version}`);
    // The nonce a load of the canary gets (a load-error report counts only with one; the next journey sends it).
    const answer = (await (await early.page.request.get('/mf/remotes.json')).json()) as {
      loadNonces: Record<string, string>;
    };
    canaryLoadNonce = answer.loadNonces.catalog!;
    for (let round = 0; round < 3; round++) {
      await browse(early.page);
      await expect(early.page.getByRole('heading', { name: CHANGED_HEADING })).toBeVisible();
      expect(await early.page.evaluate(() => window.__CATALYST_RELEASES__?.catalog)).toBe(version);
      await browse(late.page);
      await expect(late.page.getByRole('heading', { name: 'Browse Categories', exact: true })).toBeVisible();
      expect(await late.page.evaluate(() => window.__CATALYST_RELEASES__?.catalog)).toBe('dist');
    }
  } finally {
    await early.context.close();
    await late.context.close();
  }
  // One action ends a bad canary.
  const stopped = run('scripts/remotes.ts', ['rollback', 'catalog']);
  expect(stopped.stdout).toContain('The canary of catalog ended: everyone runs dist.');
});

test('the admin releases page shows load errors per version, and promotes and rolls back, each confirmed', async ({
  page,
}) => {
  expect(version, 'the release of the first journey').not.toBe('');
  // A browser that could not load the release reports it with its load's nonce, as the shell does; a
  // stranger's report without one is received but not counted.
  for (const nonce of [undefined, canaryLoadNonce]) {
    const report = await page.request.post('/api/v1/client-errors', {
      data: {
        message: 'Remote module catalog/BrowseRoutes could not be loaded',
        remote: 'catalog',
        release: version,
        nonce,
      },
    });
    expect(report.status()).toBe(202);
  }
  await loginAs(page, 'admin');
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Releases', exact: true }).click();
  const catalog = page.getByTestId('releases-catalog');
  const row = catalog.locator(`[data-testid="release-row"][data-version="${version}"]`);
  await expect(row.getByTestId('load-errors')).toHaveText('1');
  await expect(
    catalog.locator('[data-testid="release-row"][data-version="dist"]').getByText('Current'),
  ).toBeVisible();

  await row.getByRole('button', { name: 'Promote' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Promote' }).click();
  await expect(page.getByText(`catalog now runs ${version} for everyone.`)).toBeVisible();
  await expect(row.getByText('Current')).toBeVisible();
  await expect.poll(() => servedCatalog(page)).toBe(version);

  await catalog.getByRole('button', { name: 'Roll back' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByText('catalog is back on dist.')).toBeVisible();
  await expect.poll(() => servedCatalog(page)).toBe('dist');
});

test('a release whose react range the shell cannot satisfy is refused, with its reason, and recorded nowhere', async () => {
  test.setTimeout(240_000);
  const build = catalogBuild((dir) => {
    const manifestFile = path.join(dir, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      shared: Array<{ name: string; version: string; requiredVersion: string }>;
    };
    for (const shared of manifest.shared) {
      if (shared.name === 'react' || shared.name === 'react-dom')
        Object.assign(shared, { version: '18.3.1', requiredVersion: '^18.2.0' });
    }
    writeFileSync(manifestFile, JSON.stringify(manifest));
  });
  try {
    const before = run('scripts/remotes.ts', ['list']).stdout;
    const refused = run('scripts/release/release.ts', ['catalog', '--label', 'e2e-react18', '--from', build]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('release of catalog refused by the contract checks');
    expect(refused.stderr).toMatch(/react.*18/);
    expect(run('scripts/remotes.ts', ['list']).stdout).toBe(before);
  } finally {
    rmSync(build, { recursive: true, force: true });
  }
});

test("a page an account release adds is reachable with no shell rebuild; an address no release publishes gets the shell's 404", async ({
  page,
}) => {
  test.setTimeout(240_000);
  /** Releases a copy of the account's build, changed by `patch`; its version. */
  const release = (label: string, patch: (dir: string) => void) => {
    const build = remoteBuild('account', patch);
    try {
      const released = run('scripts/release/release.ts', ['account', '--label', label, '--from', build]);
      expect(released.status, released.stderr).toBe(0);
      return releasedVersion(released.stdout, 'account')!;
    } finally {
      rmSync(build, { recursive: true, force: true });
    }
  };
  const promote = async (version: string) => {
    const promoted = run('scripts/remotes.ts', ['promote', 'account', version]);
    expect(promoted.status, promoted.stdout + promoted.stderr).toBe(0);
    await expect.poll(() => served(page, 'account')).toBe(version);
  };
  const notFound = page.getByRole('heading', { name: '404 - Page Not Found' });
  // The account's release before the page: the same build, its routes.json without /account/.
  const before = release('e2e-before-page', (dir) => {
    const file = path.join(dir, 'routes.json');
    const routes = JSON.parse(readFileSync(file, 'utf8')) as { pages: Array<{ path: string }> };
    routes.pages = routes.pages.filter((entry) => entry.path !== '/account/');
    writeFileSync(file, JSON.stringify(routes));
  });
  const withPage = release('e2e-account-page', () => undefined);
  try {
    await promote(before);
    await loginAs(page, 'learner');
    await page.goto('/account');
    await expect(notFound).toBeVisible();
    const shell = await page.evaluate(() => window.__CATALYST_RELEASES__?.shell);
    expect(shell).toBeDefined();

    // The next release publishes the page: promoted, the next load mounts it, with the same shell.
    await promote(withPage);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    await expect(page.getByText(/^Signed in as/)).toHaveText(
      `Signed in as ${demo.learner.name} (${demo.learner.email})`,
    );
    const parts = page.getByRole('navigation', { name: 'Your account' });
    await expect(parts.getByRole('link', { name: 'Learning record' })).toHaveAttribute('href', '/learning');
    expect(await page.evaluate(() => window.__CATALYST_RELEASES__)).toMatchObject({
      account: withPage,
      shell,
    });
    await parts.getByRole('link', { name: 'Learning record' }).click();
    await expect(page.getByRole('heading', { name: 'Learning record', level: 1 })).toBeVisible();

    // An address no release publishes still gets the shell's 404, under the account's paths and elsewhere.
    for (const address of ['/account/nothing-here', '/no-such-page']) {
      await page.goto(address);
      await expect(notFound).toBeVisible();
    }
  } finally {
    run('scripts/remotes.ts', ['promote', 'account', 'dist']);
  }
});
