import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PREMIUM_REQUIRED_MESSAGE,
  type FieldError,
  type ProgressWithProduct,
  type RouteData,
  type progressInternalRoutes,
} from '@catalyst/contracts';
import { IDENTITY_HEADER } from '@catalyst/contracts';
import { testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, ids, otherSubscriber } from '../test-support';

/** What the internal deletes answer. */
type Deleted = RouteData<typeof progressInternalRoutes.deleteProductProgress>;

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('progress').execute();
});

const sub = testUsers.subscriber;
const admin = testUsers.admin;
const learner = testUsers.learner;
const productPath = (id: string, suffix = '') => `/content/progress/product/${id}${suffix}`;

function unloadForm(data: unknown, method = 'PATCH') {
  const form = new FormData();
  form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  if (method) form.append('_method', method);
  return form;
}

describe('one product', () => {
  it('answers zero progress for a product never watched', async () => {
    const { status, body } = await ctx.call(sub, 'GET', productPath(ids.course));
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: {
        productId: ids.course,
        progress: 0,
        lastPosition: 0,
        furthestPosition: 0,
        completed: false,
        completedAt: null,
        updatedAt: null,
      },
    });
  });

  it('saves a position and answers it back, rounding the percentage', async () => {
    const saved = await ctx.call(sub, 'PATCH', productPath(ids.course), {
      progress: 41.6,
      lastPosition: 49.9,
      completed: false,
      clientTime: 1000,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      productId: ids.course,
      progress: 42,
      lastPosition: 49.9,
      completed: false,
      applied: true,
    });
    const read = await ctx.call(sub, 'GET', productPath(ids.course));
    expect(read.body.data).toMatchObject({
      progress: 42,
      lastPosition: 49.9,
      completed: false,
      completedAt: null,
    });
    expect(typeof read.body.data.updatedAt).toBe('string');
  });

  it('never stores a position beyond the end of the media: a save past it holds the end, and a stored one is mended', async () => {
    // CSS Video lasts 30 minutes (1,800 s); a save at 6,030 s is where the video ends.
    const saved = await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 100,
      lastPosition: 6030,
      clientTime: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ lastPosition: 1800, furthestPosition: 1800, applied: true });
    // A row stored before the rule, beyond the end, is brought back within it by the next save.
    await ctx.db
      .updateTable('progress')
      .set({ last_position: 6030, furthest_position: 6030 })
      .where('product_id', '=', ids.video)
      .execute();
    const next = await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 50,
      lastPosition: 900,
      clientTime: 2,
    });
    expect(next.body.data).toMatchObject({ lastPosition: 900, furthestPosition: 1800 });
    const read = await ctx.call(sub, 'GET', productPath(ids.video));
    expect(read.body.data).toMatchObject({ lastPosition: 900, furthestPosition: 1800 });
  });

  it('holds a save at the exact end of a video whose length content knows to the second (a 24 s clip at 321 s)', async () => {
    const saved = await ctx.call(sub, 'PATCH', productPath(ids.clip), {
      progress: 100,
      lastPosition: 321,
      clientTime: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ lastPosition: 24, furthestPosition: 24 });
  });

  it('accepts a save without a client time or a completed flag', async () => {
    const { status, body } = await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 10,
      lastPosition: 3,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ progress: 10, lastPosition: 3, completed: false, applied: true });
  });

  it('completes at 90 percent or more even when the client does not say so', async () => {
    const { body } = await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 90,
      lastPosition: 27,
      completed: false,
      clientTime: 1,
    });
    expect(body.data).toMatchObject({ progress: 90, completed: true });
    expect(body.data.completedAt).toEqual(expect.any(String));
  });
});

