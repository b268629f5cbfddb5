/**
 * What the fault suite runs against: its own Postgres and Redis (so it can stop and start them), and
 * the whole product started as `npm start` does, on loopback, with builds served from a copy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '@catalyst/service-kit/ports';
import { ensureDatabase, startEmbeddedPostgres, type RunningPostgres } from '../../../scripts/lib/postgres';
import { startProduct, type RunningProduct } from '../../../scripts/lib/product';
import { call, waitFor } from './http';

interface Runtime {
  gateway: string;
  services: Record<string, number>;
  databaseUrl: string;
  pids: Record<string, number>;
}

/** Our own Postgres, stoppable and startable again on the same port with the same data. */
class FaultPostgres {
  private running?: RunningPostgres;
  private constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {}

  static async start(dataDir: string) {
    const db = new FaultPostgres(dataDir, await freePort(5499));
    await db.start();
    await ensureDatabase(db.url('postgres'), 'catalyst');
    return db;
  }

  url(database = 'catalyst') {
    return `postgres://postgres:postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start() {
    this.running = await startEmbeddedPostgres({ dataDir: this.dataDir, port: this.port });
  }

  /** A fast shutdown (SIGINT): sessions in flight are terminated with 57P01, as in a real restart. */
  async stop() {
    await this.running?.stop();
    this.running = undefined;
  }

  async query<T extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
  ): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }
}

/** Our own redis-server on a free loopback port, persistent like a production one (a restart keeps its data). */
export class FaultRedis {
  private child?: ChildProcess;
  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  static async start(dir: string) {
    mkdirSync(dir, { recursive: true });
    const redis = new FaultRedis(await freePort(6399), dir);
    await redis.start();
    return redis;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--protected-mode',
        'yes',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('redis-server did not start within 10 s')), 10_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with code ${code}`));
      });
    });
    child.stdout!.resume();
  }

  async stop() {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  /** Keys currently in Redis (a handful of KEYS calls on a tiny test instance). */
  async keys(pattern = '*'): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const cli = spawn('redis-cli', ['-p', String(this.port), '--raw', 'KEYS', pattern], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      cli.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      cli.once('exit', (code) =>
        code === 0 ? resolve(out.split('\n').filter(Boolean)) : reject(new Error(`redis-cli exited ${code}`)),
      );
    });
  }
}

export interface Environment {
  postgres: FaultPostgres;
  redis: FaultRedis;
  product: RunningProduct;
  /** Where the gateway serves the builds from (a copy the suite may break). */
  staticRoot: string;
  url: string;
  runtime(): Runtime;
  stop(): Promise<void>;
}

export async function startEnvironment(log: (line: string) => void): Promise<Environment> {
  const base = mkdtempSync(path.join(os.tmpdir(), 'catalyst-faults-'));
  const postgres = await FaultPostgres.start(path.join(base, 'postgres'));
  const redis = await FaultRedis.start(path.join(base, 'redis'));
  const staticRoot = path.join(base, 'static');
  const dataDir = path.join(base, 'data');
  // Every line the product prints, kept outside the temporary folder for a post-mortem.
  const logFile = path.join(os.tmpdir(), 'catalyst-faults-product.log');
  writeFileSync(logFile, '');
  log(`product logs: ${logFile}`);
  let product: RunningProduct;
  try {
    product = await startProduct({
      dataDir,
      env: {
        HOST: '127.0.0.1',
        DATABASE_URL: postgres.url(),
        REDIS_URL: redis.url,
        SEED_DEMO: 'true',
        STATIC_ROOT: staticRoot,
        E2E_STATIC_COPY: 'true',
        LOG_LEVEL: 'error',
        // A killed media worker's job is taken back after this many silent seconds (30 by default).
        MEDIA_JOB_STALE_SECONDS: '4',
      },
      timeoutMs: 300_000,
      onLog: (line) => {
        appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);
        if (/exited unexpectedly|start failed/.test(line)) log(`[product] ${line}`);
      },
    });
  } catch (error) {
    await redis.stop();
    await postgres.stop();
    rmSync(base, { recursive: true, force: true });
    throw error;
  }
  const runtime = () => JSON.parse(readFileSync(path.join(dataDir, 'runtime.json'), 'utf8')) as Runtime;
  return {
    postgres,
    redis,
    product,
    staticRoot,
    url: product.url,
    runtime,
    async stop() {
      await product.stop();
      await redis.stop();
      await postgres.stop().catch(() => undefined);
      rmSync(base, { recursive: true, force: true });
    },
  };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every service's own /health answers 200 (asked directly, not through the gateway). */
export async function allHealthy(env: Environment, timeoutMs: number): Promise<number | undefined> {
  const { services, gateway } = env.runtime();
  return waitFor(async () => {
    const answers = await Promise.all([
      ...Object.values(services).map((port) =>
        call(`http://127.0.0.1:${port}`, 'GET', '/health', { timeoutMs: 1_500 }),
      ),
      call(gateway, 'GET', '/api/v1/health', { timeoutMs: 3_000 }),
    ]);
    return answers.every((a) => a.status === 200);
  }, timeoutMs);
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const answer = await call<{ data: { token: string } }>(base, 'POST', '/api/v1/auth/login', {
    body: { email, password },
  });
  if (answer.status !== 200 || !answer.body?.data?.token)
    throw new Error(`login as ${email} answered ${answer.status}`);
  return answer.body.data.token;
}
