import { vi } from 'vitest';

// The server project shares one process per worker (isolate: false in vitest.config.ts); this file runs before
// each test file, so each file imports this repository's modules afresh: no cache, pool or configuration of the
// file before it. Libraries (Hono, kysely, pg, zod, pino) stay loaded, which is the time saved.
vi.resetModules();
