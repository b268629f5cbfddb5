// The strips above the header (pwa/AppStrips.tsx), in English: loaded with that lazy part only while the server
// cannot be reached or a new version waits, so the welcome page's first scripts carry none of it; other
// languages: ./locales/<lang>.json.
import { defineStrings } from '@catalyst/web-kit';

export const noticeStrings = defineStrings(
  'shell-notices',
  {
    'offline.message':
      "Offline — you're seeing what was last loaded. Changes are saved when the connection returns.",
    'update.available': 'A new version is available',
    'update.reload': 'Reload',
  },
  {
    es: () => import('./locales/es.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
  },
);
