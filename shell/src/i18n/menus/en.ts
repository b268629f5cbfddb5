// The header's admin and user menus' texts in English (layout/HeaderMenus.tsx, loaded only on signed-in pages,
// and these with it); other languages: ./locales/<lang>.json.
import { defineStrings } from '@catalyst/web-kit';

export const menuStrings = defineStrings(
  'shell-menus',
  {
    'admin.categories': 'Manage Categories',
    'admin.products': 'Manage Products',
    'admin.addCategory': 'Add Category',
    'admin.addProduct': 'Add Product',
    'menu.label': 'User menu',
    'menu.user': 'User',
    'menu.adminBadge': 'Admin',
    'menu.creatorBadge': 'Creator',
    'menu.profile': 'Profile Settings',
    'menu.subscription': 'Subscription',
    'menu.learning': 'Learning record',
    'menu.saved': 'Saved for later',
    'menu.downloads': 'Downloads',
    'menu.install': 'Install app',
    'menu.studio': 'Creator studio',
    'menu.adminPanel': 'Admin Panel',
    'menu.logout': 'Logout',
  },
  {
    es: () => import('./locales/es.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
  },
);
