import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Identity, LearningPath } from '@catalyst/contracts';
import { testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, ids, lesson, otherSubscriber, products } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
const sub = testUsers.subscriber;
const PATH_ID = '99999999999999999999ee01';
const DRAFT_ID = '99999999999999999999ee02';

const itemOf = (id: string) => {
  const p = products.find((product) => product._id === id)!;
  return {
    productId: p._id,
    publicId: p.productId,
    slug: p.slug,
    title: p.title,
    type: p.type,
    thumbnail: p.thumbnail,
    duration: p.duration,
    isPublished: true,
  };
};
const pathOf = (id: string, overrides: Partial<LearningPath> = {}): LearningPath => ({
  _id: id,
  slug: `path-${id.slice(-2)}`,
  title: 'Front-end foundations',
  description: 'From layouts to components.',
  level: 'beginner',
  estimatedHours: 6,
  isPublished: true,
  itemCount: 3,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  items: [itemOf(ids.video), itemOf(ids.lessons), itemOf(ids.free)],
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.paths.set(PATH_ID, pathOf(PATH_ID));
  ctx.paths.set(DRAFT_ID, pathOf(DRAFT_ID, { isPublished: false }));
});
afterAll(() => ctx.close());

const standing = (as: Identity = sub) => ctx.call(as, 'GET', `/content/progress/paths/${PATH_ID}`);
const pathCertificates = () =>
  ctx.db.selectFrom('certificates').selectAll().where('product_id', '=', PATH_ID).execute();

describe('following a path', () => {
  it('refuses visitors, a malformed id, an unknown path and following a draft', async () => {
    expect((await ctx.call(null, 'GET', `/content/progress/paths/${PATH_ID}`)).status).toBe(401);
    expect((await ctx.call(sub, 'GET', '/content/progress/paths/nope')).status).toBe(400);
    const unknown = await ctx.call(sub, 'PUT', '/content/progress/paths/99999999999999999999eeff/follow');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Path not found');
    expect((await ctx.call(sub, 'PUT', `/content/progress/paths/${DRAFT_ID}/follow`)).status).toBe(404);
  });

  it('follows, counts each item by its own completion, names the next, and issues the certificate once', async () => {
    const before = await standing();
    expect(before.body.data).toMatchObject({ following: false, completedCount: 0, total: 3 });
    expect(before.body.data.nextProductId).toBe(ids.video);

    const followed = await ctx.call(sub, 'PUT', `/content/progress/paths/${PATH_ID}/follow`);
    expect(followed.status).toBe(200);
    expect(followed.body.data).toMatchObject({ following: true, completedCount: 0, certificateCode: null });
    // following again changes nothing
    expect(
      (await ctx.call(sub, 'PUT', `/content/progress/paths/${PATH_ID}/follow`)).body.data.following,
    ).toBe(true);

    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}/complete`, {});
    expect((await standing()).body.data).toMatchObject({ completedCount: 1, nextProductId: ids.lessons });

    // A course counts once its own figure (derived from its lessons) is completed.
    for (const id of [lesson.preview, lesson.grid, lesson.notes])
      await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.lessons}/lessons/${id}/complete`, {});
    expect((await standing()).body.data).toMatchObject({ completedCount: 1, nextProductId: ids.lessons });
    await ctx.call(
      sub,
      'PATCH',
      `/content/progress/product/${ids.lessons}/lessons/${lesson.layouts}/complete`,
      {},
    );
    expect((await standing()).body.data).toMatchObject({ completedCount: 2, nextProductId: ids.free });
    expect(await pathCertificates()).toEqual([]);

    // The last item finished: the certificate is issued by that write, once.
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.free}/complete`, {});
    const issued = await pathCertificates();
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ kind: 'path', course_title: 'Front-end foundations', hours: '6.0' });
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.free}/complete`, {});
    const after = (await standing()).body.data;
    expect(after).toMatchObject({ completedCount: 3, nextProductId: null, certificateCode: issued[0]!.code });
    const mine = (await ctx.call(sub, 'GET', '/certificates')).body.data;
    expect(mine.filter((c: { kind: string }) => c.kind === 'path')).toEqual([
      expect.objectContaining({
        code: issued[0]!.code,
        courseTitle: 'Front-end foundations',
        productSlug: 'path-01',
      }),
    ]);
    expect(await pathCertificates()).toHaveLength(1);

    // Verifiable like the others, as a LearningProgram achievement.
    const credential = await ctx.app.request(`/certificates/${issued[0]!.code}/credential`);
    expect(credential.status).toBe(200);
    const jwt = await credential.text();
    const payload = decodeJwt(jwt) as {
      credentialSubject: { achievement: { achievementType: string; id: string } };
    };
    expect(payload.credentialSubject.achievement).toMatchObject({
      achievementType: 'LearningProgram',
      id: 'https://learn.catalyst.test/paths/path-01',
    });
    const check = await ctx.app.request('/certificates/credentials/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credential: jwt }),
    });
    expect((await check.json()).data).toMatchObject({
      signature: 'valid',
      status: 'valid',
      code: issued[0]!.code,
    });

    const dashboard = (await ctx.call(sub, 'GET', '/content/progress/paths')).body.data;
    expect(dashboard).toEqual([
      {
        path: { _id: PATH_ID, slug: 'path-01', title: 'Front-end foundations' },
        completedCount: 3,
        total: 3,
        next: null,
        certificateCode: issued[0]!.code,
        productIds: [ids.video, ids.lessons, ids.free],
      },
    ]);
  });

  it("answers another learner's standing as their own, never the first learner's", async () => {
    const theirs = (await standing(otherSubscriber)).body.data;
    expect(theirs).toMatchObject({ following: false, completedCount: 0, certificateCode: null });
    expect((await ctx.call(otherSubscriber, 'GET', '/content/progress/paths')).body.data).toEqual([]);
  });

  it('unfollows; the certificate already earned stays', async () => {
    const res = await ctx.call(sub, 'DELETE', `/content/progress/paths/${PATH_ID}/follow`);
    expect(res.body.data).toMatchObject({ following: false });
    expect(res.body.data.certificateCode).toMatch(/^[0-9A-Z]{10}$/);
    expect((await ctx.call(sub, 'GET', '/content/progress/paths')).body.data).toEqual([]);
  });
});
