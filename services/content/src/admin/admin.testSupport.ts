// Test support for the admin area: the content app over a fresh database, with stand-ins for the
// auth, billing and progress /internal routes it calls, and helpers to call it as a given person.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { INTERNAL_HEADER, type Identity } from '@catalyst/contracts';
import { createDb, createInternalClient } from '@catalyst/service-kit';
import {
  TEST_INTERNAL_SECRET,
  createTestCache,
  createTestDatabase,
  identityHeaders,
  testLog,
  testUsers,
} from '@catalyst/service-kit/testing';
import { createApp } from '../app';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { SCHEMA, prepareDatabase } from '../setup';

/**
 * One server answering as auth (users count), billing (subscribers count, entitlements) and progress
 * (product progress deletion). `down` makes a peer answer 503; `calls` records every request.
 */
export async function startPeers() {
  const state = {
    users: 42,
    subscribers: 7,
    entitled: new Set<string>([testUsers.subscriber.id]),
    down: new Set<'auth' | 'billing' | 'progress'>(),
    calls: [] as string[],
  };
  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const call = `${req.method} ${req.url}`;
    state.calls.push(call);
    if (req.headers[INTERNAL_HEADER] !== TEST_INTERNAL_SECRET) return send(res, 404, { success: false, message: 'Not found' });
    const peer = req.url?.startsWith('/internal/users') ? 'auth' : req.url?.startsWith('/internal/progress') ? 'progress' : 'billing';
    if (state.down.has(peer)) return send(res, 503, { success: false, message: 'down' });
    if (call === 'GET /internal/users/count') return send(res, 200, { success: true, data: { count: state.users } });
    if (call === 'GET /internal/subscribers/count') return send(res, 200, { success: true, data: { count: state.subscribers } });
    const entitlement = /^GET \/internal\/entitlements\/([0-9a-f]{24})$/.exec(call);
    if (entitlement) {
      const yes = state.entitled.has(entitlement[1]!);
      return send(res, 200, { success: true, data: { entitled: yes, plan: yes ? 'premium' : null, status: yes ? 'active' : 'free' } });
    }
    if (/^DELETE \/internal\/progress\/products\/[0-9a-f]{24}$/.test(call)) return send(res, 200, { success: true, data: { deleted: 2 } });
    return send(res, 404, { success: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type Caller = 'anonymous' | keyof typeof testUsers;

export async function createAdminTestContext() {
  const database = await createTestDatabase();
  const peers = await startPeers();
  const db: Kysely<Database> = createDb<Database>({ connectionString: database.url, schema: SCHEMA, poolSize: 5 });
  await prepareDatabase(db, { seed: false, log: testLog });
  const config: Config = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: 0,
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: 5,
    REDIS_URL: undefined,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    SEED_DEMO: false,
    AUTH_URL: peers.url,
    CONTENT_URL: 'http://127.0.0.1:9',
    PROGRESS_URL: peers.url,
    BILLING_URL: peers.url,
  };
  const cache = createTestCache();
  const app = createApp({
    config,
    db,
    cache,
    log: testLog,
    billing: createInternalClient({ baseUrl: peers.url, secret: TEST_INTERNAL_SECRET }),
  });

  /** Calls the app as a person would arrive through the gateway; answers status and parsed body. */
  async function call(caller: Caller, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = caller === 'anonymous' ? {} : identityHeaders(testUsers[caller] as Identity);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.request(path, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any };
  }

  return {
    app,
    db,
    peers,
    call,
    admin: (method: string, path: string, body?: unknown) => call('admin', method, path, body),
    close: async () => {
      await db.destroy();
      await cache.close();
      await peers.close();
      await database.drop();
    },
  };
}

export type AdminTestContext = Awaited<ReturnType<typeof createAdminTestContext>>;

export const validCategory = (overrides: Record<string, unknown> = {}) => ({
  name: 'Web Development',
  description: 'Build for the browser, from HTML to React.',
  slug: 'web-development',
  icon: '💻',
  color: '#3b82f6',
  isActive: true,
  sortOrder: 1,
  ...overrides,
});

export const validCreator = (overrides: Record<string, unknown> = {}) => ({
  name: 'Alice Doe',
  description: 'Teaches the web.',
  slug: 'alice-doe',
  ...overrides,
});

/** Creates a category and a creator through the API and answers their ids. */
export async function createCategoryAndCreator(ctx: AdminTestContext, suffix = '') {
  const category = await ctx.admin('POST', '/admin/categories', validCategory({ name: `Web Development${suffix}`, slug: `web-development${suffix}` }));
  const creator = await ctx.admin('POST', '/admin/creators', validCreator({ name: `Alice Doe${suffix}`, slug: `alice-doe${suffix}` }));
  if (category.status !== 201 || creator.status !== 201) throw new Error(`fixture creation failed: ${JSON.stringify([category.body, creator.body])}`);
  return { categoryId: category.body.data._id as string, creatorId: creator.body.data._id as string };
}
