/**
 * `npm run test:e2e`: the browser suite in E2E_SHARDS shards run side by side (default 2; 1 when arguments
 * pick some tests; the whole suite's files are dealt to the shards by measured length, see shards.ts), each its own Playwright process against its own product (its own port, data folder and
 * database), so no journey can see another shard's writes. Each line is printed with its shard's name as it
 * comes; the run fails when any shard fails. Arguments go to every shard's `playwright test` (a file,
 * `-g <title>`…). Stale front-end builds are built first, once, for all shards.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildFrontends } from '../scripts/build-frontends';
import { planShards } from './shards';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// A run of some files or titles is one shard unless E2E_SHARDS says otherwise: a shard could be left with none.
const shards = Number(process.env.E2E_SHARDS ?? (args.length > 0 ? 1 : 2));
if (!Number.isInteger(shards) || shards < 1)
  throw new Error(`E2E_SHARDS must be a whole number from 1, not ${process.env.E2E_SHARDS}`);
const basePort = Number(process.env.E2E_PORT ?? 8181);
// Each checkout's shards keep their products' data (Postgres, static copies) apart from another checkout's: two
// clones running the suite on one machine once shared /tmp/catalyst-e2e-1 and stopped each other's Postgres.
const DATA_DIR = path.join(
  os.tmpdir(),
  `catalyst-e2e-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`,
);
// The whole suite: its spec files dealt by measured length (shards.ts). Some files or titles: Playwright's --shard.
const plan =
  args.length === 0 && shards > 1
    ? planShards(
        readdirSync(path.join(root, 'e2e')).filter((file) => file.endsWith('.spec.ts')),
        shards,
      )
    : null;

function runShard(index: number): Promise<number> {
  const name = shards > 1 ? `[e2e ${index}/${shards}]` : '[e2e]';
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/@playwright/test/cli.js'),
      'test',
      '-c',
      'e2e/playwright.config.ts',
      ...(plan
        ? plan[index - 1]!.map((file) => `e2e/${file}`)
        : shards > 1
          ? [`--shard=${index}/${shards}`]
          : []),
      ...args,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        E2E_PORT: String(basePort + index - 1),
        E2E_DATA_DIR: `${process.env.E2E_DATA_DIR ?? DATA_DIR}-${index}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${name} ${line}\n`));
  // 'close', not 'exit': every line the shard printed has been read by then.
  return new Promise((resolve) => child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

// The front-ends are built here, once: each shard's product would otherwise build the same dist/ folders at once.
await buildFrontends({ log: (line) => process.stdout.write(`[e2e build] ${line}\n`) });
// A shard dealt no file has nothing to run (Playwright would run every file when given none).
const codes = await Promise.all(
  Array.from({ length: shards }, (_, i) => (plan && plan[i]!.length === 0 ? 0 : runShard(i + 1))),
);
const failed = codes.filter((code) => code !== 0).length;
process.stdout.write(
  failed === 0
    ? `browser suite: all ${shards} shard(s) passed\n`
    : `browser suite: ${failed} of ${shards} shard(s) failed\n`,
);
process.exit(failed === 0 ? 0 : 1);
