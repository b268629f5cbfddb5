// The texts of content's e-mails in English; the other languages in ./locales.
import { defineServerStrings } from '@catalyst/service-kit';
import ar from './locales/ar.json';
import de from './locales/de.json';
import es from './locales/es.json';

export const contentTexts = defineServerStrings(
  'content',
  {
    'approved.subject': 'Published: {{title}}',
    'approved.text': 'Your changes to "{{title}}" were approved and are live: {{link}}',
    'returned.subject': 'Changes requested: {{title}}',
    'returned.intro': 'An admin sent "{{title}}" back with this note:',
    'returned.action': 'Open the studio to make the changes and submit again: {{link}}',
  },
  { es, de, ar },
);
