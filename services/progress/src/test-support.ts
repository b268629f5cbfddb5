// Test world for the progress service: a real Postgres database and stand-ins for the content and
// billing /internal routes (those services are separate processes in production).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_HEADER, billingInternalRoutes, type Identity, type ProductSummary } from '@catalyst/contracts';
import { createDb } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, createPeerStandIn, createTestCache, createTestDatabase, identityHeaders, testLog } from '@catalyst/service-kit/testing';
import { createApp } from './app';
import { configSchema } from './config';
import type { Database } from './db/schema';
import { SCHEMA, prepareDatabase } from './setup';

export const ids = {
  course: '11111111111111111111aa01',
  video: '11111111111111111111aa02',
  draft: '11111111111111111111aa03',
  other: '11111111111111111111aa04',
  free: '11111111111111111111aa05',
  missing: '11111111111111111111ffff',
  category: '22222222222222222222bb01',
};

const summary = (overrides: Partial<ProductSummary> & Pick<ProductSummary, '_id' | 'slug' | 'title'>): ProductSummary => ({
  productId: overrides.slug.slice(0, 8),
  thumbnail: `/media/${overrides.slug}.jpg`,
  duration: 60,
  type: 'video',
  categoryId: ids.category,
  creatorId: '33333333333333333333cc01',
  isPublished: true,
  price: 19.99,
  ...overrides,
});

export const products: ProductSummary[] = [
  summary({ _id: ids.course, slug: 'react-course', title: 'React Course', type: 'course', duration: 120 }),
  summary({ _id: ids.video, slug: 'css-video', title: 'CSS Video', duration: 30 }),
  summary({ _id: ids.draft, slug: 'draft-video', title: 'Draft Video', isPublished: false }),
  summary({ _id: ids.other, slug: 'other-video', title: 'Other Video', categoryId: '22222222222222222222bb02', duration: null }),
  summary({ _id: ids.free, slug: 'free-video', title: 'Free Video', categoryId: '22222222222222222222bb03', price: 0 }),
];

/** A second subscriber, for the IDOR tests. */
export const otherSubscriber: Identity = { id: 'dddddddddddddddddddddddd', role: 'user', email: 'other@test.example', name: 'Olga Other' };

interface StandIn {
  url: string;
  calls: string[];
  close: () => Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : {};
}

async function standIn(route: (req: IncomingMessage, body: any) => { status: number; data?: unknown; message?: string }): Promise<StandIn> {
  const calls: string[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    calls.push(`${req.method} ${req.url}`);
    const answer =
      req.headers[INTERNAL_HEADER] !== TEST_INTERNAL_SECRET ? { status: 404, message: 'Not found' } : route(req, await readJson(req));
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.status < 400 ? { success: true, data: answer.data } : { success: false, message: answer.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function createTestContext() {
  const database = await createTestDatabase();
  const db = createDb<Database>({ connectionString: database.url, schema: SCHEMA, poolSize: 20 });
  await prepareDatabase(db, { seed: false, log: testLog });

  /** Who has a plan, as billing would answer; tests flip it and evict. */
  const entitled = new Set<string>(['cccccccccccccccccccccccc', otherSubscriber.id]);
  const catalogue = new Map(products.map((p) => [p._id, p]));

  const content = await standIn((req, body) => {
    const url = req.url ?? '';
    let m = /^\/internal\/products\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && m) {
      const product = catalogue.get(m[1]!);
      return product ? { status: 200, data: product } : { status: 404, message: 'Product not found' };
    }
    if (req.method === 'POST' && url === '/internal/products/lookup') {
      return { status: 200, data: (body.ids as string[]).flatMap((id) => catalogue.get(id) ?? []) };
    }
    m = /^\/internal\/categories\/([^/]+)\/products$/.exec(url);
    if (req.method === 'GET' && m) {
      if (m[1] !== ids.category && m[1] !== 'web-development') return { status: 404, message: 'Category not found' };
      return { status: 200, data: [...catalogue.values()].filter((p) => p.categoryId === ids.category && p.isPublished) };
    }
    return { status: 404, message: 'Route not found' };
  });

  const billing = (await createPeerStandIn()).answer(billingInternalRoutes.entitlement, ({ params }) => {
    const has = entitled.has(params.userId!);
    return { entitled: has, plan: has ? ('premium' as const) : null, status: has ? ('active' as const) : ('free' as const) };
  });

  const config = configSchema.parse({
    PORT: '4003',
    DATABASE_URL: database.url,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    CONTENT_URL: content.url,
    BILLING_URL: billing.baseUrl,
  });
  const cache = createTestCache();
  const app = createApp({ config, db, cache, log: testLog });

  /** Calls the app as the gateway would for this caller (or anonymously with null). */
  async function call(as: Identity | null, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = as ? identityHeaders(as) : {};
    let payload: BodyInit | undefined;
    if (body instanceof FormData || typeof body === 'string') payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await app.request(path, { method, headers, body: payload });
    return { status: res.status, body: (await res.json()) as any };
  }

  return {
    app,
    db,
    cache,
    call,
    entitled,
    catalogue,
    contentCalls: content.calls,
    billingCalls: billing.calls,
    close: async () => {
      await Promise.all([content.close(), billing.close()]);
      await cache.close();
      await db.destroy();
      await database.drop();
    },
  };
}
