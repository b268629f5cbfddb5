// Test support for the admin routes: the content app with its peers (subscriber entitled), and valid forms.
import { testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, type TestContext } from './test-support';

export type { Caller } from './test-support';

/** The content app over a fresh database, its peers answering as auth, billing (the subscriber entitled) and progress. */
export const createAdminTestContext = () => createTestContext({ entitled: [testUsers.subscriber.id] });

export type AdminTestContext = TestContext;

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
  const category = await ctx.admin(
    'POST',
    '/admin/categories',
    validCategory({ name: `Web Development${suffix}`, slug: `web-development${suffix}` }),
  );
  const creator = await ctx.admin(
    'POST',
    '/admin/creators',
    validCreator({ name: `Alice Doe${suffix}`, slug: `alice-doe${suffix}` }),
  );
  if (category.status !== 201 || creator.status !== 201)
    throw new Error(`fixture creation failed: ${JSON.stringify([category.body, creator.body])}`);
  return { categoryId: category.body.data._id as string, creatorId: creator.body.data._id as string };
}
