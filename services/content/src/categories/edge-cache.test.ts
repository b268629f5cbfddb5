import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, testUsers } from '@catalyst/service-kit/testing';
import { createGateway } from '@catalyst/gateway/app';
import { buildConfig } from '@catalyst/gateway/config';
import { validCategory } from '../admin-test-support';
import { createTestContext, fx, insertFixtures } from '../test-support';

// The real content service behind the real gateway: what the public reads through the edge cache.
let ctx: Awaited<ReturnType<typeof createTestContext>>;
let content: ReturnType<typeof serve>;
let gateway: Server;
let base: string;
const ADMIN_TOKEN = 'admin-token-0123456789abcdef';

const listen = (server: { once: Server['once'] }) =>
  new Promise<void>((resolve) => server.once('listening', () => resolve()));
const portOf = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  ctx = await createTestContext({ catalogCacheTtlMs: 5_000 });
  await insertFixtures(ctx.db);
  content = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
  await listen(content as unknown as Server);
  const config = buildConfig({
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    LOG_LEVEL: 'silent',
    AUTH_URL: 'http://127.0.0.1:9',
    CONTENT_URL: `http://127.0.0.1:${portOf(content as unknown as Server)}`,
    PROGRESS_URL: 'http://127.0.0.1:9',
    BILLING_URL: 'http://127.0.0.1:9',
  });
  const identity = {
    resolve: async (token: string) => (token === ADMIN_TOKEN ? testUsers.admin : null),
    evictToken: async () => undefined,
    evictUser: async () => undefined,
  };
  gateway = createServer(
    createGateway(config, { log: pino({ level: 'silent' }), cache: new MemoryCache(), identity }),
  );
  gateway.listen(0, '127.0.0.1');
  await listen(gateway);
  base = `http://127.0.0.1:${portOf(gateway)}/api/v1`;
});
afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
  await new Promise((resolve) => (content as unknown as Server).close(resolve));
  await ctx.close();
});

const names = async (res: Response) =>
  ((await res.json()) as { data: { items: Array<{ name: string }> } }).data.items.map((c) => c.name);

describe('public catalogue answers through the gateway’s edge cache', () => {
  it('marks public catalogue answers for shared caches, and never premium ones', async () => {
    for (const path of [
      '/categories',
      '/content/categories/web-development',
      '/content/products?limit=2',
      '/content/products/top',
      '/content/products/react-basics',
    ]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=0, s-maxage=5');
    }
    const premium = await fetch(`${base}/content/premium/products`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(premium.status).toBe(200);
    expect(premium.headers.get('cache-control') ?? '').not.toMatch(/public/);
    expect(premium.headers.get('x-cache')).toBe('MISS');
    const missing = await fetch(`${base}/categories/nothing-here`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toMatch(/public/);
  });

  it('keeps the premium list for the premium audience only: the next entitled caller has it from the gateway, no one else does', async () => {
    const read = (token?: string) =>
      fetch(`${base}/content/premium/products?limit=3`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const first = await read(ADMIN_TOKEN);
    expect([
      first.status,
      first.headers.get('x-cache'),
      first.headers.get('cache-control'),
      first.headers.get('x-catalyst-audience'),
    ]).toEqual([200, 'MISS', 'no-store', null]);
    const second = await read(ADMIN_TOKEN);
    expect([
      second.status,
      second.headers.get('x-cache'),
      second.headers.get('cache-control'),
      second.headers.get('x-catalyst-audience'),
    ]).toEqual([200, 'HIT', 'no-store', null]);
    expect(await second.text()).toBe(await first.text());
    const anonymous = await read();
    expect([anonymous.status, anonymous.headers.get('x-cache')]).toEqual([401, 'MISS']);
    // The other premium reads that are the same for every member: the category page's and a creator's library.
    for (const path of [
      '/content/premium/categories/web-development',
      '/users/premium/categories/web-development/creators',
      `/users/premium/products/${fx.alice}`,
    ]) {
      const once = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      const again = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(
        [once.status, once.headers.get('x-cache'), again.status, again.headers.get('x-cache')],
        path,
      ).toEqual([200, 'MISS', 200, 'HIT']);
    }
  });

  it('shows an admin edit of a category to the very next public GET', async () => {
    await fetch(`${base}/categories`);
    const cached = await fetch(`${base}/categories`);
    expect(cached.headers.get('x-cache')).toBe('HIT');
    expect(await names(cached)).toContain('Web Development');

    const edit = await fetch(`${base}/admin/categories/${fx.web}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(validCategory({ name: 'Web Craft', slug: 'web-development', sortOrder: 1 })),
    });
    expect(edit.status).toBe(200);

    const next = await fetch(`${base}/categories`);
    expect(next.headers.get('x-cache')).toBe('MISS');
    const after = await names(next);
    expect(after).toContain('Web Craft');
    expect(after).not.toContain('Web Development');
  });
});
