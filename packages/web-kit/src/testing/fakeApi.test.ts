import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  categoryRoutes,
  discussionRoutes,
  productRoutes,
  type CategoryInput,
  type ProductDetail,
} from '@catalyst/contracts';
import { createApiClient, isApiRequestError } from '../api/client';
import { failure, fakeApi, held, inTurn, networkFailure, sseStream, success } from './fakeApi';

const client = createApiClient({ getToken: () => null });
const product = { _id: 'p1', slug: 'intro', title: 'Intro' } as ProductDetail;
const art = { name: 'Art', description: 'Painting and drawing', slug: 'art' } as CategoryInput;

afterEach(() => vi.unstubAllGlobals());

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      if (!isApiRequestError(error)) throw error;
      return { status: error.status, message: error.message, errors: error.errors };
    },
  );

describe('fakeApi', () => {
  it('answers a stubbed declaration in the envelope, with its path parameters', async () => {
    const fake = fakeApi().on(productRoutes.get, ({ params }) => ({ ...product, slug: params.idOrSlug }));
    await expect(client.product.get({ params: { idOrSlug: 'a b' } })).resolves.toMatchObject({ slug: 'a b' });
    expect(fake.requests()).toEqual(['GET /content/products/a%20b']);
  });

  it('prefers the literal route over a parameter that would also match', async () => {
    const fake = fakeApi().on(productRoutes.get, product).on(productRoutes.top, []);
    await expect(client.product.top()).resolves.toEqual([]);
    expect(fake.callsTo(productRoutes.get)).toEqual([]);
    expect(fake.callsTo(productRoutes.top)).toHaveLength(1);
  });

  it("lets an answer for some path parameters win over the route's general one", async () => {
    fakeApi()
      .on(productRoutes.get, ({ params }) => ({ ...product, slug: params.idOrSlug }))
      .on(productRoutes.get, failure(403, 'Not this one'), { idOrSlug: 'locked' });
    await expect(client.product.get({ params: { idOrSlug: 'open' } })).resolves.toMatchObject({
      slug: 'open',
    });
    expect(await errorOf(client.product.get({ params: { idOrSlug: 'locked' } }))).toMatchObject({
      status: 403,
      message: 'Not this one',
    });
  });

  it('answers 404 in the one error shape for what is not stubbed, and records it', async () => {
    const fake = fakeApi().on(productRoutes.get, product);
    expect(await errorOf(client.product.top())).toEqual({
      status: 404,
      message: 'Route not found: GET /api/v1/content/products/top',
      errors: [],
    });
    expect(await errorOf(client.get('/nowhere/at/all'))).toMatchObject({ status: 404 });
    expect(fake.calls.map((call) => call.route?.path)).toEqual(['/content/products/top', undefined]);
  });

  it('records what a write sent and answers with its declared status and message', async () => {
    const fake = fakeApi().on(categoryRoutes.create, ({ body }) =>
      success({ _id: 'c1', ...body }, { message: 'Category created' }),
    );
    const answer = await client.category.create.request({ body: art });
    expect(answer).toMatchObject({ data: { _id: 'c1', name: 'Art' }, message: 'Category created' });
    const [call] = fake.callsTo(categoryRoutes.create);
    expect(call).toMatchObject({ method: 'POST', path: '/admin/categories', body: { name: 'Art' } });
    expect((await fake.fetch.mock.results[0]!.value) as Response).toHaveProperty('status', 201);
  });

  it('fails a route with a status, message and field errors', async () => {
    fakeApi()
      .fail(productRoutes.get, 403, 'Active subscription required to access this content')
      .on(categoryRoutes.create, failure(409, 'Name taken', [{ field: 'name', message: 'Name taken' }]));
    expect(await errorOf(client.product.get({ params: { idOrSlug: 'x' } }))).toMatchObject({
      status: 403,
      message: 'Active subscription required to access this content',
    });
    expect(await errorOf(client.category.create({ body: art }))).toEqual({
      status: 409,
      message: 'Name taken',
      errors: [{ field: 'name', message: 'Name taken' }],
    });
  });

  it('makes a route unreachable: the client reports the network error', async () => {
    fakeApi().unreachable(productRoutes.top);
    expect(await errorOf(client.product.top())).toMatchObject({
      status: 0,
      message: 'Network error occurred',
    });
  });

  it('answers calls in turn, a network failure among them, then repeats the last answer', async () => {
    const fake = fakeApi().on(
      categoryRoutes.create,
      inTurn(failure(409, 'Name taken'), networkFailure, ({ body }) => success({ _id: 'c1', ...body })),
    );
    expect(await errorOf(client.category.create({ body: art }))).toMatchObject({
      status: 409,
      message: 'Name taken',
    });
    expect(await errorOf(client.category.create({ body: art }))).toMatchObject({
      status: 0,
      message: 'Network error occurred',
    });
    await expect(client.category.create({ body: art })).resolves.toMatchObject({ _id: 'c1', name: 'Art' });
    await expect(client.category.create({ body: art })).resolves.toMatchObject({ _id: 'c1' });
    expect(fake.callsTo(categoryRoutes.create)).toHaveLength(4);
  });

  it('goes offline: every request fails to reach the server, stubbed or not, API or not, until online again', async () => {
    const fake = fakeApi().on(productRoutes.top, []).offline();
    expect(await errorOf(client.product.top())).toMatchObject({
      status: 0,
      message: 'Network error occurred',
    });
    await expect(fetch('/mf/remotes.json')).rejects.toThrow('Failed to fetch');
    expect(fake.requests()).toEqual(['GET /content/products/top', 'GET /mf/remotes.json']);
    fake.offline(false);
    await expect(client.product.top()).resolves.toEqual([]);
  });

  it('hangs a route until its request is aborted, and holds one until released', async () => {
    const later = held(product);
    const fake = fakeApi().hang(productRoutes.top).on(productRoutes.get, later.reply);
    const abort = new AbortController();
    const hanging = client.product.top(undefined, { signal: abort.signal });
    const waiting = client.product.get({ params: { idOrSlug: 'intro' } });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    abort.abort();
    await expect(hanging).rejects.toMatchObject({ name: 'AbortError' });
    later.release();
    await expect(waiting).resolves.toEqual(product);
  });

  it('passes a raw Response through: an event stream', async () => {
    const stream = sseStream();
    fakeApi().on(discussionRoutes.events, stream.response);
    const response = await fetch('/api/v1/community/threads/t1/events');
    stream.send('reply', { id: 1 });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('event: reply\ndata: {"id":1}\n\n');
  });
});
