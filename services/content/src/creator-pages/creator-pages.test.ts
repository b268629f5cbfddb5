import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeer } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET } from '@catalyst/service-kit/testing';
import {
  createAdminTestContext,
  createCategoryAndCreator,
  type AdminTestContext,
} from '../admin-test-support';
import { deliverAnnouncements } from './announcements';
import { saveCreatorLinks } from './creator-pages.repository';

let ctx: AdminTestContext;
let refs: { categoryId: string; creatorId: string };
beforeAll(async () => {
  ctx = await createAdminTestContext();
  refs = await createCategoryAndCreator(ctx);
});
afterAll(() => ctx.close());

const product = (title: string, overrides: Record<string, unknown> = {}) => ({
  title,
  description: `${title}, from the start`,
  category: refs.categoryId,
  creator: refs.creatorId,
  type: 'course',
  isPublished: true,
  ...overrides,
});
const community = () => createPeer({ baseUrl: ctx.peers.url, secret: TEST_INTERNAL_SECRET });

describe("a creator's public page", () => {
  it('shows the bio, links, published items, learners and the mean of every review, to anyone', async () => {
    const first = await ctx.admin('POST', '/admin/products', product('Grid Layouts'));
    const second = await ctx.admin('POST', '/admin/products', product('Flexbox'));
    await ctx.admin('POST', '/admin/products', product('Secret Draft', { isPublished: false }));
    expect([first.status, second.status]).toEqual([201, 201]);
    await ctx.db
      .updateTable('products')
      .set({ rating_average: '4.00', rating_count: 3 })
      .where('id', '=', first.body.data._id)
      .execute();
    await ctx.db
      .updateTable('products')
      .set({ rating_average: '5.00', rating_count: 1 })
      .where('id', '=', second.body.data._id)
      .execute();
    await saveCreatorLinks(ctx.db, refs.creatorId, [{ label: 'Website', url: 'https://alice.example' }]);
    ctx.peers.state.learners = 12;

    const page = await ctx.call('anonymous', 'GET', '/content/creators/alice-doe');
    expect(page.status).toBe(200);
    expect(page.body.data.creator).toMatchObject({
      id: refs.creatorId,
      name: 'Alice Doe',
      slug: 'alice-doe',
      links: [{ label: 'Website', url: 'https://alice.example' }],
    });
    expect(page.body.data.products.map((p: { title: string }) => p.title).sort()).toEqual([
      'Flexbox',
      'Grid Layouts',
    ]);
    expect(page.body.data).toMatchObject({ learners: 12, averageRating: 4.25, ratingCount: 4 });
  });

  it('is a 404 in the one error shape for an unknown or inactive creator, and for an id in place of the slug', async () => {
    expect(await ctx.call('anonymous', 'GET', '/content/creators/nobody-here')).toEqual({
      status: 404,
      body: { success: false, message: 'Creator not found' },
    });
    expect((await ctx.call('anonymous', 'GET', `/content/creators/${refs.creatorId}`)).status).toBe(404);
    expect((await ctx.call('anonymous', 'GET', '/content/creators/Not%20A%20Slug!')).status).toBe(400);
  });
});

