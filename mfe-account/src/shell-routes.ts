import type { RemoteRouteTable } from '@catalyst/web-kit/pages';

/** The account's pages, as the shell mounts and preloads them (plain data: read before React loads). */
export const shellRoutes: RemoteRouteTable = {
  remote: 'account',
  pages: [
    { path: '/profile/', prefix: false, module: './ProfilePage', audience: 'signed-in' },
    { path: '/subscription/', prefix: true, module: './SubscriptionRoutes', audience: 'signed-in' },
    { path: '/verify-email/', prefix: false, module: './VerifyEmailPage', audience: 'anyone' },
    { path: '/reset-password/', prefix: false, module: './ResetPasswordPage', audience: 'anyone' },
  ],
};
