// The texts of community's e-mails in English; the other languages in ./locales.
import { defineServerStrings } from '@catalyst/service-kit';
import ar from './locales/ar.json';
import de from './locales/de.json';
import es from './locales/es.json';

export const communityTexts = defineServerStrings(
  'community',
  {
    'mail.greeting': 'Hi {{name}},',
    'mail.signature': '— {{siteName}}',
    'replies.subjectOne': '{{author}} replied in “{{thread}}”',
    'replies.subjectThread': {
      one: '{{count}} new reply in “{{thread}}”',
      other: '{{count}} new replies in “{{thread}}”',
    },
    'replies.subjectThreads': {
      one: '{{count}} new reply in {{threads}} discussions you follow',
      other: '{{count}} new replies in {{threads}} discussions you follow',
    },
    'replies.threadHead': {
      one: '“{{thread}}”: {{count}} new reply',
      other: '“{{thread}}”: {{count}} new replies',
    },
    'replies.replied': '{{author}} replied:',
    'replies.stopThread': 'Stop e-mails about this discussion: {{link}}',
    'replies.rhythm': {
      one: 'You get at most one of these e-mails every {{count}} minute; later replies wait for the next one.',
      other:
        'You get at most one of these e-mails every {{count}} minutes; later replies wait for the next one.',
    },
    'replies.stopAll': 'Stop all discussion e-mails: {{link}}',
    'news.subjectOne': 'New from {{creator}}: “{{title}}”',
    'news.subjectMany': {
      one: '{{count}} new item from creators you follow',
      other: '{{count}} new items from creators you follow',
    },
    'news.published': '{{creator}} published “{{title}}”',
    'news.stopCreator': 'Stop following {{creator}}: {{link}}',
    'news.stopAll': 'Stop all community e-mails: {{link}}',
    'live.subject': {
      one: 'Starting in {{count}} minute: {{title}} (live Q&A)',
      other: 'Starting in {{count}} minutes: {{title}} (live Q&A)',
    },
    'live.intro': {
      one: 'The live Q&A session "{{title}}" you registered for starts in {{count}} minute, at {{startsAt}} (until {{endsAt}}).',
      other:
        'The live Q&A session "{{title}}" you registered for starts in {{count}} minutes, at {{startsAt}} (until {{endsAt}}).',
    },
    'live.join': 'Join the session:',
    'live.board': 'Ask your questions on the live board: {{link}}',
    'live.calendar': 'Add it to your calendar: {{link}}',
    'live.why':
      'You get this e-mail because you registered for the session; cancel your registration on the page above to get no more.',
    'live.stop': 'Stop e-mails about live sessions: {{link}}',
    'notice.answerToAsker': 'An answer was marked on your question “{{thread}}”',
    'notice.answerToAskerBody': "{{author}}'s reply is the answer.",
    'notice.answerToWriter': 'Your reply was marked as the answer to “{{thread}}”',
    'notice.certificate': 'Your certificate for “{{product}}” is ready',
    'notice.certificateUntitled': 'Your certificate is ready',
    'notice.certificateBody': 'View it, download it as a PDF or share its link.',
    'notice.assignmentDue': '“{{title}}” is due {{due}}',
    'notice.assignmentDueBody': 'Your team assigned it to you. Finish it before the due date.',
    'notice.paymentFailed': 'Your payment failed',
    'notice.paymentFailedBody': 'Update your payment method to keep your Premium plan.',
    'notice.liveStarting': {
      one: 'Starting in {{count}} minute: {{title}}',
      other: 'Starting in {{count}} minutes: {{title}}',
    },
    'notice.liveStartingBody': 'Your live Q&A session is about to start: join it from its page.',
    'digest.subjectMinutes': {
      one: 'Your week: {{count}} minute learned',
      other: 'Your week: {{count}} minutes learned',
    },
    'digest.subjectMinutesStreak': {
      one: 'Your week: {{count}} minute learned, a {{streak}}-day streak',
      other: 'Your week: {{count}} minutes learned, a {{streak}}-day streak',
    },
    'digest.subjectIdle': 'Your week: pick up where you left off',
    'digest.heading': 'Your week on {{siteName}}',
    'digest.minutes': 'Minutes learned last week: {{minutes}}',
    'digest.streak': { one: 'Streak: {{count}} day in a row', other: 'Streak: {{count}} days in a row' },
    'digest.noStreak': 'Streak: none running (learn today to start one)',
    'digest.continueHeading': 'Continue where you left off',
    'digest.course': '{{title}}: {{progress}}% done',
    'digest.courseLesson': '{{title}}: Lesson {{number}} of {{count}}, {{progress}}% done',
    'digest.continue': 'Continue {{title}}',
    'digest.newsHeading': 'New from creators you follow',
    'digest.news': '“{{title}}” by {{creator}}',
    'digest.rhythm': 'You get this e-mail every Monday morning.',
    'digest.stop': 'Stop the weekly e-mail',
    'digest.stopText': 'Stop the weekly e-mail: {{link}}',
    'digest.choose': 'choose what we send you',
    'digest.chooseText': 'Choose what we send you: {{link}}',
    'digest.links': '{{stop}} or {{choose}}.',
  },
  { es, de, ar },
);