describe('validation', () => {
  it.each([
    [{ progress: -1, lastPosition: 0 }, 'progress'],
    [{ progress: 101, lastPosition: 0 }, 'progress'],
    [{ progress: '50', lastPosition: 0 }, 'progress'],
    [{ progress: null, lastPosition: 0 }, 'progress'],
    [{ lastPosition: 0 }, 'progress'],
    [{ progress: 5, lastPosition: -3 }, 'lastPosition'],
    [{ progress: 5, lastPosition: 'x' }, 'lastPosition'],
    [{ progress: 5, lastPosition: 1e12 }, 'lastPosition'],
    [{ progress: 5, lastPosition: 1, completed: 'yes' }, 'completed'],
    [{ progress: 5, lastPosition: 1, clientTime: 1.5 }, 'clientTime'],
    [{ progress: 5, lastPosition: 1, clientTime: -1 }, 'clientTime'],
  ])('refuses %j with a 400 naming the field', async (payload, field) => {
    const { status, body } = await ctx.call(sub, 'PATCH', productPath(ids.course), payload);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.errors.map((e: FieldError) => e.field)).toContain(field);
    expect(await ctx.db.selectFrom('progress').selectAll().execute()).toEqual([]);
  });

  it('refuses malformed JSON, a non-object body and a bad product id with a 400', async () => {
    expect((await ctx.call(sub, 'PATCH', productPath(ids.course), '{"progress":')).status).toBe(400);
    expect((await ctx.call(sub, 'PATCH', productPath(ids.course), [1, 2])).status).toBe(400);
    const badId = await ctx.call(sub, 'PATCH', productPath('not-an-id'), { progress: 1, lastPosition: 1 });
    expect(badId.status).toBe(400);
    expect(badId.body.errors[0].field).toBe('id');
    expect((await ctx.call(sub, 'GET', productPath('ABC'))).status).toBe(400);
  });

  it('refuses bad list and recent parameters', async () => {
    expect((await ctx.call(sub, 'GET', '/content/progress?status=done')).status).toBe(400);
    expect((await ctx.call(sub, 'GET', '/content/progress?page=0')).status).toBe(400);
    expect((await ctx.call(sub, 'GET', '/content/progress/recent?limit=0')).status).toBe(400);
    expect((await ctx.call(sub, 'GET', '/content/progress/recent?limit=abc')).status).toBe(400);
    expect((await ctx.call(sub, 'GET', '/content/progress/recent?limit=51')).status).toBe(400);
  });
});

