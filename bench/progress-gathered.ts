/**
 * Gathered progress saves against saves forwarded alone, in one sitting: one product (its gateway gathers saves,
 * PROGRESS_SAVE_BATCHES=true) and a second gateway beside it on the same services and Postgres that forwards each
 * save alone; bench/progress.ts's run alternated between the two (off, on, then on, off, …), each with the CPU
 * a save of its gateway, progress, content and Postgres. On a shared machine only such same-sitting pairs compare.
 *
 * `npx tsx bench/progress-gathered.ts [--rounds 4] [--seconds 15] [--users 40] [--products 10]`
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES } from '@catalyst/contracts';
import { freePort } from '@catalyst/service-kit/ports';
import { benchProgressWrites, roundFigures } from './progress';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const rounds = arg('rounds', 4);
const seconds = arg('seconds', 15);
const users = arg('users', 40);
const productsPerUser = arg('products', 10);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { startProduct } = await import('../scripts/lib/product');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-gathered-'));
// Both gateways must sign identities the services accept: the product is given the secret.
const secret = randomBytes(32).toString('base64url');
const product = await startProduct({
  dataDir,
  waitForMedia: true,
  env: { REGISTER_MAX_PER_ADDRESS: '10000', INTERNAL_SECRET: secret, PROGRESS_SAVE_BATCHES: 'true' },
});
const databaseUrl = product.runtime.databaseUrl;
const port = await freePort();
const alone = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'gateway/src/main.ts')], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '',
    INTERNAL_SECRET: secret,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://localhost:${port}`,
    RESPONSE_CHECK: 'strict',
    PROGRESS_SAVE_BATCHES: 'false',
    ...Object.fromEntries(
      SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${product.runtime.services[s]}`]),
    ),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const aloneUrl = `http://127.0.0.1:${port}`;
const { gateway, progress, content } = product.runtime.pids ?? {};
const sides = {
  off: { baseUrl: aloneUrl, gateway: alone.pid },
  on: { baseUrl: product.url, gateway },
} as const;

try {
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${aloneUrl}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error('the second gateway did not answer within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  // Unmeasured saves through each first: figures of code V8 has optimised.
  for (const side of Object.values(sides))
    await benchProgressWrites({ baseUrl: side.baseUrl, databaseUrl, durationSeconds: 3 });
  for (let round = 1; round <= rounds; round += 1) {
    for (const name of round % 2 === 1 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      const load = Number(os.loadavg()[0]!.toFixed(1));
      const result = await benchProgressWrites({
        baseUrl: sides[name].baseUrl,
        databaseUrl,
        durationSeconds: seconds,
        users,
        productsPerUser,
        pids: { gateway: sides[name].gateway, progress, content },
      });
      process.stdout.write(`${JSON.stringify({ round, side: name, load, ...roundFigures(result) })}\n`);
      if (result.lost > 0 || result.corrupt > 0) process.exitCode = 1;
    }
  }
} finally {
  alone.kill('SIGTERM');
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
