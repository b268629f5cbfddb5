import type { RemoteRouteTable } from '@catalyst/web-kit/pages';

/** Product pages: /browse/premium/product/<id or slug>, and a course's lessons under …/lesson/<lessonId>. */
export const PRODUCT_PREFIX = '/browse/premium/product/';

/** The player's pages, as the shell mounts and preloads them (plain data: read before React loads). */
export const shellRoutes: RemoteRouteTable = {
  remote: 'player',
  pages: [
    {
      path: PRODUCT_PREFIX,
      prefix: true,
      module: './ProductRoutes',
      audience: 'anyone',
      firstReads: (pathname) => {
        // The product's id or slug as written (ids are case-sensitive); the product page or one of its lessons.
        const rest = pathname.replace(/\/+$/, '').slice(PRODUCT_PREFIX.length).split('/');
        const isLesson = rest.length === 3 && rest[1] === 'lesson' && !!rest[2];
        if (!rest[0] || (rest.length !== 1 && !isLesson)) return [];
        const idOrSlug = decodeURIComponent(rest[0]);
        const params = { idOrSlug };
        return [
          // Public: whether the product is a course (the page waits for it), for visitors too.
          { endpoint: ['curriculum', 'outline'], input: { params } },
          // The video's poster is the product page's largest paint.
          { endpoint: ['product', 'getPremium'], input: { params }, signedIn: true, images: (data) => [(data as { thumbnail?: string | null } | undefined)?.thumbnail] },
          ...(isLesson ? [{ endpoint: ['curriculum', 'lesson'] as ['curriculum', 'lesson'], input: { params: { idOrSlug, lessonId: decodeURIComponent(rest[2]!) } }, signedIn: true }] : []),
        ];
      },
    },
  ],
};
