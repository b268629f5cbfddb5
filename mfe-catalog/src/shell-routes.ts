import type { FirstRead, RemoteRouteTable } from '@catalyst/web-kit/pages';

/** /browse: every public category (the page searches them in the browser). */
export const BROWSE_CATEGORIES_READ = { endpoint: ['category', 'list'], input: { query: { limit: 100 } } } satisfies FirstRead;

/** The catalogue's pages, as the shell mounts and preloads them (plain data: read before React loads). */
export const shellRoutes: RemoteRouteTable = {
  remote: 'catalog',
  pages: [
    {
      path: '/browse/',
      prefix: true,
      module: './BrowseRoutes',
      audience: 'anyone',
      firstReads: (pathname) => (pathname.toLowerCase().replace(/\/+$/, '') === '/browse' ? [BROWSE_CATEGORIES_READ] : []),
    },
  ],
};
