/**
 * Scenario 8: the release registry unreachable (Postgres stopped) while a released catalog is promoted.
 * /mf/remotes.json keeps answering the last known releases from the gateway's memory, a browser that
 * cannot get the answer at all uses the copy it kept, so pages keep their remotes (never a blank page);
 * once Postgres is back, a rollback is served again within seconds.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchTestChromium } from '../../scripts/lib/chromium';
import { contentHash, readBuildFacts, versionOf } from '../../gateway/src/releases/manifest';
import { openRegistry, releaseStoreOf } from '../../scripts/release/registry';
import { showsAll, visitorPage } from './lib/browser';
import type { Checks } from './lib/checks';
import type { Environment } from './lib/environment';
import { call, sleep, waitFor } from './lib/http';

const CHANGED = 'Browse Categories — registry drill';
const TAGLINE = 'Where the change happens.';

/** The catalog version /mf/remotes.json names right now (undefined when it does not answer). */
async function servedCatalog(base: string): Promise<string | undefined> {
  const answer = await call(base, 'GET', '/mf/remotes.json', { timeoutMs: 5_000 });
  return answer.status === 200
    ? (answer.body as { releases?: Record<string, string> } | undefined)?.releases?.catalog
    : undefined;
}

export async function registryDown(env: Environment, checks: Checks) {
  checks.begin('8. The release registry unreachable: browsers keep the last known remotes');
  const base = env.url;
  const registryEnv = { ...process.env, DATABASE_URL: env.postgres.url(), STATIC_ROOT: env.staticRoot };

  // A changed catalog, released and promoted as `npm run release` and `npm run remotes -- promote` would.
  const build = mkdtempSync(path.join(os.tmpdir(), 'catalyst-registry-drill-'));
  // With the build's times: a script changed below is then newer than its compressed copies, which publish leaves
  // out as stale. Copied at the current time, a copy and its rewritten script could share one of the kernel's
  // 4 ms timestamp ticks, count as fresh, and the old text's copy was published and served (a CI run, Node 24).
  cpSync(path.join(env.staticRoot, 'mfe-catalog', 'dist'), build, {
    recursive: true,
    preserveTimestamps: true,
  });
  for (const file of readdirSync(build).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(path.join(build, file), 'utf8');
    if (text.includes('Browse Categories'))
      writeFileSync(path.join(build, file), text.replaceAll('Browse Categories', CHANGED));
  }
  const version = versionOf('drill', await contentHash(build));
  const { repo, close } = await openRegistry(registryEnv);
  try {
    await releaseStoreOf(registryEnv).publish('catalog', version, build);
    await repo.record({
      remote: 'catalog',
      version,
      label: 'drill',
      releasedBy: 'fault suite',
      gitCommit: null,
      ...(await readBuildFacts(build)),
    });
    await repo.promote('catalog', version, 'fault suite');
  } finally {
    await close();
    rmSync(build, { recursive: true, force: true });
  }
  const promoted = (await waitFor(async () => (await servedCatalog(base)) === version, 10_000)) !== undefined;
  if (!checks.check('the promoted release is served within seconds', promoted, version)) return;

  const browser = await launchTestChromium();
  try {
    const seen = await visitorPage(browser, base);
    await seen.goto('/browse');
    const ran = await showsAll(seen, [CHANGED]);
    checks.check('a browser runs the promoted release', ran.ok, ran.detail);

    await env.postgres.stop();
    try {
      await sleep(3_000);
      const answer = await call(base, 'GET', '/mf/remotes.json', { timeoutMs: 5_000 });
      const catalog = (answer.body as { releases?: Record<string, string> } | undefined)?.releases?.catalog;
      checks.check(
        'with Postgres stopped, /mf/remotes.json still answers the last known releases',
        answer.status === 200 && catalog === version,
        `HTTP ${answer.status}, catalog ${catalog}`,
      );

      const newcomer = await visitorPage(browser, base);
      await newcomer.goto('/browse');
      const newcomerShows = await showsAll(newcomer, [CHANGED, TAGLINE]);
      checks.check(
        'a new browser gets the shell and the promoted catalog (never a blank page)',
        newcomerShows.ok,
        newcomerShows.detail,
      );

      // The registry's answer itself unreachable: the browser's own copy keeps its remotes.
      await seen.route('**/mf/remotes.json', (route) => route.abort('connectionrefused'));
      await seen.reload();
      const kept = await showsAll(seen, [CHANGED, TAGLINE]);
      checks.check(
        'a browser that cannot reach /mf/remotes.json at all loads the remotes it saw last',
        kept.ok,
        kept.detail,
      );
    } finally {
      await env.postgres.start();
    }

    const { repo: again, close: closeAgain } = await openRegistry(registryEnv);
    try {
      await again.rollback('catalog', 'fault suite');
    } finally {
      await closeAgain();
    }
    const back = (await waitFor(async () => (await servedCatalog(base)) === 'dist', 15_000)) !== undefined;
    checks.check('once Postgres is back, a rollback is served again without a restart', back);
  } finally {
    await browser.close();
  }
}