describe('access', () => {
  it('refuses anonymous and forged callers on every route with a 401', async () => {
    const routes: [string, string][] = [
      ['GET', productPath(ids.course)],
      ['PATCH', productPath(ids.course)],
      ['POST', productPath(ids.course)],
      ['PATCH', productPath(ids.course, '/complete')],
      ['PATCH', productPath(ids.course, '/reset')],
      ['GET', '/content/progress'],
      ['GET', '/content/progress/stats'],
      ['GET', '/content/progress/recent'],
      ['GET', `/content/progress/categories/${ids.category}`],
    ];
    for (const [method, path] of routes) {
      expect(
        (await ctx.call(null, method, path, method === 'GET' ? undefined : { progress: 1, lastPosition: 1 }))
          .status,
      ).toBe(401);
      const forged = await ctx.app.request(path, {
        method,
        headers: { [IDENTITY_HEADER]: 'eyJpZCI6ImJiYiJ9.forged' },
      });
      expect(forged.status).toBe(401);
    }
  });

  it('refuses premium products to a learner without a plan, like the content routes', async () => {
    for (const [method, path] of [
      ['GET', productPath(ids.course)],
      ['PATCH', productPath(ids.course)],
      ['PATCH', productPath(ids.course, '/complete')],
      ['PATCH', productPath(ids.course, '/reset')],
      ['GET', `/content/progress/categories/${ids.category}`],
    ] as const) {
      const { status, body } = await ctx.call(
        learner,
        method,
        path,
        method === 'GET' ? undefined : { progress: 1, lastPosition: 1 },
      );
      expect(status).toBe(403);
      expect(body).toEqual({ success: false, message: PREMIUM_REQUIRED_MESSAGE });
    }
    const form = await ctx.call(
      learner,
      'POST',
      productPath(ids.course),
      unloadForm({ progress: 1, lastPosition: 1 }),
    );
    expect(form.status).toBe(403);
  });

  it('opens a free product (priced 0) to a learner without a plan: read, save, complete and reset, without asking billing', async () => {
    const newcomer = { ...learner, id: 'eeeeeeeeeeeeeeeeeeeeeee1' };
    const asked = () => ctx.billingCalls.filter((c) => c.includes(newcomer.id)).length;
    expect((await ctx.call(newcomer, 'GET', productPath(ids.free))).body.data).toMatchObject({
      progress: 0,
      completed: false,
    });
    expect(
      (await ctx.call(newcomer, 'PATCH', productPath(ids.free), { progress: 40, lastPosition: 24 })).status,
    ).toBe(200);
    expect(
      (
        await ctx.call(
          newcomer,
          'POST',
          productPath(ids.free),
          unloadForm({ progress: 45, lastPosition: 27 }),
        )
      ).status,
    ).toBe(200);
    expect(
      (await ctx.call(newcomer, 'PATCH', productPath(ids.free, '/complete'), {})).body.data,
    ).toMatchObject({ completed: true });
    expect((await ctx.call(newcomer, 'PATCH', productPath(ids.free, '/reset'), {})).body.data).toMatchObject({
      progress: 0,
      completed: false,
    });
    expect(asked()).toBe(0);
    // a priced product stays premium for the same learner
    expect((await ctx.call(newcomer, 'GET', productPath(ids.course))).body).toEqual({
      success: false,
      message: PREMIUM_REQUIRED_MESSAGE,
    });
  });

  it('lets admins through without asking billing', async () => {
    const before = ctx.billingCalls.length;
    const { status } = await ctx.call(admin, 'PATCH', productPath(ids.course), {
      progress: 5,
      lastPosition: 6,
    });
    expect(status).toBe(200);
    expect(ctx.billingCalls.length).toBe(before);
  });

  it('caches the entitlement and asks billing again after an evict', async () => {
    const learner2 = { ...learner, id: 'eeeeeeeeeeeeeeeeeeeeeeee' };
    const asked = () => ctx.billingCalls.filter((c) => c.includes(learner2.id)).length;
    expect((await ctx.call(learner2, 'GET', productPath(ids.course))).status).toBe(403);
    expect((await ctx.call(learner2, 'GET', productPath(ids.course))).status).toBe(403);
    expect(asked()).toBe(1);
    // billing: the learner subscribed, and tells progress to forget the cached answer
    ctx.entitled.add(learner2.id);
    const evicted = await ctx.call(null, 'POST', '/internal/invalidations', undefined);
    expect(evicted.status).toBe(404); // not without the shared secret
    const res = await ctx.app.request('/internal/invalidations', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-catalyst-internal': 'test-internal-secret-0123456789abcdef0123456789',
      },
      body: JSON.stringify({ topic: 'entitlement', key: learner2.id }),
    });
    expect(res.status).toBe(200);
    expect((await ctx.call(learner2, 'GET', productPath(ids.course))).status).toBe(200);
    expect(asked()).toBe(2);
  });

  it('answers 404 for unknown products, and for drafts unless the caller is an admin', async () => {
    const missing = await ctx.call(sub, 'PATCH', productPath(ids.missing), { progress: 1, lastPosition: 1 });
    expect(missing).toEqual({ status: 404, body: { success: false, message: 'Product not found' } });
    expect((await ctx.call(sub, 'GET', productPath(ids.draft))).status).toBe(404);
    expect(
      (await ctx.call(admin, 'PATCH', productPath(ids.draft), { progress: 1, lastPosition: 1 })).status,
    ).toBe(200);
  });

  it('keeps every user to their own rows (no IDOR between two subscribers)', async () => {
    await ctx.call(sub, 'PATCH', productPath(ids.course), { progress: 60, lastPosition: 72, clientTime: 5 });
    // the other subscriber sees nothing of it, anywhere
    expect((await ctx.call(otherSubscriber, 'GET', productPath(ids.course))).body.data).toMatchObject({
      progress: 0,
      updatedAt: null,
    });
    expect((await ctx.call(otherSubscriber, 'GET', '/content/progress')).body.data).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await ctx.call(otherSubscriber, 'GET', '/content/progress/recent')).body.data).toEqual([]);
    expect((await ctx.call(otherSubscriber, 'GET', '/content/progress/stats')).body.data.started).toBe(0);
    // the other's writes, resets and completes only touch their own row, even with a user id in the body
    await ctx.call(otherSubscriber, 'PATCH', productPath(ids.course), {
      progress: 3,
      lastPosition: 1,
      clientTime: 9,
      userId: sub.id,
    });
    await ctx.call(otherSubscriber, 'PATCH', productPath(ids.course, '/reset'));
    await ctx.call(otherSubscriber, 'PATCH', productPath(ids.course, '/complete'));
    expect((await ctx.call(sub, 'GET', productPath(ids.course))).body.data).toMatchObject({
      progress: 60,
      lastPosition: 72,
      completed: false,
    });
    expect((await ctx.call(otherSubscriber, 'GET', productPath(ids.course))).body.data).toMatchObject({
      progress: 100,
      completed: true,
    });
  });
});

