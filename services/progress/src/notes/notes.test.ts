import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTE_BODY_MAX, NOTES_MAX, noteSchema, type Identity, type Note } from '@catalyst/contracts';
import { newObjectId } from '@catalyst/service-kit';
import { internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, ids, otherSubscriber, products } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('notes').execute();
  ctx.catalog.clear();
  for (const product of products) ctx.catalog.set(product._id, product);
});

const sub = testUsers.subscriber;
const lessonA = '44444444444444444444dd01';
const lessonB = '44444444444444444444dd02';

const create = (body: Record<string, unknown>, as: Identity = sub) =>
  ctx.call(as, 'POST', '/notes', {
    productId: ids.lessons,
    lessonId: lessonA,
    seconds: 12,
    body: 'hi',
    ...body,
  });
const list = (query: string, as: Identity = sub) => ctx.call(as, 'GET', `/notes?${query}`);

describe('notes: writing and reading', () => {
  it('stores a note with its Markdown and the sanitised HTML, and lists a lesson in time order', async () => {
    const late = await create({ seconds: 90.7, body: '**Key** point' });
    expect(late.status).toBe(201);
    const note = noteSchema.parse(late.body.data);
    expect(note).toMatchObject({
      productId: ids.lessons,
      lessonId: lessonA,
      seconds: 90,
      body: '**Key** point',
    });
    expect(note.bodyHtml).toContain('<strong>Key</strong> point');
    await create({ seconds: 5, body: 'early' });
    await create({ lessonId: lessonB, seconds: 1, body: 'other lesson' });

    const res = await list(`productId=${ids.lessons}&lessonId=${lessonA}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((n: Note) => [n.seconds, n.body])).toEqual([
      [5, 'early'],
      [90, '**Key** point'],
    ]);
    expect(res.body.data.total).toBe(2);
  });

  it('keeps a bookmark: a note without text, and a video note without a lesson', async () => {
    const res = await ctx.call(sub, 'POST', '/notes', { productId: ids.video, seconds: 3 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ lessonId: null, body: '', bodyHtml: '', seconds: 3 });
  });

  it('sanitises script, event handlers and javascript: links as posts are', async () => {
    const evil = '<script>alert(1)</script> <img src=x onerror=alert(2)> [x](javascript:alert(3))';
    const res = await create({ body: evil });
    expect(res.status).toBe(201);
    const html: string = res.body.data.bodyHtml;
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
    expect(res.body.data.body).toBe(evil);
  });

  it('lists every note across products, newest first, and searches their text', async () => {
    await create({ body: 'Closures capture variables' });
    await ctx.call(sub, 'POST', '/notes', { productId: ids.video, seconds: 1, body: 'flexbox gaps' });
    const all = await list('');
    expect(all.body.data.items.map((n: Note) => n.body)).toEqual([
      'flexbox gaps',
      'Closures capture variables',
    ]);
    const found = await list('q=CLOSURES');
    expect(found.body.data.items.map((n: Note) => n.body)).toEqual(['Closures capture variables']);
    expect((await list('q=100%25')).body.data.items).toEqual([]);
  });

  it('pages a long list', async () => {
    for (let s = 0; s < 5; s += 1) await create({ seconds: s, body: `n${s}` });
    const page2 = await list(`productId=${ids.lessons}&limit=2&page=2`);
    expect(page2.body.data).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(page2.body.data.items.map((n: Note) => n.body)).toEqual(['n2', 'n3']);
  });

  it('changes the text (rendered again) or the second, and deletes', async () => {
    const { id } = (await create({ body: 'old' })).body.data as Note;
    const changed = await ctx.call(sub, 'PATCH', `/notes/${id}`, { body: '_new_', seconds: 40 });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ body: '_new_', seconds: 40 });
    expect(changed.body.data.bodyHtml).toContain('<em>new</em>');
    const empty = await ctx.call(sub, 'PATCH', `/notes/${id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.success).toBe(false);

    expect((await ctx.call(sub, 'DELETE', `/notes/${id}`)).body.data).toEqual({ id, deleted: true });
    const again = await ctx.call(sub, 'DELETE', `/notes/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Note not found');
  });

  it('refuses bad input with 400 and anonymous callers with 401', async () => {
    expect((await create({ seconds: -1 })).status).toBe(400);
    expect((await create({ productId: 'nope' })).status).toBe(400);
    expect((await ctx.call(null, 'GET', '/notes')).status).toBe(401);
    expect((await ctx.call(null, 'POST', '/notes', { productId: ids.video, seconds: 1 })).status).toBe(401);
  });
});

describe('notes: privacy', () => {
  it("answers another learner's note as missing: not listed, not changed, not deleted", async () => {
    const { id } = (await create({ body: 'mine' })).body.data as Note;
    expect((await list(`productId=${ids.lessons}`, otherSubscriber)).body.data.items).toEqual([]);
    expect((await list('', otherSubscriber)).body.data.total).toBe(0);
    const patched = await ctx.call(otherSubscriber, 'PATCH', `/notes/${id}`, { body: 'theirs' });
    expect(patched.status).toBe(404);
    expect(patched.body.message).toBe('Note not found');
    expect((await ctx.call(otherSubscriber, 'DELETE', `/notes/${id}`)).status).toBe(404);
    expect((await list(`productId=${ids.lessons}`)).body.data.items.map((n: Note) => n.body)).toEqual([
      'mine',
    ]);
  });

  it("lets another learner reuse an id without touching or revealing the first learner's note", async () => {
    const id = newObjectId();
    await create({ id, body: 'first' });
    const theirs = await create({ id, body: 'second' }, otherSubscriber);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.body).toBe('second');
    expect((await list('')).body.data.items.map((n: Note) => n.body)).toEqual(['first']);
  });

  it("goes with the learner's account and with a deleted product", async () => {
    await create({ body: 'gone' });
    await create({ body: 'kept' }, otherSubscriber);
    const res = await ctx.app.request(`/internal/progress/users/${sub.id}`, {
      method: 'DELETE',
      headers: internalHeaders(),
    });
    expect(res.status).toBe(200);
    expect(await ctx.db.selectFrom('notes').select(['user_id', 'body']).execute()).toEqual([
      { user_id: otherSubscriber.id, body: 'kept' },
    ]);
    await ctx.app.request(`/internal/progress/products/${ids.lessons}`, {
      method: 'DELETE',
      headers: internalHeaders(),
    });
    expect(await ctx.db.selectFrom('notes').select('body').execute()).toEqual([]);
  });
});

describe('notes: replay and limits', () => {
  it('stores a note sent twice with the same id once, answering the stored one', async () => {
    const id = newObjectId();
    const first = await create({ id, body: 'offline' });
    const again = await create({ id, body: 'offline' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    const both = await Promise.all([create({ id: newObjectId() }), create({ id })]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect((await list('')).body.data.total).toBe(2);
  });

  it(`refuses a note over ${NOTE_BODY_MAX} characters with 400 and a clear message, keeping the stored text`, async () => {
    const { id } = (await create({ body: 'kept' })).body.data as Note;
    const long = await create({ body: 'x'.repeat(NOTE_BODY_MAX + 1) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('A note can be at most 5,000 characters');
    expect((await create({ body: 'x'.repeat(NOTE_BODY_MAX) })).status).toBe(201);
    const patched = await ctx.call(sub, 'PATCH', `/notes/${id}`, { body: 'y'.repeat(NOTE_BODY_MAX + 1) });
    expect(patched.status).toBe(400);
    expect((await list('')).body.data.items.map((n: Note) => n.body)).toContain('kept');
  });

  it(`refuses the ${NOTES_MAX + 1}th note with 409 and keeps every stored one`, async () => {
    await ctx.db
      .insertInto('notes')
      .values(
        Array.from({ length: NOTES_MAX }, (_, i) => ({
          id: String(i).padStart(24, '0'),
          user_id: sub.id,
          product_id: ids.video,
          lesson_id: null,
          seconds: i,
          body: '',
          body_html: '',
        })),
      )
      .execute();
    const full = await create({ body: 'one more' });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({
      success: false,
      message: 'You can keep up to 2,000 notes: delete one to add another',
    });
    expect((await list('limit=1')).body.data.total).toBe(NOTES_MAX);
    // A replay of a note already kept still answers it; another learner is not held to this one's limit.
    expect((await create({ id: '000000000000000000000007' })).status).toBe(201);
    expect((await create({ body: 'theirs' }, otherSubscriber)).status).toBe(201);
  });
});
