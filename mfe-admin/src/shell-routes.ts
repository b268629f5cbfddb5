import type { RemoteRouteTable } from '@catalyst/web-kit/pages';

/** The admin area and the creator studio, as the shell mounts and preloads them (plain data: read before React loads). */
export const shellRoutes: RemoteRouteTable = {
  remote: 'admin',
  pages: [
    {
      path: '/admin/',
      prefix: true,
      module: './AdminRoutes',
      audience: 'admin',
      firstReads: (pathname) =>
        pathname.toLowerCase().replace(/\/+$/, '') === '/admin'
          ? [{ endpoint: ['stats', 'get'], signedIn: true }]
          : [],
      // the category and creator lists (and their forms' icon previews)
      dataIcons: ['/admin/categories/', '/admin/creators/'],
    },
    { path: '/studio/', prefix: true, module: './StudioRoutes', audience: 'creator' },
  ],
};
