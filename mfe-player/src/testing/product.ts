import type { ProductDetail } from '@catalyst/contracts';

/** The id of the product the player's page tests open. */
export const PRODUCT_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/**
 * A published single video, as the premium product read answers it (React Course by Grace Hopper, in Web
 * Development); a test names what its page needs beside that (a course, content, related items).
 */
export const productDetail = (overrides: Partial<ProductDetail> = {}): ProductDetail =>
  ({
    _id: PRODUCT_ID,
    productId: 'react-101',
    slug: 'react-course',
    title: 'React Course',
    description: 'Learn React from the ground up.',
    categoryId: 'cccccccccccccccccccccccc',
    category: { _id: 'cccccccccccccccccccccccc', name: 'Web Development', slug: 'web-development' },
    creatorId: 'dddddddddddddddddddddddd',
    creator: { _id: 'dddddddddddddddddddddddd', name: 'Grace Hopper', slug: 'grace' },
    type: 'video',
    difficulty: 'beginner',
    duration: 1,
    thumbnail: null,
    tags: [],
    price: 0,
    instructor: null,
    enrolledStudents: 0,
    isActive: true,
    isPublished: true,
    isFeatured: false,
    sortOrder: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    videoUrl: '/media/videos/lesson-9.mp4',
    content: null,
    createdBy: null,
    related: [],
    ...overrides,
  }) as ProductDetail;
