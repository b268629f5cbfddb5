import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../scripts/lib/chromium';

/** The browser suite drives the composed product, started exactly as a person would: `npm start`. */
const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://localhost:${port}`;
/** team-sso.spec.ts's DNS server: the shard's own port number, on UDP, so shards side by side never meet. */
export const dnsPort = port;
export const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/catalyst-e2e';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One output folder per instance, so two suites running at once never wipe each other's traces.
  outputDir: path.join(root, 'test-results', String(port)),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A retry would hide a flaky journey: one that fails once is fixed, not run again.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A trace (DOM snapshots and a screencast of every step) is recorded for each journey to be kept when it fails.
    // On CI nothing can be read back but the printed output, and recording cost about a quarter of the journeys'
    // CPU (e2e/catalog.spec.ts: 52 and 55 CPU-s with it, 39 and 38 without): off there; to see a CI failure's
    // trace, run that journey here (or with `--trace on`).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The app's service worker would answer requests before page.route sees them: journeys run without
    // it, and e2e/pwa.spec.ts (which allows it) proves what it does.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // The headless shell where the machine has it (scripts/lib/chromium.ts); push.spec.ts runs in the full
    // Chromium, whose notification platform it needs.
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx scripts/start.ts',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      RESET_DATA: 'true',
      // Shards run side by side (e2e/run.ts), each with its own product: no fixed service or database port.
      SERVICE_PORTS: 'ephemeral',
      LOG_LEVEL: 'warn',
      // Every answer checked against its declaration: a drifting one is a 500 and an error line.
      RESPONSE_CHECK: 'strict',
      PUBLIC_URL: baseURL,
      // Remote builds are served from a copy so tests can delete and redeploy one safely.
      STATIC_ROOT: path.join(dataDir, 'static'),
      E2E_STATIC_COPY: 'true',
      // Every journey registers from this one machine (one client address): room for all of them.
      REGISTER_MAX_PER_ADDRESS: '200',
      // team-sso.spec.ts runs its OpenID Provider on a loopback port, over plain http.
      SSO_ALLOW_LOOPBACK_HTTP: 'true',
      // ...and its DNS server, which billing asks for the TXT record that verifies an SSO domain.
      DNS_SERVERS: `127.0.0.1:${dnsPort}`,
    },
  },
});
