// What the search palette shows once opened (layout/SearchPaletteDialog.tsx), in English: loaded with that lazy
// part, so the welcome page's first scripts carry none of it; other languages: ./locales/<lang>.json.
import { SEARCH_TYPE_LABELS } from '@catalyst/contracts/search-terms';
import { defineStrings } from '@catalyst/web-kit';

export const searchStrings = defineStrings(
  'shell-search',
  {
    'palette.title': 'Search',
    'palette.label': 'Search for',
    'palette.recent': 'Recent searches',
    'palette.category': 'Categories',
    'palette.creator': 'Creators',
    'palette.product': 'Courses and products',
    'palette.lesson': 'Lessons',
    'palette.clear': 'Clear recent searches',
    'palette.hintWords': 'Enter searches for “{{words}}”; ↑ ↓ choose a suggestion; Esc closes.',
    'palette.hint': 'Type to search courses, creators and lessons; Esc closes.',
    'palette.type.course': SEARCH_TYPE_LABELS.course,
    'palette.type.tutorial': SEARCH_TYPE_LABELS.tutorial,
    'palette.type.video': SEARCH_TYPE_LABELS.video,
    'palette.type.document': SEARCH_TYPE_LABELS.document,
    'palette.type.webinar': SEARCH_TYPE_LABELS.webinar,
  },
  {
    es: () => import('./locales/es.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
  },
);
