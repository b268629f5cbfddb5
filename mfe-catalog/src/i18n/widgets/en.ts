// The texts of the catalogue's widgets (the shell's Top Courses and recommendation rows, and the course card they
// share with the creator and search pages) in English: a table of their own, so the welcome page and the
// dashboard download these few, not the catalogue's whole table (../en.ts).
// Other languages: ./locales/<lang>.json (web-kit's i18n/locales.test.ts keeps them complete).
import { defineStrings } from '@catalyst/web-kit';

export const catalogWidgetStrings = defineStrings(
  'catalog-widgets',
  {
    'top.title': 'Top Courses',
    'top.available': { one: '{{count}} Available', other: '{{count}} Available' },
    'top.loading': 'Loading top courses...',
    'top.failed': 'Failed to load top products.',
    'top.fewer': 'Show fewer',
    'top.all': 'See all {{total}}',
    'card.free': 'Free',
    'card.premium': 'Premium',
    'card.view': 'View',
    'card.viewLabel': 'View {{title}}',
    'rows.failed': 'Recommendations could not be loaded.',
    'rows.retry': 'Retry',
  },
  {
    es: () => import('./locales/es.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
  },
);