describe('the unload save', () => {
  it('treats a multipart POST with data and _method=PATCH as the PATCH', async () => {
    const { status, body } = await ctx.call(
      sub,
      'POST',
      productPath(ids.course),
      unloadForm({ progress: 33, lastPosition: 40, completed: false, clientTime: 7 }),
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ progress: 33, lastPosition: 40, applied: true });
    expect((await ctx.call(sub, 'GET', productPath(ids.course))).body.data).toMatchObject({
      progress: 33,
      lastPosition: 40,
    });
  });

  it('accepts the data field sent as a JSON file part', async () => {
    const form = new FormData();
    form.append(
      'data',
      new Blob([JSON.stringify({ progress: 12, lastPosition: 14 })], { type: 'application/json' }),
      'data.json',
    );
    form.append('_method', 'PATCH');
    const { status, body } = await ctx.call(sub, 'POST', productPath(ids.course), form);
    expect(status).toBe(200);
    expect(body.data.progress).toBe(12);
  });

  it('refuses a form without _method=PATCH, without data, with bad JSON or bad values', async () => {
    const cases: [FormData, string][] = [
      [unloadForm({ progress: 5, lastPosition: 1 }, ''), '_method'],
      [unloadForm({ progress: 5, lastPosition: 1 }, 'DELETE'), '_method'],
      [unloadForm('{not json'), 'data'],
      [unloadForm({ progress: 500, lastPosition: 1 }), 'progress'],
    ];
    const noData = new FormData();
    noData.append('_method', 'PATCH');
    cases.push([noData, 'data']);
    for (const [form, field] of cases) {
      const { status, body } = await ctx.call(sub, 'POST', productPath(ids.course), form);
      expect(status).toBe(400);
      expect(body.errors.map((e: FieldError) => e.field)).toContain(field);
    }
    const json = await ctx.call(sub, 'POST', productPath(ids.course), { progress: 5, lastPosition: 1 });
    expect(json.status).toBe(400);
    expect(await ctx.db.selectFrom('progress').selectAll().execute()).toEqual([]);
  });

  it('cannot rewind a newer save when it arrives late', async () => {
    await ctx.call(sub, 'PATCH', productPath(ids.course), {
      progress: 50,
      lastPosition: 60,
      clientTime: 2000,
    });
    const late = await ctx.call(
      sub,
      'POST',
      productPath(ids.course),
      unloadForm({ progress: 20, lastPosition: 24, clientTime: 1500 }),
    );
    expect(late.status).toBe(200);
    expect(late.body.data).toMatchObject({ applied: false, progress: 50, lastPosition: 60 });
    expect((await ctx.call(sub, 'GET', productPath(ids.course))).body.data).toMatchObject({
      progress: 50,
      lastPosition: 60,
    });
  });
});

