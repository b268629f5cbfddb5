// Releases one front end: builds it into a folder of its own, runs the contract checks (they refuse a
// release that would break the shell or another remote), stores it content-addressed under
// <releases>/<remote>/<version>/ (or releases/<remote>/<version>/ in the media bucket with MEDIA_S3_*) and records
// it in the registry. Nothing is served until it is promoted.
//   npm run release -w mfe-catalog [-- --label <text>] [--promote] [--from <built folder>]
//   npx tsx scripts/release/release.ts <remote> [--label <text>] [--promote] [--from <built folder>]
// The shell is released the same way: its index.html and files, served at / once promoted (one switch
// for all of its files: the gateway reads index.html from the current shell release).
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from '../../gateway/src/config';
import { gitCommit } from '../../gateway/src/releases/index';
import { contentHash, readBuildFacts, versionOf } from '../../gateway/src/releases/manifest';
import { isReleaseTarget, ReleaseError, type ReleaseTarget } from '../../gateway/src/releases/repository';
import { compile, FRONTEND_APPS } from '../build-frontends';
import { precompressBuild } from '../precompress';
import { checkRelease, writeReleaseContract } from './contract-checks';
import { actor, openRegistry, releaseStoreOf, ROOT } from './registry';

export interface ReleaseOptions {
  /** 'catalog', 'mfe-catalog' or 'shell'. */
  remote: string;
  /** A human label, the start of the version (default: v<package.json version>). */
  label?: string;
  /** Serve it to everyone at once. */
  promote?: boolean;
  /** Release this already built folder instead of building (a build made elsewhere, e.g. by CI). */
  from?: string;
  log?: (line: string) => void;
}

export type ReleaseOutcome =
  { ok: true; remote: ReleaseTarget; version: string; promoted: boolean } | { ok: false; problems: string[] };

const targetOf = (remote: string): ReleaseTarget => {
  const name = remote.replace(/^mfe-/, '');
  if (!isReleaseTarget(name))
    throw new ReleaseError(404, `Unknown front end "${remote}". Known: shell, ${REMOTE_NAMES.join(', ')}`);
  return name;
};

export async function release({
  remote,
  label,
  promote = false,
  from,
  log = console.log,
}: ReleaseOptions): Promise<ReleaseOutcome> {
  const target = targetOf(remote);
  const app = FRONTEND_APPS.find((candidate) => candidate.name === target)!;
  const store = releaseStoreOf();
  const { repo, close } = await openRegistry();
  // A build made elsewhere is copied first: the release adds its contract files to what it stores.
  const built = await mkdtemp(path.join(os.tmpdir(), `catalyst-release-${target}-`));
  try {
    // (With its times: a compressed copy older than its file, say the service worker's written again, is made anew.)
    if (from) await cp(path.resolve(from), built, { recursive: true, preserveTimestamps: true });
    else {
      log(`building ${target} for release…`);
      await compile(app, log, built);
    }
    // What later checks of and against this release read: a remote's declarations, what a shell provides.
    const written = await writeReleaseContract({ remote: target, distDir: built });
    if (written.length > 0) return { ok: false, problems: written };
    // The checks compare with what is served now: the current release of the shell and of each remote.
    const channels = new Map((await repo.channels()).map((channel) => [channel.remote, channel.current]));
    // (Releases kept in a bucket are read from local copies.)
    const remoteDists = Object.fromEntries(
      await Promise.all(
        REMOTE_NAMES.map(
          async (name) => [name, await store.localCopy(name, channels.get(name) ?? 'dist')] as const,
        ),
      ),
    );
    const checked = await checkRelease({
      remote: target,
      distDir: built,
      remoteDists,
      shellDir: await store.localCopy('shell', channels.get('shell') ?? 'dist'),
    });
    if (!checked.ok) return { ok: false, problems: checked.problems };

    // Each script, stylesheet and manifest also stored compressed (brotli 11, gzip 9), after the contract files are
    // written: the gateway sends these copies as they are (a release's files never change).
    await precompressBuild(built);
    const pkg = JSON.parse(await readFile(path.join(ROOT, app.dir, 'package.json'), 'utf8')) as {
      version?: string;
    };
    const version = versionOf(label ?? `v${pkg.version ?? '0.0.0'}`, await contentHash(built));
    await store.publish(target, version, built);
    const recorded = await repo.record({
      remote: target,
      version,
      label: label ?? `v${pkg.version ?? '0.0.0'}`,
      releasedBy: actor(),
      gitCommit: gitCommit(ROOT),
      ...(await readBuildFacts(built)),
    });
    // A front end's first release is its current one at once.
    if (promote && recorded.status !== 'current') await repo.promote(target, version, actor());
    return { ok: true, remote: target, version, promoted: promote || recorded.status === 'current' };
  } finally {
    await close();
    await rm(built, { recursive: true, force: true });
  }
}

function parseArgs(argv: string[]): ReleaseOptions {
  const options: Partial<ReleaseOptions> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--promote') options.promote = true;
    else if (arg === '--label') options.label = argv[++i];
    else if (arg === '--from') options.from = argv[++i];
    else if (arg.startsWith('--')) throw new ReleaseError(400, `Unknown option ${arg}`);
    else positional.push(arg);
  }
  const remote = positional[0];
  if (!remote)
    throw new ReleaseError(
      400,
      'usage: tsx scripts/release/release.ts <remote> [--label <text>] [--promote] [--from <built folder>]',
    );
  return { ...options, remote };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  (async () => {
    const options = parseArgs(process.argv.slice(2));
    const outcome = await release(options);
    if (!outcome.ok) {
      console.error(`release of ${options.remote} refused by the contract checks:`);
      for (const problem of outcome.problems) console.error(`  - ${problem}`);
      return 1;
    }
    console.log(`released ${outcome.remote} ${outcome.version}`);
    console.log(
      outcome.promoted
        ? `${outcome.remote} now runs ${outcome.version} for everyone.`
        : `not served yet: npm run remotes -- promote ${outcome.remote} ${outcome.version}   (or canary ${outcome.remote} ${outcome.version} 10)`,
    );
    return 0;
  })().then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(error instanceof ReleaseError ? 1 : 2);
    },
  );
}
