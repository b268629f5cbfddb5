// What only signed-in pages show, in English: the header's admin and user menus (layout/HeaderMenus.tsx) and
// the failed-payment banner (layout/PaymentNotice.tsx), loaded with those lazy parts, so a visitor's pages
// never download these; other languages: ./locales/<lang>.json.
import { defineStrings } from '@catalyst/web-kit';

export const signedInStrings = defineStrings(
  'shell-signed-in',
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
    'payment.failed': 'Your last payment failed.',
    'payment.updateBy': 'Update your card by {{date}} to keep {{plan}}.',
    'payment.update': 'Update your card to keep {{plan}}.',
    'payment.link': 'Update card',
  },
  {
    es: () => import('./locales/es.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
  },
);
