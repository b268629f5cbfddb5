// The texts of the shell's own pages past the first one (dashboard, pricing, about, downloads) in English: a table
// of their own, imported only by those lazy pages, so the welcome page (the main bundle, ../en.ts) stays small.
// Other languages: ./locales/<lang>.json (web-kit's i18n/locales.test.ts keeps them complete).
import { assignmentStatusText } from '@catalyst/contracts/team-learning-terms';
import { defineStrings } from '@catalyst/web-kit';

export const shellPageStrings = defineStrings(
  'shell-pages',
  {
    'dashboard.documentTitle': 'Dashboard',
    'dashboard.welcome': 'Welcome, {{name}}',
    'dashboard.welcomeBack': 'Welcome back, {{name}}',
    'dashboard.leadReturning': 'Keep your momentum: continue a course or discover something new today.',
    'dashboard.leadNew':
      'Start by browsing the library: pick a topic, then a creator, and your first lesson is one click away.',
    'dashboard.browse': 'Browse Content',
    'dashboard.goPremium': 'Go Premium',
    'dashboard.promoLabel': 'Promotional video: a tour of the learning library',
    'dashboard.playVideo': 'Play video',
    'dashboard.pauseVideo': 'Pause video',
    'dashboard.pathTitle': 'Your path',
    'dashboard.pathFinished': {
      one: '{{count}} of {{total}} finished',
      other: '{{count}} of {{total}} finished',
    },
    'dashboard.pathNext': 'Next: {{link}}',
    'dashboard.pathCertificate': 'View your path certificate',
    'dashboard.assignedTitle': 'Assigned to you',
    'dashboard.assignedFrom': 'From {{team}}',
    'dashboard.assignedDue': 'Due {{date}}',
    'dashboard.assignedNoDue': 'No due date',
    'dashboard.statusNotStarted': assignmentStatusText.not_started,
    'dashboard.statusInProgress': assignmentStatusText.in_progress,
    'dashboard.statusDone': assignmentStatusText.done,
    'dashboard.statusOverdue': assignmentStatusText.overdue,
    'pricing.title': 'Pricing',
    'pricing.lead': 'One plan opens the whole {{site}} library. Start free, upgrade when you are ready.',
    'pricing.signUp': 'Sign Up for {{plan}}',
    'pricing.member': 'Already a member? Log in',
    'pricing.manage': 'Manage your plan',
    'pricing.choose': 'Choose {{plan}}',
    'pricing.teams':
      'Buying for {{min}} to {{max}} people? {{link}}: {{monthPrice}} per seat per month, or {{yearPrice}} per seat per year.',
    'pricing.teamsLink': 'For teams',
    'pricing.questions': 'Questions',
    'pricing.freeQuestion': 'What can I open without paying?',
    'pricing.freeAnswer':
      "Free courses open with a free {{site}} account, and every course's free preview lessons open to anyone. {{plan}} opens everything else.",
    'pricing.billedQuestion': 'How is {{plan}} billed?',
    'pricing.billedAnswerMonth':
      '{{price}}/month, charged in advance through our card payment provider. It renews automatically each month until you cancel.',
    'pricing.cancelQuestion': 'Can I cancel at any time?',
    'pricing.cancelAnswer':
      'Yes, from your account settings. You keep {{plan}} until the end of the period you have paid for, and you can change your mind before then.',
    'pricing.refundQuestion': 'Do you give refunds?',
    'pricing.refundAnswer': 'Refunds are generally not given, as the Terms and Conditions explain.',
    'pricing.offlineQuestion': 'Can I learn offline?',
    'pricing.offlineAnswer':
      'Yes: install the app on your phone or computer and save lessons to watch without a connection.',
    'pricing.certificateQuestion': 'Do I get a certificate?',
    'pricing.certificateAnswer':
      'Finish a course and you get a certificate with an address anyone can use to check it.',
    'pricing.terms': 'The full terms are in the {{link}}.',
    'pricing.termsLink': 'Terms and Conditions',
    'pricing.browse': '{{link}} to see what is in it.',
    'pricing.browseLink': 'Browse the library',
    'about.documentTitle': 'About',
    'about.kicker': 'About {{site}}',
    'about.title': 'Learn from people who do the work',
    'about.lead': {
      one: '{{site}} gathers courses, tutorials, videos, written guides and live webinars by {{count}} creator, each teaching what they do for a living.',
      other:
        '{{site}} gathers courses, tutorials, videos, written guides and live webinars by {{count}} creators, each teaching what they do for a living.',
    },
    'about.how': 'How it works',
    'about.coursesTerm': 'Courses',
    'about.courses':
      '{{term}} are cut into short lessons in sections, with resources to download, and end with an exercise or a quiz. The first lesson of every course is a free preview.',
    'about.placeTerm': 'Your place is kept',
    'about.place':
      '{{term}} in every video and lesson, on any device, and a finished course earns a certificate anyone can verify.',
    'about.webinarsTerm': 'Webinars',
    'about.webinars':
      '{{term}} are live question-and-answer sessions: watch the last one’s recording and register for the next.',
    'about.freeTerm': 'Free items',
    'about.free': '{{term}} open to everyone signed in; {{plan}} opens the whole catalogue.',
    'about.creators': 'The creators',
    'about.bioMaya': 'Front-end architect who has shipped design systems for three unicorns.',
    'about.teachesMaya': 'Teaches HTML, CSS, JavaScript and React, and the Design Systems Workshop.',
    'about.bioDaniel': 'Back-end engineer and database tuner; writes about Postgres and Node.js.',
    'about.teachesDaniel':
      'Teaches REST APIs with Node.js, TypeScript, SQL, web performance and the PostgreSQL webinar.',
    'about.bioPriya': 'Data scientist teaching statistics and machine learning without the jargon.',
    'about.teachesPriya':
      'Teaches Python, statistics, machine learning, deep learning, A/B testing and the LLM webinar.',
    'about.bioLucas': 'Product designer focused on typography, colour and design critique.',
    'about.teachesLucas':
      'Teaches UI design, typography, Figma, colour, data visualisation and the live critiques.',
    'about.bioSofia': 'Startup advisor and former CFO; makes finance and strategy practical.',
    'about.teachesSofia':
      'Teaches startup finance, pricing, OKRs, business plans, content marketing and the fundraising Q&A.',
    'about.bioKenji': 'Travel and portrait photographer with twenty years behind the lens.',
    'about.teachesKenji':
      'Teaches exposure, composition, lighting, Lightroom, street and night photography, and buying gear.',
    'about.bioAmara': 'Producer and mix engineer for independent artists and podcasts.',
    'about.teachesAmara':
      'Teaches music production, theory, mixing, mastering, sound design, home studios and podcast audio.',
    'about.bioElena': 'Leadership coach and UX researcher who bridges people and products.',
    'about.teachesElena':
      'Teaches user research, accessibility audits, remote leadership, negotiation and the release Q&A.',
    'about.contactTitle': 'Get in touch',
    'about.contactText': 'Questions about a course, or an idea for the next one? We read every message.',
    'about.email': 'E-mail: {{link}}',
    'about.phone': 'Phone: {{link}}',
    'about.start': 'Start learning',
    'downloads.title': 'Downloads',
    'downloads.usage': {
      one: '{{count}} of {{max}} lessons saved · {{size}} used by downloads',
      other: '{{count}} of {{max}} lessons saved · {{size}} used by downloads',
    },
    'downloads.device': '{{used}} of {{quota}} used on this device',
    'downloads.offlineOwner': 'You’re offline: these are the lessons {{name}} saved on this device.',
    'downloads.empty': 'Nothing saved yet. Use {{action}} on a lesson to watch it without a connection.',
    'downloads.emptyAction': 'Download for offline',
    'downloads.browse': 'Browse',
    'downloads.itemMeta': '{{size}} · saved {{date}}',
    'downloads.remove': 'Remove',
    'downloads.removeLabel': 'Remove {{title}}',
  },
  {
    es: () => import('./locales/es.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
  },
);
