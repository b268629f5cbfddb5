// The texts of the player's widgets (the shell's dashboard shows Continue watching) in English: a table of their
// own, so a page showing a widget downloads these few, not the player's whole table (../en.ts).
// Other languages: ./locales/<lang>.json (web-kit's i18n/locales.test.ts keeps them complete).
import { defineStrings } from '@catalyst/web-kit';

export const playerWidgetStrings = defineStrings(
  'player-widgets',
  {
    'continue.title': 'Continue watching',
    'continue.resumeAt': 'resume at {{time}}',
    'continue.fromStart': 'starts from the beginning',
    'continue.watched': '{{percent}}% watched · {{resume}}',
  },
  {
    es: () => import('./locales/es.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
  },
);
