import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MODULES } from '../../mfe-player/src/community/communityModules';
import { REMOTE_NAMES, type RemoteName } from '../../packages/web-kit/src/remote-ids';
import { SHELL_WIDGETS } from '../../shell/src/federation/widgets';
import {
  checkExposes,
  checkPageClashes,
  checkRelease,
  checkShared,
  checkWebKitImports,
  currentShellShared,
  federatedImports,
  pageImports,
  readRoutes,
  ROOT,
  SHELL_SHARED_FILE,
  TYPES_DIR,
  WEB_KIT_IMPORTS_FILE,
  webKitExports,
  webKitImportsOf,
  writeReleaseContract,
  writeReleaseTypes,
  type ReleaseManifest,
  type ShellShared,
} from './contract-checks';
import { manifestAsBuilt, releaseDir, writeRoutes } from './fixtures/manifest-as-built';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', `${name}.mf-manifest.json`);
const readFixture = async (name: string) =>
  JSON.parse(await readFile(fixture(name), 'utf8')) as ReleaseManifest;

/** A shell as the fixtures were built against. */
const shell: ShellShared = {
  react: { version: '19.3.1', requiredVersion: '^19.2.0' },
  'react-dom': { version: '19.3.1', requiredVersion: '^19.2.0' },
  'react-router-dom': { version: '7.18.5', requiredVersion: '^7.9.0' },
  '@catalyst/web-kit': { version: '0.1.0', requiredVersion: '^0.1.0' },
};