describe("the creator's own page, written in the studio", () => {
  const maya = { id: 'f'.repeat(24), role: 'creator' as const, email: 'maya@test.example', name: 'Maya' };
  const unlinked = { ...maya, id: 'e'.repeat(24), email: 'someone@test.example' };

  it('is refused to learners, and not found for an account not linked to a creator', async () => {
    expect((await ctx.call('learner', 'GET', '/studio/profile')).body).toEqual({
      success: false,
      message: 'Creator access required',
    });
    expect(await ctx.call(unlinked, 'GET', '/studio/profile')).toEqual({
      status: 404,
      body: { success: false, message: 'No creator profile is linked to this account' },
    });
    expect((await ctx.call('admin', 'GET', '/studio/profile')).status).toBe(404);
  });

  it('writes the bio and links the public page shows, and refuses a link that is not https', async () => {
    await ctx.db
      .insertInto('creator_accounts')
      .values({ user_id: maya.id, creator_id: refs.creatorId, name: maya.name, email: maya.email })
      .execute();
    const bad = await ctx.call(maya, 'PUT', '/studio/profile', {
      description: 'Hi',
      links: [{ label: 'Site', url: 'javascript:alert(1)' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({
      field: 'links.0.url',
      message: 'Each link must be a full https:// address',
    });
    const saved = await ctx.call(maya, 'PUT', '/studio/profile', {
      description: 'I teach layout.',
      links: [{ label: 'Channel', url: 'https://video.example/alice' }],
    });
    expect(saved.body.data).toEqual({
      creatorId: refs.creatorId,
      name: 'Alice Doe',
      slug: 'alice-doe',
      description: 'I teach layout.',
      links: [{ label: 'Channel', url: 'https://video.example/alice' }],
    });
    const page = await ctx.call('anonymous', 'GET', '/content/creators/alice-doe');
    expect(page.body.data.creator).toMatchObject({
      description: 'I teach layout.',
      links: [{ label: 'Channel', url: 'https://video.example/alice' }],
    });
  });
});

describe("the reviews of a creator's items, in the studio", () => {
  it('lists the newest reviews of their own items only, the unanswered when asked', async () => {
    const other = await createCategoryAndCreator(ctx, '-2');
    const mine = await ctx.admin('POST', '/admin/products', product('Reviewed Course'));
    const theirs = await ctx.admin(
      'POST',
      '/admin/products',
      product('Their Course', { category: other.categoryId, creator: other.creatorId }),
    );
    const lee = { id: '1'.repeat(24), role: 'user' as const, email: 'lee@test.example', name: 'Lee' };
    for (const id of [mine.body.data._id, theirs.body.data._id]) {
      ctx.peers.state.standings.set(`${lee.id}/${id}`, { progress: 100, completedLessons: 0 });
      expect((await ctx.call(lee, 'PUT', `/content/products/${id}/reviews/mine`, { rating: 4 })).status).toBe(
        200,
      );
    }
    const maya = { id: 'f'.repeat(24), role: 'creator' as const, email: 'maya@test.example', name: 'Maya' };
    const listed = await ctx.call(maya, 'GET', '/studio/reviews');
    expect(listed.body.data.map((r: { product: { title: string } }) => r.product.title)).toEqual([
      'Reviewed Course',
    ]);
    const reviewId = listed.body.data[0]._id as string;
    await ctx.call(maya, 'PUT', `/content/products/${mine.body.data._id}/reviews/${reviewId}/reply`, {
      body: 'Thanks, Lee',
    });
    expect((await ctx.call(maya, 'GET', '/studio/reviews?unanswered=true')).body.data).toEqual([]);
    expect((await ctx.call(maya, 'GET', '/studio/reviews?unanswered=maybe')).status).toBe(400);
    // an admin without a creator of their own sees every item's
    expect((await ctx.call('admin', 'GET', '/studio/reviews')).body.data).toHaveLength(2);
  });
});

describe("a creator account's own items", () => {
  it('open to it without the plan, drafts too, while another creator’s stay behind the plan', async () => {
    const other = await createCategoryAndCreator(ctx, '-3');
    const draft = await ctx.admin('POST', '/admin/products', product('Own Draft', { isPublished: false }));
    const theirs = await ctx.admin(
      'POST',
      '/admin/products',
      product('Not Theirs', { category: other.categoryId, creator: other.creatorId, price: 19 }),
    );
    const maya = {
      id: 'f'.repeat(24),
      role: 'creator' as const,
      email: 'maya@test.example',
      name: 'Maya',
      creatorId: refs.creatorId,
    };
    const own = await ctx.call(maya, 'GET', `/content/premium/products/${draft.body.data._id}`);
    expect(own.status).toBe(200);
    expect(own.body.data.title).toBe('Own Draft');
    expect((await ctx.call(maya, 'GET', `/content/premium/products/${theirs.body.data._id}`)).body).toEqual({
      success: false,
      message: 'Active subscription required to access this content',
    });
    // a learner never sees the draft
    expect(
      (await ctx.call('subscriber', 'GET', `/content/premium/products/${draft.body.data._id}`)).status,
    ).toBe(404);
  });
});

describe('first publications, for the followers', () => {
  it('hands each item published for the first time to community once, with its creator', async () => {
    await deliverAnnouncements(ctx.db, community());
    ctx.peers.state.news.length = 0;
    const draft = await ctx.admin('POST', '/admin/products', product('Later', { isPublished: false }));
    expect(await deliverAnnouncements(ctx.db, community())).toBe(0);
    const id = draft.body.data._id as string;
    await ctx.admin('PUT', `/admin/products/${id}`, product('Later'));
    expect(await deliverAnnouncements(ctx.db, community())).toBe(1);
    expect(ctx.peers.state.news).toEqual([{ productId: id, creatorId: refs.creatorId }]);
    // unpublished and published again: its followers were already told
    await ctx.admin('PUT', `/admin/products/${id}`, product('Later', { isPublished: false }));
    await ctx.admin('PUT', `/admin/products/${id}`, product('Later'));
    expect(await deliverAnnouncements(ctx.db, community())).toBe(0);
  });

  it('keeps an announcement while community is down and hands it over once it answers', async () => {
    ctx.peers.state.down.add('community');
    await ctx.admin('POST', '/admin/products', product('While Down'));
    await expect(deliverAnnouncements(ctx.db, community())).rejects.toThrow();
    ctx.peers.state.down.delete('community');
    expect(await deliverAnnouncements(ctx.db, community())).toBe(1);
  });
});
