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
    'invite.subject': "You are invited to run {{creator}}'s courses on Catalyst",
    'invite.invited': "{{inviter}} invited you to sign in to Catalyst's creator studio as {{creator}}.",
    'invite.accept': 'Accept the invitation (sign in or create an account with this address first): {{link}}',
    'invite.once': {
      one: 'The link works once and expires in {{count}} day.',
      other: 'The link works once and expires in {{count}} days.',
    },
  },
  { es, de, ar },
);
