import { defineConfig } from 'vitest/config';

/**
 * Server test files that start tracing (startTelemetry): OpenTelemetry's API keeps its provider, propagator and
 * context manager in globals, and the fetch instrumentation stays subscribed to Node's diagnostics channel, once
 * a process. Sharing a worker (isolate: false), a second file's tracing met the first one's: both added a
 * traceparent to each outgoing call. These run in a process each. scripts/test-files.test.ts checks the list.
 */
export const TRACING_TEST_FILES = [
  'gateway/src/tracing.test.ts',
  'gateway/src/trace-propagation.test.ts',
  'packages/service-kit/src/logger.test.ts',
  'packages/service-kit/src/telemetry-server-span.test.ts',
];

/** The server tests' settings, shared by the project of files that share a worker and the tracing files'. */
const server = {
  environment: 'node' as const,
  // What the images run. With TEST_REDIS_URL (CI) against that real Redis, as production runs; the tooling
  // below starts products of its own and keeps its own Redis choices.
  env: process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {},
  globalSetup: ['scripts/test-postgres.setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // vitest's default in a run is one worker less than the cores: one, on a 2-core CI machine. Server files
    // wait on Postgres, services and child processes much of the time, so three share two cores well.
    maxWorkers: 3,
    projects: [
      {
        test: {
          ...server,
          name: 'server',
          include: [
            'services/*/src/**/*.test.ts',
            'gateway/src/**/*.test.ts',
            'packages/{contracts,service-kit,demo,catalog-access}/src/**/*.test.ts',
            'scripts/bundle-services.test.ts',
          ],
          exclude: [...TRACING_TEST_FILES, '**/node_modules/**'],
          setupFiles: ['scripts/test-server.setup.ts'],
          // One process and one load of the libraries per worker instead of per file, as the web project does:
          // the setup file resets this repository's own modules before each file. On 43 of auth's and
          // content's files the CPU the run took fell from 147 s to 86 s (import 99 s → 32 s).
          isolate: false,
        },
      },
      { test: { ...server, name: 'tracing', include: TRACING_TEST_FILES } },
      {
        test: {
          name: 'tooling',
          environment: 'node',
          include: [
            'scripts/**/*.test.ts',
            'packages/build-kit/src/**/*.test.ts',
            'media/**/*.test.ts',
            'e2e/security/**/*.test.ts',
            'e2e/*.test.ts',
          ],
          exclude: ['scripts/bundle-services.test.ts', '**/node_modules/**'],
          globalSetup: ['scripts/test-postgres.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: [
            'shell/src/**/*.test.{ts,tsx}',
            'mfe-*/src/**/*.test.{ts,tsx}',
            'packages/web-kit/src/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['scripts/test-web.setup.ts'],
          // One jsdom and one load of the libraries per worker instead of per file: the setup file resets
          // this repository's own modules before each file, so no store, cache or session carries over.
          // The web project took 345 s alone isolated and 106 s so, on the same loaded machine.
          isolate: false,
          // A page's test on a loaded 2-core machine may take longer than vitest's 5 s without being stuck.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
