import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATOR_REQUIRED_MESSAGE, STUDIO_MESSAGES, type Identity } from '@catalyst/contracts';
import { identityHeaders } from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures, type TestContext } from '../test-support';

let ctx: TestContext;
const alice: Identity = {
  id: '00000000000000000000f101',
  role: 'creator',
  email: 'alice@test.example',
  name: 'Alice',
};
const bob: Identity = {
  id: '00000000000000000000f102',
  role: 'creator',
  email: 'bob@test.example',
  name: 'Bob',
};

beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
  await ctx.db
    .insertInto('creator_accounts')
    .values([
      { user_id: alice.id, creator_id: fx.alice, email: alice.email, name: alice.name },
      { user_id: bob.id, creator_id: fx.bob, email: bob.email, name: bob.name },
    ])
    .execute();
});
afterAll(() => ctx.close());

const product = (overrides: Record<string, unknown> = {}) => ({
  title: 'Hooks in Depth',
  description: 'State, effects and custom hooks.',
  category: fx.web,
  creator: fx.alice,
  ...overrides,
});

/** The live product as the admin sees it. */
const live = async (id: string) => (await ctx.admin('GET', `/admin/products/${id}`)).body.data;

describe('the studio', () => {
  it('is for creators and admins only', async () => {
    const res = await ctx.call('learner', 'GET', '/studio/products');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CREATOR_REQUIRED_MESSAGE);
    expect((await ctx.call('anonymous', 'GET', '/studio/me')).status).toBe(401);
    expect((await ctx.call(alice, 'GET', '/studio/me')).body.data).toEqual({
      creator: { id: fx.alice, name: 'Alice Doe', slug: 'alice-doe' },
      isAdmin: false,
    });
    expect((await ctx.call('admin', 'GET', '/studio/me')).body.data).toEqual({
      creator: null,
      isAdmin: true,
    });
  });

  it('lists only the creator’s own products, and never lets another creator’s be touched', async () => {
    const mine = (await ctx.call(alice, 'GET', '/studio/products')).body.data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((p: { creator: { id: string } }) => p.creator.id === fx.alice)).toBe(true);
    expect(mine.find((p: { _id: string }) => p._id === fx.react)).toMatchObject({
      reviewStatus: 'approved',
      isPublished: true,
      latestRevision: null,
    });
    for (const [method, path, body] of [
      ['GET', `/studio/products/${fx.sql}`],
      ['PUT', `/studio/products/${fx.sql}`, product({ category: fx.data })],
      ['GET', `/studio/products/${fx.sql}/curriculum`],
      ['PUT', `/studio/products/${fx.sql}/curriculum`, { version: 0, sections: [] }],
      ['POST', `/studio/products/${fx.sql}/submit`],
      ['GET', `/studio/products/${fx.sql}/revisions`],
    ] as const) {
      const res = await ctx.call(alice, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ success: false, message: STUDIO_MESSAGES.productNotFound });
    }
    // Categories, other products and users stay the admin's.
    expect((await ctx.call(alice, 'POST', '/admin/categories', { name: 'Mine' })).status).toBe(403);
    expect((await ctx.call(alice, 'PUT', `/admin/products/${fx.sql}`, product())).status).toBe(403);
    // A creator without a linked profile has no studio of their own.
    const unlinked = { ...alice, id: '00000000000000000000f199' };
    expect((await ctx.call(unlinked, 'GET', '/studio/products')).body.message).toBe(
      STUDIO_MESSAGES.noCreator,
    );
    // in the language the page asks for
    const german = await ctx.app.request('/studio/products', {
      headers: { ...identityHeaders(unlinked), 'accept-language': 'de' },
    });
    expect(await german.json()).toEqual({
      success: false,
      message: 'Mit diesem Konto ist kein Creator-Profil verknüpft',
    });
  });

  it('creates an unpublished product of the creator’s own, whatever the form says', async () => {
    const res = await ctx.call(
      bob,
      'POST',
      '/studio/products',
      product({ creator: fx.alice, isPublished: true, isFeatured: true, sortOrder: 9 }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      isPublished: false,
      creator: { id: fx.bob },
      reviewStatus: 'draft',
      latestRevision: { number: 1, status: 'draft' },
      draft: { title: 'Hooks in Depth', creator: fx.bob, isFeatured: false, sortOrder: 0 },
    });
    const row = await live(res.body.data._id);
    expect(row).toMatchObject({ isPublished: false, isFeatured: false, creatorId: fx.bob });
    const missing = await ctx.call(
      bob,
      'POST',
      '/studio/products',
      product({ category: '0000000000000000000c0999' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Category does not exist');
  });
});

describe('the review of a published product', () => {
  let revisionId: string;

  it('keeps the live product while drafts are saved, each a new revision', async () => {
    const saved = await ctx.call(
      alice,
      'PUT',
      `/studio/products/${fx.react}`,
      product({ title: 'React, Revised' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ reviewStatus: 'draft', draft: { title: 'React, Revised' } });
    expect((await live(fx.react)).title).toBe('React Basics');

    const outline = (await ctx.call(alice, 'GET', `/studio/products/${fx.react}/curriculum`)).body.data;
    expect(outline.version).toBe(1);
    const curriculum = await ctx.call(alice, 'PUT', `/studio/products/${fx.react}/curriculum`, {
      version: 1,
      sections: [
        {
          title: 'Basics',
          lessons: [
            {
              title: 'Why hooks',
              kind: 'article',
              body: '<p>State<script>x()</script></p>',
              durationSeconds: 300,
            },
          ],
        },
      ],
    });
    expect(curriculum.status).toBe(200);
    expect(curriculum.body.data.version).toBe(2);
    expect(curriculum.body.data.sections[0].lessons[0].body).toBe('<p>State</p>');
    const stale = await ctx.call(alice, 'PUT', `/studio/products/${fx.react}/curriculum`, {
      version: 1,
      sections: [],
    });
    expect(stale.status).toBe(409);
    // Nothing of it is live yet.
    expect((await ctx.admin('GET', `/admin/products/${fx.react}/curriculum`)).body.data.sections).toEqual([]);
  });

  it('refuses a curriculum that names another product’s lesson', async () => {
    const res = await ctx.call(alice, 'PUT', `/studio/products/${fx.react}/curriculum`, {
      version: 2,
      sections: [{ id: '0000000000000000000e0003', title: 'Stolen', lessons: [] }],
    });
    expect(res.status).toBe(400);
  });

  it('submits, shows the admin the difference, and returns with a reason the creator reads', async () => {
    const submitted = await ctx.call(alice, 'POST', `/studio/products/${fx.react}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.reviewStatus).toBe('in_review');
    expect((await ctx.call(alice, 'POST', `/studio/products/${fx.react}/submit`)).status).toBe(409);

    const queue = (await ctx.admin('GET', '/admin/reviews-queue')).body.data;
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({
      product: { _id: fx.react, title: 'React Basics' },
      creator: { id: fx.alice },
    });
    revisionId = queue[0].revision.id;

    const detail = (await ctx.admin('GET', `/admin/revisions/${revisionId}`)).body.data;
    const title = detail.diff.fields.find((f: { field: string }) => f.field === 'title');
    expect(title).toMatchObject({ before: 'React Basics', after: 'React, Revised' });
    expect(title.parts.some((p: { added: boolean }) => p.added)).toBe(true);
    expect(title.parts.some((p: { removed: boolean }) => p.removed)).toBe(true);
    expect(detail.diff.lessons).toMatchObject([{ title: 'Why hooks', change: 'added' }]);
    // The category and creator read by name; the snapshot keeps the ids the form holds.
    expect(detail.diff.fields.find((f: { field: string }) => f.field === 'category')).toBeUndefined();
    expect(detail.snapshot.product.category).toBe(fx.web);

    expect(
      (await ctx.call(alice, 'POST', `/admin/revisions/${revisionId}/return`, { reason: 'x' })).status,
    ).toBe(403);
    expect((await ctx.admin('POST', `/admin/revisions/${revisionId}/return`, { reason: ' ' })).status).toBe(
      400,
    );
    // Alice chose Spanish: the note comes in it, the admin's words as written.
    ctx.peers.state.locales.set(alice.id, 'es');
    const returned = await ctx.admin('POST', `/admin/revisions/${revisionId}/return`, {
      reason: 'Add a summary lesson.',
    });
    ctx.peers.state.locales.delete(alice.id);
    expect(returned.status).toBe(200);
    const mail = ctx.mailer.sent.filter((m) => m.to === alice.email).at(-1)!;
    expect(mail.subject).toMatch(/^Cambios solicitados: /);
    expect(mail.text).toMatch(
      /^Un administrador ha devuelto «.+» con esta nota:\n\nAdd a summary lesson\.\n/,
    );
    expect(mail.headers).toEqual({ 'Content-Language': 'es' });
    const listed = (await ctx.call(alice, 'GET', '/studio/products')).body.data.find(
      (p: { _id: string }) => p._id === fx.react,
    );
    expect(listed).toMatchObject({ reviewStatus: 'changes_requested', reason: 'Add a summary lesson.' });
    expect((await ctx.admin('POST', `/admin/revisions/${revisionId}/approve`)).status).toBe(409);
  });

  it('approves: the draft becomes the live product and curriculum at once, published', async () => {
    await ctx.call(alice, 'POST', `/studio/products/${fx.react}/submit`);
    // An admin features the product meanwhile: approval keeps it featured.
    await ctx.db
      .updateTable('products')
      .set({ is_featured: true, sort_order: 7 })
      .where('id', '=', fx.react)
      .execute();
    const queue = (await ctx.admin('GET', '/admin/reviews-queue')).body.data;
    const approved = await ctx.admin('POST', `/admin/revisions/${queue[0].revision.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');
    expect(await live(fx.react)).toMatchObject({
      title: 'React, Revised',
      isPublished: true,
      isFeatured: true,
      sortOrder: 7,
    });
    const curriculum = (await ctx.admin('GET', `/admin/products/${fx.react}/curriculum`)).body.data;
    expect(curriculum.sections[0].lessons[0]).toMatchObject({ title: 'Why hooks', body: '<p>State</p>' });
    const history = (await ctx.call(alice, 'GET', `/studio/products/${fx.react}/revisions`)).body.data;
    expect(history.map((r: { number: number; status: string }) => [r.number, r.status])).toEqual([
      [2, 'approved'],
      [1, 'draft'],
    ]);
    expect((await ctx.admin('GET', '/admin/reviews-queue')).body.data).toEqual([]);
  });

  it('keeps the lessons’ ids when a later draft of the approved course is approved', async () => {
    const outline = (await ctx.call(alice, 'GET', `/studio/products/${fx.react}/curriculum`)).body.data;
    const lesson = outline.sections[0].lessons[0];
    const res = await ctx.call(alice, 'PUT', `/studio/products/${fx.react}/curriculum`, {
      version: outline.version,
      sections: [{ ...outline.sections[0], lessons: [{ ...lesson, title: 'Why hooks matter' }] }],
    });
    expect(res.status).toBe(200);
    await ctx.call(alice, 'POST', `/studio/products/${fx.react}/submit`);
    const [item] = (await ctx.admin('GET', '/admin/reviews-queue')).body.data;
    const detail = (await ctx.admin('GET', `/admin/revisions/${item.revision.id}`)).body.data;
    expect(detail.diff.fields).toEqual([]);
    expect(detail.diff.lessons).toMatchObject([{ lessonId: lesson.id, change: 'changed' }]);
    await ctx.admin('POST', `/admin/revisions/${item.revision.id}/approve`);
    const curriculum = (await ctx.admin('GET', `/admin/products/${fx.react}/curriculum`)).body.data;
    expect(curriculum.sections[0].lessons[0]).toMatchObject({ id: lesson.id, title: 'Why hooks matter' });
  });
});

describe('the difference an admin reads', () => {
  it('names a changed category, not its id', async () => {
    const live = (await ctx.call(alice, 'GET', `/studio/products/${fx.css}`)).body.data.draft;
    await ctx.call(alice, 'PUT', `/studio/products/${fx.css}`, { ...live, category: fx.data });
    await ctx.call(alice, 'POST', `/studio/products/${fx.css}/submit`);
    const item = (await ctx.admin('GET', '/admin/reviews-queue')).body.data.find(
      (i: { product: { _id: string } }) => i.product._id === fx.css,
    );
    const detail = (await ctx.admin('GET', `/admin/revisions/${item.revision.id}`)).body.data;
    expect(detail.diff.fields).toMatchObject([
      { field: 'category', before: 'Web Development', after: 'Data Science' },
    ]);
    expect(detail.snapshot.product.category).toBe(fx.data);
  });
});

describe('media in the studio', () => {
  const facts = (id: string, uploadedBy: string | null) => ({
    id,
    kind: 'video' as const,
    status: 'ready' as const,
    originalName: 'v.mp4',
    mimeType: 'video/mp4',
    size: 1,
    durationSeconds: 60,
    renditions: [{ height: 360, bandwidth: 928_000 }],
    hasPoster: true,
    hasStoryboard: false,
    uploadedBy,
  });
  const own = '0000000000000000000a0001';
  const theirs = '0000000000000000000a0002';

  it('lets a creator use their own uploads only, in the product and in its lessons', async () => {
    ctx.peers.state.assets.set(own, facts(own, bob.id));
    ctx.peers.state.assets.set(theirs, facts(theirs, alice.id));
    const created = await ctx.call(
      bob,
      'POST',
      '/studio/products',
      product({ title: 'Bob’s Video', mediaAssetId: theirs }),
    );
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([{ field: 'mediaAssetId', message: STUDIO_MESSAGES.notYourMedia }]);
    const mine = await ctx.call(
      bob,
      'POST',
      '/studio/products',
      product({ title: 'Bob’s Video', mediaAssetId: own }),
    );
    expect(mine.status).toBe(201);
    const id = mine.body.data._id;
    const lesson = (mediaAssetId: string) => ({
      version: 1,
      sections: [{ title: 'One', lessons: [{ title: 'Watch', kind: 'video', mediaAssetId }] }],
    });
    const refused = await ctx.call(bob, 'PUT', `/studio/products/${id}/curriculum`, lesson(theirs));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('sections.0.lessons.0.mediaAssetId');
    expect((await ctx.call(bob, 'PUT', `/studio/products/${id}/curriculum`, lesson(own))).status).toBe(200);
    // An admin picks any.
    expect(
      (await ctx.call('admin', 'PUT', `/studio/products/${id}`, product({ mediaAssetId: theirs }))).status,
    ).toBe(200);
    // What the product already uses, the creator keeps.
    expect(
      (await ctx.call(bob, 'PUT', `/studio/products/${id}`, product({ mediaAssetId: theirs }))).status,
    ).toBe(200);
  });
});
