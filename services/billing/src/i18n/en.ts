// The texts of billing's e-mails in English; the other languages in ./locales.
import { defineServerStrings } from '@catalyst/service-kit';
import ar from './locales/ar.json';
import de from './locales/de.json';
import es from './locales/es.json';

export const billingTexts = defineServerStrings(
  'billing',
  {
    'trial.subject': 'Your Catalyst Premium trial ends in 2 days',
    'trial.ends': 'Your free trial of Catalyst Premium ends on {{date}}.',
    'trial.chargeMonth': 'Then your card is charged {{price}} a month and Premium carries on.',
    'trial.chargeYear': 'Then your card is charged {{price}} a year and Premium carries on.',
    'trial.cancel': 'To stop before you are charged, cancel from your plan: {{link}}',
    'failed.endedSubject': 'Your Catalyst Premium has ended',
    'failed.ended':
      'We could not charge your card {{amount}} for Catalyst Premium after several tries, so your plan has ended.',
    'failed.subscribeAgain': 'You can subscribe again at any time: {{link}}',
    'failed.subject': 'Your Catalyst Premium payment failed',
    'failed.charge': 'We could not charge your card {{amount}} for Catalyst Premium.',
    'failed.retry': 'We will try again on {{date}}.',
    'failed.grace': 'Premium stays open until {{date}}; update your card to keep it.',
    'failed.update': 'Update your card to keep Premium.',
    'failed.link': 'Update your card: {{link}}',
    'assignment.subject': '{{team}} assigned you {{title}}',
    'assignment.hello': 'Hello {{name}},',
    'assignment.assigned': '{{team}} assigned you {{title}} on Catalyst.',
    'assignment.due': 'It is due by {{date}}.',
    'assignment.noDue': 'It has no due date.',
    'assignment.start': 'Start it: {{link}}',
  },
  { es, de, ar },
);
