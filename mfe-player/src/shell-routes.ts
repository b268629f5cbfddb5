import type { RemoteRouteTable } from '@catalyst/web-kit/pages';

/** Product pages: /browse/premium/product/<id or slug>. */
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
        // The product's id or slug as written (ids are case-sensitive); the product page itself only.
        const rest = pathname.replace(/\/+$/, '').slice(PRODUCT_PREFIX.length).split('/');
        if (rest.length !== 1 || !rest[0]) return [];
        const idOrSlug = decodeURIComponent(rest[0]);
        // The video's poster is the product page's largest paint.
        return [{ endpoint: ['product', 'getPremium'], input: { params: { idOrSlug } }, signedIn: true, images: (data) => [(data as { thumbnail?: string | null } | undefined)?.thumbnail] }];
      },
    },
  ],
};
