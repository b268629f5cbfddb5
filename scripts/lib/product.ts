import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '@catalyst/service-kit/ports';
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

/** Starts the whole product exactly as `npm start` does, on a free port with its own data folder. */
export async function startProduct({
  dataDir,
  env = {},
  timeoutMs = 600_000,
  onLog,
}: {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  onLog?: (line: string) => void;
}): Promise<RunningProduct> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    // Ephemeral service ports: two products started at once (two suites) must not both pick 4001.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, RESET_DATA: 'true', LOG_LEVEL: 'warn', SERVICE_PORTS: 'ephemeral', ...env },
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
  const runtime = JSON.parse(readFileSync(path.join(dataDir, 'runtime.json'), 'utf8')) as RunningProduct['runtime'];
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
