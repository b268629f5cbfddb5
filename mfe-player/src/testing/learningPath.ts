import type { LearningPath, PathItem } from '@catalyst/contracts';

/** The nth item of a test's learning path: a published video whose public id is `P<n>`. */
export const pathItemOf = (productId: string, n: number): PathItem => ({
  productId,
  publicId: `P${n}`,
  slug: `item-${n}`,
  title: `Item ${n}`,
  type: 'video',
  thumbnail: null,
  duration: 5,
  isPublished: true,
});

/** A published learning path, "Web Path" (`web-path`), of these items in order. */
export const learningPathOf = (items: PathItem[]): LearningPath => ({
  _id: 'ffffffffffffffffffff0001',
  slug: 'web-path',
  title: 'Web Path',
  description: 'A path.',
  level: 'beginner',
  estimatedHours: 2,
  isPublished: true,
  itemCount: items.length,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  items,
});
