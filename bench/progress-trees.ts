/**
 * Progress saves of two commits in one sitting: the product of an earlier commit (`--before`, unpacked with `git
 * archive` beside this tree's node_modules, its front-ends this tree's builds) and of a later one (`--after`, the same
 * way; without it, this tree as it is), side by side, each with its own Postgres; bench/progress.ts's run alternated between them (before, after, then after, before, …),
 * each with the CPU a save of its gateway, progress and Postgres. On a shared machine only such same-sitting pairs
 * compare.
 *
 * `npx tsx bench/progress-trees.ts --before <commit> [--after <commit>] [--rounds 3] [--seconds 10] [--users 40] [--products 10]`
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchProgressWrites, roundFigures } from './progress';

const argOf = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const COMMIT = /^[\w./~^-]+$/;
const before = argOf('before', '');
const after = argOf('after', '');
if (!COMMIT.test(before) || (after && !COMMIT.test(after)))
  throw new Error('--before <commit> is required; --after <commit> is optional');
const rounds = Number(argOf('rounds', '3'));
const seconds = Number(argOf('seconds', '10'));
const users = Number(argOf('users', '40'));
const productsPerUser = Number(argOf('products', '10'));

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The commit's files in a folder of their own, resolving packages from this tree's install. */
function unpack(commit: string): string {
  const tree = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-tree-'));
  const unpacked = spawnSync('sh', ['-c', 'git archive "$1" | tar -x -C "$2"', 'sh', commit, tree], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (unpacked.status !== 0) throw new Error(`git archive ${commit} failed`);
  const modules = path.join(ROOT, 'node_modules');
  mkdirSync(path.join(tree, 'node_modules/@catalyst'), { recursive: true });
  for (const name of readdirSync(modules))
    if (name !== '@catalyst') symlinkSync(path.join(modules, name), path.join(tree, 'node_modules', name));
  // The workspaces' links are relative: in the unpacked tree they name its own workspaces.
  for (const name of readdirSync(path.join(modules, '@catalyst'))) {
    const link = readlinkSync(path.join(modules, '@catalyst', name));
    symlinkSync(link, path.join(tree, 'node_modules/@catalyst', name));
    const workspace = path.resolve(modules, '@catalyst', link);
    const at = path.relative(ROOT, workspace);
    for (const own of ['node_modules', 'dist'])
      if (existsSync(path.join(workspace, own)) && existsSync(path.join(tree, at)))
        symlinkSync(path.join(workspace, own), path.join(tree, at, own));
  }
  return tree;
}

const trees = { before: unpack(before), after: after ? unpack(after) : ROOT };
type Product = Awaited<ReturnType<typeof import('../scripts/lib/product').startProduct>>;
const sides: { name: 'before' | 'after'; product: Product; dataDir: string }[] = [];
try {
  await Promise.all(
    (['before', 'after'] as const).map(async (name) => {
      const root = trees[name];
      const { startProduct } = (await import(
        path.join(root, 'scripts/lib/product.ts')
      )) as typeof import('../scripts/lib/product');
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `catalyst-bench-trees-${name}-`));
      const product = await startProduct({
        dataDir,
        env: { REGISTER_MAX_PER_ADDRESS: '10000', SKIP_BUILD: 'true' },
      });
      sides.push({ name, product, dataDir });
    }),
  );
  const productOf = (name: 'before' | 'after') => sides.find((side) => side.name === name)!.product;
  // Unmeasured saves through each first: figures of code V8 has optimised.
  for (const name of ['before', 'after'] as const)
    await benchProgressWrites({
      baseUrl: productOf(name).url,
      databaseUrl: productOf(name).runtime.databaseUrl,
      durationSeconds: 3,
      users,
      productsPerUser,
    });
  for (let round = 1; round <= rounds; round += 1) {
    for (const name of round % 2 === 1 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
      const load = Number(os.loadavg()[0]!.toFixed(1));
      const product = productOf(name);
      const { gateway, progress } = product.runtime.pids ?? {};
      const result = await benchProgressWrites({
        baseUrl: product.url,
        databaseUrl: product.runtime.databaseUrl,
        durationSeconds: seconds,
        users,
        productsPerUser,
        pids: { gateway, progress },
      });
      process.stdout.write(`${JSON.stringify({ round, side: name, load, ...roundFigures(result) })}\n`);
      if (result.lost > 0 || result.corrupt > 0) process.exitCode = 1;
    }
  }
} finally {
  for (const side of sides) {
    await side.product.stop();
    rmSync(side.dataDir, { recursive: true, force: true });
  }
  for (const tree of Object.values(trees)) if (tree !== ROOT) rmSync(tree, { recursive: true, force: true });
}