describe('ordering and completion rules', () => {
  it('ignores a write older than the stored one, and applies a newer one', async () => {
    await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 40,
      lastPosition: 12,
      clientTime: 3000,
    });
    const stale = await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 80,
      lastPosition: 24,
      clientTime: 2999,
    });
    expect(stale.body.data).toMatchObject({ applied: false, progress: 40 });
    const newer = await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 45,
      lastPosition: 14,
      clientTime: 3001,
    });
    expect(newer.body.data).toMatchObject({
      applied: true,
      progress: 45,
      lastPosition: 14,
      furthestPosition: 14,
    });
  });

  it('re-watching moves the resume position back but never lowers how far the learner got', async () => {
    await ctx.call(sub, 'PATCH', productPath(ids.video), { progress: 36, lastPosition: 11, clientTime: 1 });
    // the learner starts again from the beginning and plays 4 s (an older client may still send 13%)
    const rewatch = await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 13,
      lastPosition: 4,
      clientTime: 2,
    });
    expect(rewatch.body.data).toMatchObject({
      applied: true,
      progress: 36,
      lastPosition: 4,
      furthestPosition: 11,
      completed: false,
    });
    const unload = await ctx.call(
      sub,
      'POST',
      productPath(ids.video),
      unloadForm({ progress: 20, lastPosition: 6, clientTime: 3 }),
    );
    expect(unload.body.data).toMatchObject({ progress: 36, lastPosition: 6, furthestPosition: 11 });
    expect((await ctx.call(sub, 'GET', productPath(ids.video))).body.data).toMatchObject({
      progress: 36,
      lastPosition: 6,
      furthestPosition: 11,
    });
    // going further than before moves both figures on
    const further = await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 50,
      lastPosition: 15,
      clientTime: 4,
    });
    expect(further.body.data).toMatchObject({ progress: 50, lastPosition: 15, furthestPosition: 15 });
    // only Reset lowers them
    const reset = await ctx.call(sub, 'PATCH', productPath(ids.video, '/reset'), { clientTime: 5 });
    expect(reset.body.data).toMatchObject({ progress: 0, lastPosition: 0, furthestPosition: 0 });
  });

  it('never moves completed back except through reset', async () => {
    const done = await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 95,
      lastPosition: 28,
      completed: true,
      clientTime: 10,
    });
    const completedAt = done.body.data.completedAt;
    expect(done.body.data.completed).toBe(true);
    const rewatch = await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 20,
      lastPosition: 6,
      completed: false,
      clientTime: 11,
    });
    // the position follows the learner; completion and its percentage stay
    expect(rewatch.body.data).toMatchObject({
      applied: true,
      completed: true,
      progress: 95,
      lastPosition: 6,
      completedAt,
    });
  });

  it('marks complete at 100, keeps the first completion time, and Mark Complete again changes nothing', async () => {
    await ctx.call(sub, 'PATCH', productPath(ids.course), { progress: 30, lastPosition: 36, clientTime: 1 });
    const first = await ctx.call(sub, 'PATCH', productPath(ids.course, '/complete'));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ progress: 100, completed: true, lastPosition: 36 });
    const again = await ctx.call(sub, 'PATCH', productPath(ids.course, '/complete'), { clientTime: 2 });
    expect(again.body.data.completedAt).toBe(first.body.data.completedAt);
  });

  it('completes a product never watched', async () => {
    const { body } = await ctx.call(sub, 'PATCH', productPath(ids.video, '/complete'));
    expect(body.data).toMatchObject({ progress: 100, completed: true, lastPosition: 0 });
  });

  it('resets to zero and keeps older in-flight saves stale', async () => {
    await ctx.call(sub, 'PATCH', productPath(ids.course), {
      progress: 95,
      lastPosition: 114,
      clientTime: 100,
    });
    const reset = await ctx.call(sub, 'PATCH', productPath(ids.course, '/reset'), { clientTime: 200 });
    expect(reset.body.data).toMatchObject({
      progress: 0,
      lastPosition: 0,
      completed: false,
      completedAt: null,
    });
    const inFlight = await ctx.call(
      sub,
      'POST',
      productPath(ids.course),
      unloadForm({ progress: 96, lastPosition: 115, completed: true, clientTime: 150 }),
    );
    expect(inFlight.body.data).toMatchObject({ applied: false, progress: 0, completed: false });
    const next = await ctx.call(sub, 'PATCH', productPath(ids.course), {
      progress: 2,
      lastPosition: 2,
      clientTime: 201,
    });
    expect(next.body.data).toMatchObject({ applied: true, progress: 2, completed: false });
  });

  it('keeps the newest of many concurrent saves: nothing lost, nothing rewound', async () => {
    const times = Array.from({ length: 60 }, (_, i) => 10_000 + i);
    // shuffle so the newest does not arrive last
    for (let i = times.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [times[i], times[j]] = [times[j]!, times[i]!];
    }
    const results = await Promise.all(
      times.map((t) =>
        ctx.call(sub, 'PATCH', productPath(ids.course), {
          progress: (t - 10_000) % 80,
          lastPosition: t - 10_000,
          clientTime: t,
        }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const row = await ctx.db
      .selectFrom('progress')
      .selectAll()
      .where('user_id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ client_ts: 10_059, last_position: 59, progress: 59 });
  });
});

describe('lists', () => {
  async function seedThree() {
    await ctx.call(sub, 'PATCH', productPath(ids.course), {
      progress: 50,
      lastPosition: 3600,
      clientTime: 1,
    });
    await ctx.call(sub, 'PATCH', productPath(ids.video), {
      progress: 100,
      lastPosition: 1800,
      completed: true,
      clientTime: 1,
    });
    await ctx.call(sub, 'PATCH', productPath(ids.other), { progress: 10, lastPosition: 30, clientTime: 1 });
  }

  it('lists my progress newest first with the product, filtered by status and paged', async () => {
    await seedThree();
    const all = (await ctx.call(sub, 'GET', '/content/progress')).body.data;
    expect(all).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(all.items.map((i: ProgressWithProduct) => i.productId)).toEqual([
      ids.other,
      ids.video,
      ids.course,
    ]);
    expect(all.items[0].product).toMatchObject({
      _id: ids.other,
      title: 'Other Video',
      slug: 'other-video',
      thumbnail: '/media/other-video.jpg',
    });
    const completed = (await ctx.call(sub, 'GET', '/content/progress?status=completed')).body.data;
    expect(completed.items.map((i: ProgressWithProduct) => i.productId)).toEqual([ids.video]);
    const inProgress = (await ctx.call(sub, 'GET', '/content/progress?status=in-progress&limit=1&page=2'))
      .body.data;
    expect(inProgress).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(inProgress.items.map((i: ProgressWithProduct) => i.productId)).toEqual([ids.course]);
  });

  it('gives the recent list newest first, 5 by default, with titles and thumbnails', async () => {
    await seedThree();
    const recent = await ctx.call(sub, 'GET', '/content/progress/recent');
    expect(recent.status).toBe(200);
    expect(recent.body.data.map((i: ProgressWithProduct) => i.product.title)).toEqual([
      'Other Video',
      'CSS Video',
      'React Course',
    ]);
    expect((await ctx.call(sub, 'GET', '/content/progress/recent?limit=1')).body.data).toHaveLength(1);
    const watching = (await ctx.call(sub, 'GET', '/content/progress/recent?status=in-progress')).body.data;
    expect(watching.map((i: ProgressWithProduct) => i.productId)).toEqual([ids.other, ids.course]);
    // more than five rows: the default limit holds
    await ctx.db
      .insertInto('progress')
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          user_id: sub.id,
          product_id: `9999999999999999999999${String(i).padStart(2, '0')}`,
          progress: 5,
        })),
      )
      .execute();
    ctx.catalog.set('999999999999999999999900', {
      ...ctx.catalog.get(ids.other)!,
      _id: '999999999999999999999900',
    });
    const five = (await ctx.call(sub, 'GET', '/content/progress/recent')).body.data;
    expect(five.length).toBeLessThanOrEqual(5); // products content no longer has are left out
    expect(five.map((i: ProgressWithProduct) => i.productId)).toContain('999999999999999999999900');
  });

  it('counts started, completed, minutes watched and the completion rate', async () => {
    await seedThree();
    const { body } = await ctx.call(sub, 'GET', '/content/progress/stats');
    // 50% of 120 min + 100% of 30 min + 10% of an unknown duration
    expect(body.data).toEqual({
      started: 3,
      completed: 1,
      inProgress: 2,
      minutesWatched: 90,
      completionRate: 33,
    });
    expect((await ctx.call(otherSubscriber, 'GET', '/content/progress/stats')).body.data).toEqual({
      started: 0,
      completed: 0,
      inProgress: 0,
      minutesWatched: 0,
      completionRate: 0,
    });
  });

  it("gives my progress over a category's published products, by id or slug", async () => {
    await seedThree();
    for (const key of [ids.category, 'web-development']) {
      const { status, body } = await ctx.call(sub, 'GET', `/content/progress/categories/${key}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ category: key, total: 2, started: 2, completed: 1, percent: 75 });
      expect(body.data.items.map((i: ProgressWithProduct) => [i.productId, i.progress])).toEqual([
        [ids.course, 50],
        [ids.video, 100],
      ]);
    }
    expect((await ctx.call(sub, 'GET', '/content/progress/categories/nope')).status).toBe(404);
    expect((await ctx.call(sub, 'GET', '/content/progress/categories/bad%20slug!')).status).toBe(400);
  });
});

describe('internal routes', () => {
  const internal = { 'x-catalyst-internal': 'test-internal-secret-0123456789abcdef0123456789' };

  it("deletes a product's progress for every user when content deletes the product", async () => {
    await ctx.call(sub, 'PATCH', productPath(ids.course), { progress: 5, lastPosition: 5 });
    await ctx.call(otherSubscriber, 'PATCH', productPath(ids.course), { progress: 6, lastPosition: 6 });
    await ctx.call(sub, 'PATCH', productPath(ids.video), { progress: 7, lastPosition: 7 });
    expect(
      (await ctx.app.request(`/internal/progress/products/${ids.course}`, { method: 'DELETE' })).status,
    ).toBe(404);
    const res = await ctx.app.request(`/internal/progress/products/${ids.course}`, {
      method: 'DELETE',
      headers: internal,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Deleted }).data).toEqual({ deleted: 2 });
    const left = await ctx.db.selectFrom('progress').select('product_id').execute();
    expect(left.map((r) => r.product_id)).toEqual([ids.video]);
    expect(
      (await ctx.app.request('/internal/progress/products/xyz', { method: 'DELETE', headers: internal }))
        .status,
    ).toBe(400);
  });
});
