import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_RESPONSE_CHECK } from '@catalyst/service-kit/config';
import { freePort } from '@catalyst/service-kit/ports';
import { demoAccounts } from '../../packages/contracts/src/demo';
import { ROOT } from './services';

export interface RunningProduct {
  url: string;
  dataDir: string;
  runtime: {
    gateway: string;
    services: Record<string, number>;
    /** Each copy's own port by service and 'gateway' (REPLICAS > 1: behind the launcher's balancers). */
    replicas?: Record<string, number[]>;
    databaseUrl: string;
    pids?: Record<string, number>;
  };
  stop: () => Promise<void>;
}

/**
 * What a bench that measures the product as shipped passes over startProduct's test settings: `npm start`'s
 * access-log line per request (LOG_LEVEL=info; the request metrics are on unless METRICS_DISABLED) and a service's
 * default share of answers checked against their declarations, instead of every one.
 */
export const AS_SHIPPED = { LOG_LEVEL: 'info', RESPONSE_CHECK: DEFAULT_RESPONSE_CHECK } as const;

/** Starts the whole product exactly as `npm start` does, on a free port with its own data folder. */
export async function startProduct({
  dataDir,
  env = {},
  timeoutMs = 600_000,
  onLog,
  waitForMedia = false,
}: {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  onLog?: (line: string) => void;
  /** Answer only once the media worker has processed the demo media (see mediaSettled); benches set it. */
  waitForMedia?: boolean;
}): Promise<RunningProduct> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    // Ephemeral service ports: two products started at once (two suites) must not both pick 4001.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      RESET_DATA: 'true',
      LOG_LEVEL: 'warn',
      SERVICE_PORTS: 'ephemeral',
      // Every answer checked against its declaration: a drifting one is a 500 and an error line (the runs fail).
      RESPONSE_CHECK: 'strict',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      onLog?.(line);
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited during start:\n${lines.join('\n')}`);
    try {
      const res = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok && lines.some((l) => l.includes('Catalyst is running'))) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGTERM');
    throw new Error(`the product did not start within ${timeoutMs / 1000}s:\n${lines.join('\n')}`);
  }
  if (!onLog) {
    // Nobody reads the lines any more: drained unsplit, so a bench's own process pays nothing for the product's logs.
    child.stdout.off('data', collect).resume();
    child.stderr.off('data', collect).resume();
  }
  const runtime = JSON.parse(
    readFileSync(path.join(dataDir, 'runtime.json'), 'utf8'),
  ) as RunningProduct['runtime'];
  if (waitForMedia) {
    const { waitedMs, processed } = await mediaSettled(url).catch((error: unknown) => {
      child.kill('SIGTERM');
      throw error;
    });
    onLog?.(`media settled: ${processed} asset(s) processed in ${(waitedMs / 1000).toFixed(1)} s`);
  }
  return {
    url,
    dataDir,
    runtime,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Signs a demo account in through the gateway and answers its bearer token. */
export async function signIn(baseUrl: string, who: keyof typeof demoAccounts): Promise<string> {
  const { email, password } = demoAccounts[who];
  const res = await fetch(new URL('/api/v1/auth/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`${who} sign-in answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * Waits until no media asset is processing. A product started with RESET_DATA=true processes the demo
 * videos as it comes up (the first start on a machine runs ffmpeg at about 130 % CPU for 35–40 s on two
 * cores; later ones copy the kept encodes), so anything measured in that time shares the machine with it. Asks the admin's asset list (`status=processing`) every
 * `pollMs`; answers how long it waited and how many assets were processing when it began. A product
 * still processing after `timeoutMs` is an error naming how many assets are left.
 */
export async function mediaSettled(
  baseUrl: string,
  { timeoutMs = 600_000, pollMs = 1_000 }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<{ waitedMs: number; processed: number }> {
  const started = Date.now();
  const token = await signIn(baseUrl, 'admin');
  const processing = async () => {
    const res = await fetch(new URL('/api/v1/media/assets?status=processing&limit=1', baseUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`the media asset list answered ${res.status}`);
    return ((await res.json()) as { data: { total: number } }).data.total;
  };
  const processed = await processing();
  for (let left = processed; left > 0; left = await processing()) {
    if (Date.now() - started >= timeoutMs)
      throw new Error(`media still processing ${left} asset(s) after ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return { waitedMs: Date.now() - started, processed };
}
