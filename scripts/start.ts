/**
 * `npm start`: the whole product on one machine with no set-up. Builds stale front-ends, starts an
 * embedded real Postgres (unless DATABASE_URL), migrates and seeds each service's schema, then runs the
 * services, the payments sandbox and the gateway as supervised child processes (their JSON log lines passed on;
 * prefixed and readable with --dev or LOG_FORMAT=pretty).
 * `npm run dev` (--dev) runs rspack dev servers with hot reload and services in watch mode instead.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import {
  createLogger,
  installMediaTools,
  parseConfig,
  runDatabaseStep,
  systemMediaTool,
} from '@catalyst/service-kit';
import { buildFrontends } from './build-frontends';
import { freePort } from '@catalyst/service-kit/ports';
import { makeDataDirPrivate, writePrivateFile } from './lib/data-dir';
import { ensureDatabase, startEmbeddedPostgres, type RunningPostgres } from './lib/postgres';
import { Supervisor, type ProcessSpec } from './lib/processes';
import { startBalancer, type Balancer } from './lib/balancer';
import { connectionCap } from '../gateway/src/listen';
import { formatLogLine, prefixFor } from './lib/logs';
import { ROOT, SERVICES, serviceEntry, type ServiceDef } from './lib/services';
import { demoAccounts, demoCreatorAccounts, demoTeam } from '@catalyst/contracts';
import {
  demoAccountsWithPublishedPasswords,
  installSecret,
  isLoopbackHost,
  newSandboxKey,
  newWebhookSecret,
} from './lib/exposure';
import { newVapidPrivateKey } from '../services/community/src/notifications/vapid';

const launcherSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** The gateway's interface: loopback unless set (0.0.0.0 or an address makes it reachable from elsewhere, deliberately). */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default(path.join(ROOT, '.data')),
  /** Wipe DATA_DIR first (browser tests start from an empty database every run). */
  RESET_DATA: z.enum(['true', 'false']).default('false'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  INTERNAL_SECRET: z.string().min(32).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.string().default('info'),
  /** The children's log lines: pretty (prefixed, readable; `--dev`'s default) or json (passed on as written). */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  SKIP_BUILD: z.enum(['true', 'false']).default('false'),
  /** Where the gateway serves builds from; with STATIC_COPY the builds are copied there first. */
  STATIC_ROOT: z.string().optional(),
  E2E_STATIC_COPY: z.enum(['true', 'false']).default('false'),
  /** 'ephemeral': services take OS-assigned ports instead of 4001…4010, so products started side by side never race for them. */
  SERVICE_PORTS: z.enum(['default', 'ephemeral']).default('default'),
  /**
   * Copies of each service, of the media worker and of the gateway (`--replicas N` too). Above 1, a round-robin
   * balancer of the launcher's (scripts/lib/balancer.ts) stands on each service's port and on PORT, and REDIS_URL is required.
   */
  REPLICAS: z.coerce.number().int().min(1).max(8).default(1),
  /** The gateway's cap on open connections per client address; with replicas the balancer on PORT applies it. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(64),
});

export const FRONTEND_APPS = [
  'shell',
  'mfe-catalog',
  'mfe-player',
  'mfe-account',
  'mfe-admin',
  'mfe-community',
] as const;

const dev = process.argv.includes('--dev');
const replicasArg = process.argv.indexOf('--replicas');
if (replicasArg > 0) process.env.REPLICAS = process.argv[replicasArg + 1];
const config = parseConfig(launcherSchema);
const replicas = config.REPLICAS;
const launcherPrefix = prefixFor('launcher', 99);
const say = (line: string) => process.stdout.write(`${launcherPrefix} ${line}\n`);
/** Logs of work done inside the launcher (migrations, seeds), formatted like the children's. */
const launcherLog = (name: string) =>
  createLogger(name, config.LOG_LEVEL, { write: (line: string) => void say(formatLogLine(line.trimEnd())) });
const supervisor = new Supervisor(say, config.LOG_FORMAT ?? (dev ? 'pretty' : 'json'));
const balancers: Balancer[] = [];
let postgres: RunningPostgres | undefined;
let shuttingDown = false;

async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  say('stopping every process…');
  await Promise.all(balancers.map((b) => b.close()));
  await supervisor.stopAll();
  if (postgres) {
    say('stopping Postgres…');
    await postgres.stop().catch((e: unknown) => say(`Postgres did not stop cleanly: ${String(e)}`));
  }
  say('stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function main() {
  const started = Date.now();
  if (replicas > 1 && !config.REDIS_URL) {
    throw new Error(
      `REPLICAS=${replicas} needs REDIS_URL: sessions revoked, rate limits, edge-cache purges, invalidations and live streams are shared between processes through Redis, and in-process caches cannot be shared. Start a Redis and set REDIS_URL=redis://host:port.`,
    );
  }
  if (config.RESET_DATA === 'true') rmSync(config.DATA_DIR, { recursive: true, force: true });
  // The folder, its secrets, runtime.json (the database URL) and the outbox (live links) are the owner's alone.
  makeDataDirPrivate(config.DATA_DIR);

  if (!dev && config.SKIP_BUILD !== 'true') {
    await buildFrontends({ log: say });
  }

  // Database: the configured server, or the embedded one with its data kept under DATA_DIR.
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const pgLog = launcherLog('postgres');
    postgres = await startEmbeddedPostgres({
      dataDir: path.join(config.DATA_DIR, 'postgres'),
      // The superuser's password, made per install (an older folder's default one is replaced on this start).
      passwordFile: path.join(config.DATA_DIR, 'secrets', 'postgres-password.txt'),
      // Products started side by side (ephemeral ports) must not race for the same preferred port.
      port: await freePort(config.SERVICE_PORTS === 'ephemeral' ? undefined : 5433),
      log: (line) => pgLog.debug(line),
    });
    await ensureDatabase(postgres.url('postgres'), 'catalyst');
    databaseUrl = postgres.url('catalyst');
    say(
      `embedded Postgres ready (${path.relative(ROOT, path.join(config.DATA_DIR, 'postgres')) || config.DATA_DIR})`,
    );
  }
  const exposed = !isLoopbackHost(config.HOST);
  // Demo accounts have published passwords: never seeded by default on an interface others can reach.
  const seed = config.SEED_DEMO ? config.SEED_DEMO === 'true' : !config.DATABASE_URL && !exposed;
  if (exposed && seed) {
    throw new Error(
      `HOST=${config.HOST} makes Catalyst reachable from other machines, but SEED_DEMO=true would create the demo accounts whose passwords the README publishes. Leave SEED_DEMO unset (or false), or keep HOST on loopback.`,
    );
  }

  const useSandbox = !config.STRIPE_SECRET_KEY;
  if (!useSandbox && !config.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'STRIPE_SECRET_KEY is a real Stripe key but STRIPE_WEBHOOK_SECRET is not set: without it no payment event could be trusted. Set the whsec_… secret of your webhook endpoint.',
    );
  }
  const services = SERVICES.filter((s) => s.name !== 'payments-sandbox' || useSandbox);

  // The seeds measure the demo lessons with ffprobe and the worker encodes with ffmpeg: without them on PATH,
  // the npm static builds, installed once (packages/service-kit/src/media-tools.ts).
  if (!systemMediaTool('ffmpeg') || !systemMediaTool('ffprobe')) installMediaTools(say);

  // Each service's migrations (and demo seed) run before any process starts serving.
  for (const service of services) {
    const log = launcherLog(`${service.name}-migrate`);
    const setup = (await import(serviceEntry(service.name, 'setup.ts'))) as {
      SCHEMA: string;
      /** The launcher hands each service its pool without knowing its tables. */
      prepareDatabase: (db: Kysely<unknown>, opts: { seed: boolean; log: typeof log }) => Promise<void>;
    };
    await runDatabaseStep<unknown>({
      schema: setup.SCHEMA,
      connectionString: databaseUrl,
      log,
      step: (db) => setup.prepareDatabase(db, { seed, log }),
    });
  }
  say(`migrations applied${seed ? ' and demo data seeded where empty' : ''}`);
  if (exposed) {
    const reachable = await demoAccountsWithPublishedPasswords(databaseUrl);
    if (reachable.length > 0) {
      throw new Error(
        `HOST=${config.HOST} makes Catalyst reachable from other machines, and ${reachable.join(', ')} still sign${reachable.length === 1 ? 's' : ''} in with the password the README publishes. Change ${reachable.length === 1 ? 'its password' : 'their passwords'} (or delete the demo accounts) first, or keep HOST on loopback.`,
      );
    }
  }

  const gatewayPort = config.PORT;
  // Chosen now, listened on later: no two processes may be handed the same port (nor the gateway's).
  const taken = new Set<number>([gatewayPort]);
  const ports = new Map<string, number>();
  const claim = async (preferred?: number) => {
    const port = await freePort(preferred, taken);
    taken.add(port);
    return port;
  };
  for (const service of services)
    ports.set(
      service.name,
      await claim(config.SERVICE_PORTS === 'ephemeral' ? undefined : service.defaultPort),
    );
  // With replicas, the port above is the balancer's (what every peer calls); each copy listens on one of its own.
  // The payments sandbox stands for Stripe: one copy.
  const copiesOf = (name: string) => (name === 'payments-sandbox' ? 1 : replicas);
  const replicaPorts = new Map<string, number[]>();
  for (const service of services) {
    const own: number[] = [];
    for (let k = 0; k < copiesOf(service.name); k++)
      own.push(replicas > 1 && copiesOf(service.name) > 1 ? await claim() : ports.get(service.name)!);
    replicaPorts.set(service.name, own);
  }
  const gatewayPorts: number[] =
    replicas > 1 ? await Promise.all(Array.from({ length: replicas }, () => claim())) : [gatewayPort];
  // Two copies cannot serve one metrics port: with replicas each process is given one of its own.
  const metricsPortFor = async (): Promise<NodeJS.ProcessEnv> =>
    replicas > 1 && process.env.METRICS_PORT ? { METRICS_PORT: String(await claim()) } : {};
  // N copies compile and connect at once on the same cores: each is given N times as long to answer /health.
  const healthyWithinMs = 60_000 * replicas;
  const copyName = (name: string, k: number, copies: number) => (copies > 1 ? `${name}-${k + 1}` : name);
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${gatewayPort}`;
  const internalSecret = config.INTERNAL_SECRET ?? randomBytes(32).toString('base64url');
  const sandboxPort = ports.get('payments-sandbox');
  // The sandbox's key and the webhook signing secret are made once per install and kept in DATA_DIR.
  const sandboxKey = useSandbox
    ? installSecret(config.DATA_DIR, 'sandbox-secret-key', newSandboxKey)
    : undefined;
  const webhookSecret =
    config.STRIPE_WEBHOOK_SECRET ??
    (useSandbox ? installSecret(config.DATA_DIR, 'webhook-secret', newWebhookSecret) : undefined);
  // Community signs Web Push messages with a VAPID key of this install (the environment's, when given).
  const vapidPrivateKey =
    process.env.VAPID_PRIVATE_KEY ?? installSecret(config.DATA_DIR, 'vapid-private-key', newVapidPrivateKey);

  const urls = Object.fromEntries(
    services
      .filter((s): s is ServiceDef & { urlVar: string } => !!s.urlVar)
      .map((s) => [s.urlVar, `http://127.0.0.1:${ports.get(s.name)}`]),
  );
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    ...urls,
    NODE_ENV: dev ? 'development' : (process.env.NODE_ENV ?? 'production'),
    // Development may send webhooks to a receiver on this machine; production refuses private addresses.
    ...(dev ? { WEBHOOKS_ALLOW_PRIVATE: 'true' } : {}),
    LOG_LEVEL: config.LOG_LEVEL,
    DATABASE_URL: databaseUrl,
    INTERNAL_SECRET: internalSecret,
    PUBLIC_URL: publicUrl,
    SEED_DEMO: 'false',
    OUTBOX_DIR: path.join(config.DATA_DIR, 'outbox'),
    DATA_DIR: path.resolve(config.DATA_DIR),
    ...(config.REDIS_URL ? { REDIS_URL: config.REDIS_URL } : {}),
    ...(webhookSecret ? { STRIPE_WEBHOOK_SECRET: webhookSecret } : {}),
    STRIPE_SECRET_KEY: config.STRIPE_SECRET_KEY ?? sandboxKey,
    // Services listen on loopback: only the gateway is ever exposed (HOST below).
    HOST: '127.0.0.1',
    ...(useSandbox && sandboxPort ? { STRIPE_API_URL: `http://127.0.0.1:${sandboxPort}` } : {}),
  };

  const tsNode = (entry: string, watch: boolean) =>
    watch
      ? { command: path.join(ROOT, 'node_modules/.bin/tsx'), args: ['watch', '--clear-screen=false', entry] }
      : { command: process.execPath, args: ['--import', 'tsx', entry] };

  for (const service of services) {
    const port = ports.get(service.name)!;
    const own = replicaPorts.get(service.name)!;
    const extra: NodeJS.ProcessEnv =
      service.name === 'payments-sandbox'
        ? {
            PUBLIC_URL: `http://localhost:${port}`,
            SANDBOX_SECRET_KEY: sandboxKey,
            WEBHOOK_URL: `http://127.0.0.1:${gatewayPort}/api/v1/webhooks/stripe`,
          }
        : service.name === 'community'
          ? { VAPID_PRIVATE_KEY: vapidPrivateKey }
          : {};
    for (const [k, ownPort] of own.entries()) {
      supervisor.start({
        name: copyName(service.name, k, own.length),
        ...tsNode(serviceEntry(service.name), dev),
        env: { ...common, ...extra, ...(await metricsPortFor()), PORT: String(ownPort) },
        healthUrl: `http://127.0.0.1:${ownPort}/health`,
      });
    }
  }
  // The media worker: processing jobs from the Postgres queue (no port; the supervisor restarts it if it dies).
  // With replicas, as many workers: pg-boss hands each job to one of them. The demo lessons' encodes are kept
  // outside DATA_DIR, so a fresh start (RESET_DATA) copies them instead of running ffmpeg again.
  const demoEncodeCache =
    process.env.MEDIA_DEMO_ENCODE_CACHE ?? path.join(ROOT, 'node_modules/.cache/catalyst-demo-encodes');
  for (let k = 0; k < replicas; k++) {
    supervisor.start({
      name: copyName('media-worker', k, replicas),
      ...tsNode(serviceEntry('media', 'worker.ts'), dev),
      env: {
        ...common,
        ...(await metricsPortFor()),
        PORT: String(ports.get('media')),
        MEDIA_DEMO_ENCODE_CACHE: demoEncodeCache,
      },
    });
  }
  await supervisor.waitHealthy(healthyWithinMs);
  if (replicas > 1) {
    for (const service of services) {
      const own = replicaPorts.get(service.name)!;
      if (own.length > 1)
        balancers.push(
          await startBalancer({
            port: ports.get(service.name)!,
            hosts: ['127.0.0.1'],
            upstreams: own.map((p) => `http://127.0.0.1:${p}`),
          }),
        );
    }
  }

  if (config.STATIC_ROOT && config.E2E_STATIC_COPY === 'true') {
    // A deployment of its own, so browser tests can delete or redeploy one remote safely.
    for (const app of FRONTEND_APPS) {
      rmSync(path.join(config.STATIC_ROOT, app, 'dist'), { recursive: true, force: true });
      cpSync(path.join(ROOT, app, 'dist'), path.join(config.STATIC_ROOT, app, 'dist'), { recursive: true });
    }
  }

  const devRemotes = {
    catalog: 'http://localhost:3001/mf-manifest.json',
    player: 'http://localhost:3002/mf-manifest.json',
    account: 'http://localhost:3003/mf-manifest.json',
    admin: 'http://localhost:3004/mf-manifest.json',
    community: 'http://localhost:3005/mf-manifest.json',
  };
  const gateway = (port: number, k: number): ProcessSpec => ({
    name: copyName('gateway', k, gatewayPorts.length),
    ...tsNode(path.join(ROOT, 'gateway/src/main.ts'), dev),
    env: {
      ...common,
      PORT: String(port),
      // Behind the launcher's balancer the gateways listen on loopback and believe its X-Forwarded-For.
      ...(replicas > 1
        ? {
            HOST: '127.0.0.1',
            TRUST_PROXY: trustingTheBalancer(process.env.TRUST_PROXY),
            MAX_CONNECTIONS_PER_ADDRESS: '0',
          }
        : config.HOST
          ? { HOST: config.HOST }
          : { HOST: '' }),
      // Builds may come from a deployment copy; the demo media always come from the repository.
      ...(config.STATIC_ROOT
        ? { STATIC_ROOT: config.STATIC_ROOT, MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(ROOT, 'media') }
        : {}),
      ...(dev ? { MF_REMOTES: JSON.stringify(devRemotes) } : {}),
    },
    healthUrl: `http://127.0.0.1:${port}/api/v1/health`,
  });
  for (const [k, port] of gatewayPorts.entries())
    supervisor.start({ ...gateway(port, k), env: { ...gateway(port, k).env, ...(await metricsPortFor()) } });
  if (dev) {
    for (const [i, app] of FRONTEND_APPS.entries()) {
      supervisor.start({
        name: `${app} dev`,
        command: path.join(ROOT, 'node_modules/.bin/rspack'),
        args: ['serve', '--port', String(3000 + i)],
        cwd: path.join(ROOT, app),
        env: { ...process.env, GATEWAY_URL: `http://127.0.0.1:${gatewayPort}` },
      });
    }
  }
  await supervisor.waitHealthy(healthyWithinMs);
  if (replicas > 1) {
    // The gateways' per-address connection cap moves to the balancer: behind it every connection is the balancer's.
    const cap = connectionCap(config.MAX_CONNECTIONS_PER_ADDRESS, launcherLog('balancer'));
    balancers.push(
      await startBalancer({
        port: gatewayPort,
        hosts: config.HOST ? [config.HOST] : undefined,
        forwardFor: true,
        onConnection: (socket) => cap.onConnection(socket),
        upstreams: gatewayPorts.map((p) => `http://127.0.0.1:${p}`),
      }),
    );
    say(
      `${replicas} replicas of each service, of the media worker and of the gateway, round-robin behind the launcher's balancers`,
    );
  }

  // Rewritten whenever the supervisor restarts a child, so the pids stay current (the fault suite reads them).
  const writeRuntime = () =>
    writePrivateFile(
      path.join(config.DATA_DIR, 'runtime.json'),
      JSON.stringify(
        {
          gateway: `http://127.0.0.1:${gatewayPort}`,
          services: Object.fromEntries(ports),
          // Each copy's own port (the balancers' are above); the same port as above with one replica.
          replicas: { gateway: gatewayPorts, ...Object.fromEntries(replicaPorts) },
          databaseUrl,
          pids: { launcher: process.pid, ...supervisor.pids() },
        },
        null,
        2,
      ),
    );
  writeRuntime();
  supervisor.onLaunch = () => writeRuntime();

  const appUrl = dev ? 'http://localhost:3000' : publicUrl;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say(`Catalyst is running at ${appUrl}  (ready in ${seconds}s; Ctrl-C stops everything)`);
  if (seed) {
    say('demo logins:');
    for (const account of Object.values(demoAccounts))
      say(
        `  ${account.email.padEnd(28)} ${account.password.padEnd(16)} ${account.role === 'admin' ? 'admin' : account.email.startsWith('member') ? 'Premium member' : 'learner, no plan'}`,
      );
    for (const account of Object.values(demoCreatorAccounts))
      say(`  ${account.email.padEnd(28)} ${account.password.padEnd(16)} creator studio (${account.name})`);
    const { owner } = demoTeam;
    say(`  ${owner.email.padEnd(28)} ${owner.password.padEnd(16)} owner of the team ${demoTeam.name}`);
  }
  if (useSandbox && sandboxPort)
    say(`payments sandbox at http://localhost:${sandboxPort} (test card 4242 4242 4242 4242)`);
}

/** The gateways' TRUST_PROXY behind the balancer: one more hop (a count), or loopback added to the named proxies. */
function trustingTheBalancer(configured: string | undefined): string {
  const v = configured?.trim();
  if (!v || v === 'false') return 'loopback';
  if (/^\d+$/.test(v)) return String(Number(v) + 1);
  return `${v}, loopback`;
}

main().catch(async (error: unknown) => {
  say(`start failed: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && error.stack && config.LOG_LEVEL === 'debug')
    process.stderr.write(`${error.stack}\n`);
  await shutdown(1);
});
