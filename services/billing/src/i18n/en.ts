// The texts of billing's e-mails in English; the other languages in ./locales.
import { teamInvitationSubject, teamPersonalPlanEndsMessage } from '@catalyst/contracts';
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
    'mail.hello': 'Hello {{name}},',
    'mail.helloNoName': 'Hello,',
    'assignment.subject': '{{team}} assigned you {{title}}',
    'assignment.assigned': '{{team}} assigned you {{title}} on Catalyst.',
    'assignment.due': 'It is due by {{date}}.',
    'assignment.noDue': 'It has no due date.',
    'assignment.start': 'Start it: {{link}}',
    'personal.subject': 'Your personal Catalyst Premium plan ends on {{date}}',
    // The same sentence the team page shows when a seat ends the plan (contracts' teams-terms).
    'personal.ends': teamPersonalPlanEndsMessage('{{date}}'),
    'personal.seat':
      'Your seat in {{team}} gives you Premium, so your personal plan will not renew and you will not be charged for it again.',
    'personal.seatNoTeam':
      'Your team seat gives you Premium, so your personal plan will not renew and you will not be charged for it again.',
    'personal.plan': 'Your plan: {{link}}',
    'full.subject': '{{joiner}} could not join {{team}}: no free seats',
    'full.invitation': '{{joiner}} accepted an invitation to {{team}}, but all {{seats}} seats are taken.',
    'full.joinLink': '{{joiner}} used the join link of {{team}}, but all {{seats}} seats are taken.',
    'full.action': 'Add seats or remove a member, and they can use the same link again: {{link}}',
    'gift.subject': 'Your Catalyst gift receipt',
    'gift.thanks': 'Thank you for giving Catalyst Premium to {{recipient}}.',
    'gift.receipt': 'Receipt',
    'gift.item': {
      one: 'Item: Catalyst Premium gift, {{count}} month',
      other: 'Item: Catalyst Premium gift, {{count}} months',
    },
    'gift.amount': 'Amount paid: {{amount}}',
    'gift.date': 'Date: {{date}}',
    'gift.number': 'Gift number: {{id}}',
    'gift.willEmail': 'We will e-mail {{email}} on {{date}} with a link to redeem it.',
    'gift.printCode': 'Print or pass on this code: {{code}}. It is redeemed at {{link}}',
    'invite.subject': teamInvitationSubject('{{team}}'),
    'invite.invited':
      '{{inviter}} invited you to join {{team}} on Catalyst. Your seat in the team gives you Catalyst Premium.',
    'invite.join': 'Join the team: {{link}}',
    'invite.once': 'The link works once, for this e-mail address, until {{date}}.',
    'giftTo.subject': '{{buyer}} gave you Catalyst Premium',
    'giftTo.gave': {
      one: '{{buyer}} gave you {{count}} month of Catalyst Premium.',
      other: '{{buyer}} gave you {{count}} months of Catalyst Premium.',
    },
    'giftTo.redeem': 'Redeem your gift: {{link}}',
    'giftTo.code': 'Your code: {{code}}',
  },
  { es, de, ar },
);