const withShared = (
  manifest: ReleaseManifest,
  name: string,
  change: Partial<ReleaseManifest['shared'][number]>,
): ReleaseManifest => ({
  ...manifest,
  shared: manifest.shared.map((entry) => (entry.name === name ? { ...entry, ...change } : entry)),
});
/** `file:line` of the line matching `pattern` in a repository file (where a table declares an entry). */
const at = (file: string, pattern: RegExp) => {
  const index = readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .findIndex((line) => pattern.test(line));
  if (index < 0) throw new Error(`no line of ${file} matches ${pattern}`);
  return `${file}:${index + 1}`;
};
const TOP_COURSES = at(
  'shell/src/federation/widgets.ts',
  /topCourses: \{ remote: 'catalog', module: '\.\/TopCourses' \}/,
);
const LIVE_BOARD = at('mfe-player/src/community/communityModules.ts', /^ {2}LiveBoard: \{$/);
const DISCUSSION = at(
  'mfe-player/src/community/communityModules.ts',
  /^ {2}Discussion: \{ target: DiscussionTarget \}/,
);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const without = (manifest: ReleaseManifest, module: string): ReleaseManifest => ({
  ...manifest,
  exposes: manifest.exposes.filter((entry) => entry.path !== module),
});

describe('shared singletons', () => {
  it('accepts a release built against the shell', async () => {
    expect(checkShared(await readFixture('community'), shell)).toEqual([]);
  });

  it("refuses a react range the shell's react does not satisfy, naming the package, both ranges and versions", async () => {
    const problems = checkShared(
      withShared(await readFixture('community'), 'react', { requiredVersion: '^18.2.0', version: '18.3.1' }),
      shell,
    );
    expect(problems).toEqual([
      'shared react: the release requires ^18.2.0, but the shell provides 19.3.1 and requires ^19.2.0 (release provides 18.3.1)',
      "shared react: the release provides 18.3.1 (requires ^18.2.0), outside the shell's range: the shell provides 19.3.1 and requires ^19.2.0",
    ]);
  });

  it("refuses a newer react-dom the shell's does not satisfy, and a web-kit of another minor", async () => {
    let manifest = withShared(await readFixture('community'), 'react-dom', {
      requiredVersion: '^19.4.0',
      version: '19.4.0',
    });
    manifest = withShared(manifest, '@catalyst/web-kit', { version: '0.2.0' });
    expect(checkShared(manifest, shell)).toEqual([
      'shared react-dom: the release requires ^19.4.0, but the shell provides 19.3.1 and requires ^19.2.0 (release provides 19.4.0)',
      "shared @catalyst/web-kit: the release provides 0.2.0 (requires any version), outside the shell's range: the shell provides 0.1.0 and requires ^0.1.0",
    ]);
  });

  it('refuses a release that stops sharing the router', async () => {
    const manifest = await readFixture('community');
    const problems = checkShared(
      { ...manifest, shared: manifest.shared.filter((entry) => entry.name !== 'react-router-dom') },
      shell,
    );
    expect(problems).toEqual([
      'shared react-router-dom: the release does not share it (the shell provides 7.18.5 and requires ^7.9.0); it would bundle a second copy',
    ]);
  });

  it("reads the shell's side from the installed packages and shell/package.json", async () => {
    const current = currentShellShared();
    const react = JSON.parse(await readFile(path.join(ROOT, 'node_modules/react/package.json'), 'utf8')) as {
      version: string;
    };
    const webKit = JSON.parse(await readFile(path.join(ROOT, 'packages/web-kit/package.json'), 'utf8')) as {
      version: string;
    };
    expect(current.react).toEqual({ version: react.version, requiredVersion: '^19.2.0' });
    expect(current['@catalyst/web-kit']).toMatchObject({
      version: webKit.version,
      requiredVersion: `^${webKit.version}`,
    });
  });
});

describe("the names a remote takes from the shared web-kit (the shell's copy is the one on the page)", () => {
  it("lists web-kit's run-time exports, without its types", () => {
    const exports = webKitExports();
    expect(exports).toEqual(
      expect.arrayContaining(['Button', 'KeptRoom', 'Spinner', 'api', 'subscription', 'useSubscription']),
    );
    expect(exports).not.toContain('ApiClient');
    expect(exports).not.toContain('SubscriptionStore');
    expect(currentShellShared()['@catalyst/web-kit']!.exports).toEqual(exports);
  });

  it("lists what a remote's code uses of it, leaving out type-only names and tests", () => {
    const used = webKitImportsOf('account');
    // mfe-account/src/profile/PlanSection.tsx: KeptRoom and useApiData as values, ApiClient and SubscriptionStore as types only
    expect(used).toEqual(expect.arrayContaining(['KeptRoom', 'Spinner', 'useApiData', 'useSubscription']));
    expect(used).not.toContain('ApiClient');
    expect(used).not.toContain('SubscriptionStore');
    expect(used).toEqual([...used].sort());
    expect(webKitExports()).toEqual(expect.arrayContaining(used));
  });

  it("refuses a remote that uses a name the shell's web-kit does not export, and says to release the shell first", () => {
    const current = currentShellShared();
    const older: ShellShared = {
      ...current,
      '@catalyst/web-kit': {
        ...current['@catalyst/web-kit']!,
        exports: current['@catalyst/web-kit']!.exports!.filter((name) => name !== 'KeptRoom'),
      },
    };
    expect(checkWebKitImports(['Button', 'KeptRoom'], current)).toEqual([]);
    expect(checkWebKitImports(['Button', 'KeptRoom'], older)).toEqual([
      `shared @catalyst/web-kit: the release uses KeptRoom, which the shell's web-kit (${current['@catalyst/web-kit']!.version}) does not export: release the shell first`,
    ]);
    // A shell release from before its exports were recorded: nothing to compare with.
    expect(checkWebKitImports(['KeptRoom'], shell)).toEqual([]);
  });
});

describe('exposed modules', () => {
  it("lists what the consumers' own tables load", async () => {
    const imports = await federatedImports();
    const of = (consumer: string, remote: string) =>
      imports.filter((e) => e.consumer === consumer && e.remote === remote).map((e) => e.module);
    expect(of('mfe-player', 'community')).toEqual(Object.values(COMMUNITY_MODULES));
    // the shell's pages are each release's own (routes.json), checked with that release
    expect(of('shell', 'catalog')).toEqual([
      SHELL_WIDGETS.topCourses.module,
      SHELL_WIDGETS.recommendations.module,
    ]);
    expect(of('shell', 'account')).toContain(SHELL_WIDGETS.authDialog.module);
  });

  it('refuses a release without a module the shell loads, naming it and its consumer', async () => {
    const problems = checkExposes(
      without(await readFixture('catalog'), './TopCourses'),
      'catalog',
      await federatedImports(),
    );
    expect(problems).toEqual([
      `exposed module catalog './TopCourses' is loaded by shell (${TOP_COURSES} (topCourses)) but missing from the release, which exposes './BrowseRoutes', './SearchPage', './CourseLandingPage', './RecommendationRows', './PathRoutes', './CreatorPage'`,
    ]);
  });

  it('refuses a community release without a module the player loads', async () => {
    const problems = checkExposes(
      without(await readFixture('community'), './LiveBoard'),
      'community',
      await federatedImports(),
    );
    expect(problems).toEqual([
      `exposed module community './LiveBoard' is loaded by mfe-player (${LIVE_BOARD} (LiveBoard)) but missing from the release, which exposes './Discussion', './NotificationsPage', './NotificationSettingsPage', './PushPrompt'`,
    ]);
  });
});

describe('the remotes as their rspack configurations build them (a release folder generated from each)', () => {
  const built = {} as Record<RemoteName, ReleaseManifest>;
  const dists = {} as Record<RemoteName, string>;
  const folders: string[] = [];

  beforeAll(async () => {
    for (const remote of REMOTE_NAMES) {
      built[remote] = await manifestAsBuilt(remote);
      dists[remote] = await releaseDir(built[remote]);
      folders.push(dists[remote]);
    }
  }, 60_000);
  afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("writes what a build wrote into catalog's mf-manifest.json, with the versions installed now", async () => {
    const real = await readFixture('catalog');
    const current = currentShellShared();
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(built.catalog.name).toBe(real.name);
    expect(built.catalog.exposes).toEqual(real.exposes.map(({ name, path }) => ({ name, path })));
    expect([...built.catalog.shared].sort(byName)).toEqual(
      real.shared
        .map(({ name, singleton, requiredVersion }) => ({
          name,
          version: current[name]!.version,
          singleton,
          requiredVersion,
        }))
        .sort(byName),
    );
  });

  it("every remote shares the shell's singletons, uses only names its web-kit exports and exposes what its consumers load", async () => {
    const shell = currentShellShared();
    const imports = await federatedImports();
    for (const remote of REMOTE_NAMES)
      imports.push(...pageImports(remote, (await readRoutes(remote, dists[remote])).pages!, dists[remote]));
    // Each remote has a consumer, so no remote's exposes check passes for want of anything to check.
    expect(new Set(imports.map((entry) => entry.remote))).toEqual(new Set(REMOTE_NAMES));
    for (const remote of REMOTE_NAMES) {
      expect(
        {
          shared: checkShared(built[remote], shell),
          webKit: checkWebKitImports(webKitImportsOf(remote), shell),
          exposes: checkExposes(built[remote], remote, imports),
        },
        remote,
      ).toEqual({ shared: [], webKit: [], exposes: [] });
    }
  });

  it("passes a shell release against them, each of the shell's pages and widgets type-checked", async () => {
    const shellDir = await mkdtemp(path.join(os.tmpdir(), 'shell-release-'));
    try {
      expect(
        await checkRelease({
          remote: 'shell',
          distDir: shellDir,
          shell: currentShellShared(),
          remoteDists: dists,
        }),
      ).toEqual({ ok: true, problems: [] });
    } finally {
      await rm(shellDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("refuses an account release whose pages are another remote's or the shell's, or name a module it does not expose", async () => {
    const broken = await releaseDir(built.account);
    await writeRoutes(broken, 'account', {
      remote: 'account',
      pages: [
        { path: '/admin/', prefix: true, module: './ProfilePage', audience: 'anyone' },
        { path: '/pricing/', prefix: false, module: './ProfilePage', audience: 'anyone' },
        { path: '/account/', prefix: false, module: './NoSuchPage', audience: 'signed-in' },
      ],
    });
    try {
      const { ok, problems } = await checkRelease({
        remote: 'account',
        distDir: broken,
        shell: currentShellShared(),
        remoteDists: dists,
      });
      expect(ok).toBe(false);
      expect(problems).toEqual([
        "pages: account claims /admin/, which is admin's (REMOTE_PATH_OWNERS)",
        "pages: account claims /pricing/, which would cover the shell's own page /pricing/",
      ]);
      // once its claims are its own, a page's module must be exposed
      await writeRoutes(broken, 'account', {
        remote: 'account',
        pages: [{ path: '/account/', prefix: false, module: './NoSuchPage', audience: 'signed-in' }],
      });
      const missing = await checkRelease({
        remote: 'account',
        distDir: broken,
        shell: currentShellShared(),
        remoteDists: dists,
      });
      expect(missing.problems[0]).toMatch(
        /^exposed module account '\.\/NoSuchPage' is loaded by shell \(.*routes\.json \(page \/account\/\)\) but missing from the release/,
      );
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a release that publishes no routes.json, or a page another current release publishes', async () => {
    const bare = await releaseDir(built.catalog);
    await rm(path.join(bare, 'routes.json'));
    try {
      expect((await readRoutes('catalog', bare)).problems).toEqual([
        `no routes.json in ${bare}: build the remote with @catalyst/build-kit (defineFrontend's routes publishes its pages)`,
      ]);
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
    const page = {
      path: '/learning/',
      prefix: false,
      module: './LearningRecordPage',
      audience: 'signed-in',
    } as const;
    expect(
      checkPageClashes('account', [page], { account: [page], admin: [], player: [{ ...page }] }),
    ).toEqual(["pages: account claims /learning/, which player's current release publishes"]);
  });

  it('refuses a catalog release whose manifest lacks a module the shell loads, naming it and its consumer', async () => {
    const broken = await releaseDir(without(built.catalog, './TopCourses'));
    try {
      expect(
        await checkRelease({
          remote: 'catalog',
          distDir: broken,
          shell: currentShellShared(),
          remoteDists: dists,
        }),
      ).toEqual({
        ok: false,
        problems: [
          `exposed module catalog './TopCourses' is loaded by shell (${TOP_COURSES} (topCourses)) but missing from the release, which exposes './BrowseRoutes', './SearchPage', './CourseLandingPage', './RecommendationRows', './PathRoutes', './CreatorPage'`,
        ],
      });
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a release of the community remote (types included)', () => {
  let release: string;
  const discussionTypes = () => path.join(release, TYPES_DIR, 'mfe-community/src/discussion/Discussion.d.ts');

  beforeAll(async () => {
    release = await mkdtemp(path.join(os.tmpdir(), 'community-release-'));
    await cp(fixture('community'), path.join(release, 'mf-manifest.json'));
    await writeRoutes(release, 'community');
    expect(await writeReleaseTypes({ remote: 'mfe-community', distDir: release })).toEqual([]);
  }, 120_000);
  afterAll(() => rm(release, { recursive: true, force: true }));

  it('passes when it matches the shell and its consumers', async () => {
    expect(JSON.parse(await readFile(path.join(release, TYPES_DIR, 'exposes.json'), 'utf8'))).toEqual({
      './Discussion': 'mfe-community/src/discussion/Discussion.d.ts',
      './LiveBoard': 'mfe-community/src/live/LiveBoard.d.ts',
      './NotificationSettingsPage': 'mfe-community/src/notifications/NotificationSettingsPage.d.ts',
      './NotificationsPage': 'mfe-community/src/notifications/NotificationsPage.d.ts',
      './PushPrompt': 'mfe-community/src/notifications/PushPrompt.d.ts',
    });
    expect(await checkRelease({ remote: 'mfe-community', distDir: release, shell })).toEqual({
      ok: true,
      problems: [],
    });
  }, 120_000);

  it('is refused with its reasons: an incompatible react range, and a component that needs a prop the player does not pass', async () => {
    const manifest = withShared(await readFixture('community'), 'react', { requiredVersion: '^20.0.0' });
    await writeFile(path.join(release, 'mf-manifest.json'), JSON.stringify(manifest));
    const original = await readFile(discussionTypes(), 'utf8');
    await writeFile(
      discussionTypes(),
      original.replace('target: DiscussionTarget;', 'target: DiscussionTarget;\n    sort: "newest" | "top";'),
    );
    try {
      const { ok, problems } = await checkRelease({ remote: 'community', distDir: release, shell });
      expect(ok).toBe(false);
      expect(problems[0]).toBe(
        'shared react: the release requires ^20.0.0, but the shell provides 19.3.1 and requires ^19.2.0 (release provides 19.3.1)',
      );
      expect(problems).toHaveLength(2);
      expect(problems[1]).toMatch(
        new RegExp(
          `^${escape(`types: community './Discussion' (community release declarations mfe-community/src/discussion/Discussion.d.ts:`)}\\d+${escape(`) does not take what mfe-player passes (${DISCUSSION} (Discussion)): TS2322: `)}.*sort`,
        ),
      );
    } finally {
      await writeFile(discussionTypes(), original);
      await cp(fixture('community'), path.join(release, 'mf-manifest.json'));
    }
  }, 120_000);

  it('is refused when an exposed module loses its default export', async () => {
    const original = await readFile(discussionTypes(), 'utf8');
    await writeFile(
      discussionTypes(),
      original.replace('export default function Discussion', 'export declare function Discussion'),
    );
    try {
      const { problems } = await checkRelease({ remote: 'community', distDir: release, shell });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        /^types: community '\.\/Discussion' .* does not take what mfe-player passes .*: TS2339: Property 'default' does not exist on type 'typeof import\("mfe-community\/src\/discussion\/Discussion"\)'/,
      );
    } finally {
      await writeFile(discussionTypes(), original);
    }
  }, 120_000);

  it('stops a player release that loads a module the current community release does not expose', async () => {
    const player = await mkdtemp(path.join(os.tmpdir(), 'player-release-'));
    await cp(fixture('player'), path.join(player, 'mf-manifest.json'));
    await writeRoutes(player, 'player');
    await writeFile(
      path.join(release, 'mf-manifest.json'),
      JSON.stringify(without(await readFixture('community'), './LiveBoard')),
    );
    try {
      const { problems } = await checkRelease({
        remote: 'mfe-player',
        distDir: player,
        shell,
        remoteDists: { community: release },
      });
      expect(problems).toEqual([
        `exposed module community './LiveBoard' is loaded by mfe-player (${LIVE_BOARD} (LiveBoard)) but missing from community's current release (${release}), which exposes './Discussion', './NotificationsPage', './NotificationSettingsPage', './PushPrompt'`,
      ]);
    } finally {
      await rm(player, { recursive: true, force: true });
      await cp(fixture('community'), path.join(release, 'mf-manifest.json'));
    }
  }, 120_000);

  it('is checked against the shell release now served (its catalyst-shared.json), which a shell release writes', async () => {
    const shellDir = await mkdtemp(path.join(os.tmpdir(), 'shell-release-'));
    try {
      expect(await writeReleaseContract({ remote: 'shell', distDir: shellDir })).toEqual([]);
      expect(JSON.parse(await readFile(path.join(shellDir, SHELL_SHARED_FILE), 'utf8'))).toEqual(
        currentShellShared(),
      );
      const older: ShellShared = {
        ...shell,
        react: { version: '19.1.0', requiredVersion: '^19.0.0' },
        'react-dom': { version: '19.1.0', requiredVersion: '^19.0.0' },
      };
      await writeFile(path.join(shellDir, SHELL_SHARED_FILE), JSON.stringify(older));
      expect(await checkRelease({ remote: 'community', distDir: release, shellDir })).toEqual({
        ok: false,
        problems: [
          'shared react: the release requires ^19.2.0, but the shell provides 19.1.0 and requires ^19.0.0 (release provides 19.3.1)',
          'shared react-dom: the release requires ^19.2.0, but the shell provides 19.1.0 and requires ^19.0.0 (release provides 19.3.1)',
        ],
      });
    } finally {
      await rm(shellDir, { recursive: true, force: true });
    }
  }, 120_000);

  /** A shell release as `npm run release -w shell` writes it, but with a web-kit that no longer exports `name`. */
  async function shellReleaseWithout(name: string): Promise<{ shellDir: string; version: string }> {
    const shellDir = await mkdtemp(path.join(os.tmpdir(), 'shell-release-'));
    await writeReleaseContract({ remote: 'shell', distDir: shellDir });
    const made = JSON.parse(await readFile(path.join(shellDir, SHELL_SHARED_FILE), 'utf8')) as ShellShared;
    const kit = made['@catalyst/web-kit']!;
    await writeFile(
      path.join(shellDir, SHELL_SHARED_FILE),
      JSON.stringify({
        ...made,
        '@catalyst/web-kit': { ...kit, exports: kit.exports!.filter((each) => each !== name) },
      }),
    );
    return { shellDir, version: kit.version };
  }

  it("is refused when it uses a web-kit name the served shell's web-kit lacks, as its release recorded", async () => {
    const { shellDir, version } = await shellReleaseWithout('Spinner');
    try {
      // The community release's own record, as writeReleaseContract writes it beside its declarations.
      await writeFile(path.join(release, WEB_KIT_IMPORTS_FILE), JSON.stringify(webKitImportsOf('community')));
      expect(webKitImportsOf('community')).toContain('Spinner');
      expect(await checkRelease({ remote: 'community', distDir: release, shellDir })).toEqual({
        ok: false,
        problems: [
          `shared @catalyst/web-kit: the release uses Spinner, which the shell's web-kit (${version}) does not export: release the shell first`,
        ],
      });
    } finally {
      await rm(shellDir, { recursive: true, force: true });
      await rm(path.join(release, WEB_KIT_IMPORTS_FILE), { force: true });
    }
  }, 120_000);

  it('stops a shell release whose web-kit no longer exports a name the current community release uses', async () => {
    const { shellDir, version } = await shellReleaseWithout('Spinner');
    try {
      const { ok, problems } = await checkRelease({
        remote: 'shell',
        distDir: shellDir,
        remoteDists: { community: release },
      });
      expect(ok).toBe(false);
      expect(problems).toContain(
        `shared @catalyst/web-kit: community's current release (${release}) uses Spinner, which this shell's web-kit (${version}) does not export: the shell must keep what the current remotes use`,
      );
    } finally {
      await rm(shellDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('is refused when the manifest is missing', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'community-release-'));
    try {
      expect(await checkRelease({ remote: 'community', distDir: empty, shell })).toEqual({
        ok: false,
        problems: [`no mf-manifest.json in ${empty} (build the remote first)`],
      });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
