import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // vitest's default in a run is one worker less than the cores: one, on a 2-core CI machine. Server files
    // wait on Postgres, services and child processes much of the time, so three share two cores well.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'services/*/src/**/*.test.ts',
            'gateway/src/**/*.test.ts',
            'packages/{contracts,service-kit,demo,catalog-access}/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'media/**/*.test.ts',
            'e2e/security/**/*.test.ts',
            'e2e/*.test.ts',
          ],
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
        },
      },
    ],
  },
});
