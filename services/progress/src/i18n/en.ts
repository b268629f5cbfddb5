// The fixed words of progress's PDFs (the certificate) in English; the other languages in ./locales.
import { defineServerStrings } from '@catalyst/service-kit';
import ar from './locales/ar.json';
import de from './locales/de.json';
import es from './locales/es.json';

export const progressTexts = defineServerStrings(
  'progress',
  {
    'certificate.title': 'Certificate of completion: {{course}}',
    'certificate.subject': '{{learner}} completed {{course}} ({{hours}}) on {{date}}. Verify at {{url}}',
    'certificate.heading': 'CERTIFICATE OF COMPLETION',
    'certificate.certifies': 'This certifies that',
    'certificate.completedCourse': 'has completed the course',
    'certificate.completedPath': 'has completed the learning path',
    'certificate.by': 'by {{creator}}  ·  {{hours}}',
    'certificate.hours': { one: '{{count}} hour', other: '{{count}} hours' },
    'certificate.completed': 'COMPLETED',
    'certificate.code': 'CERTIFICATE CODE',
    'certificate.verifyAt': 'Verify at',
    'certificate.scan': 'Scan to verify',
    'certificate.revokedMark': 'REVOKED',
    'certificate.revoked': 'This certificate was revoked',
    'certificate.revokedOn': 'This certificate was revoked on {{date}}',
    'notes.title': 'My notes',
    'notes.subject': {
      one: '{{count}} note exported on {{date}}',
      other: '{{count}} notes exported on {{date}}',
    },
    'notes.count': { one: '{{count}} note', other: '{{count}} notes' },
    'notes.about': '{{notes}} · exported from {{siteName}} on {{date}}',
    'notes.aboutMatching': '{{notes}} matching “{{q}}” · exported from {{siteName}} on {{date}}',
    'notes.empty': 'No notes yet.',
    'notes.bookmark': 'Bookmark',
    'webhookOff.subject': '{{siteName}}: webhook endpoint turned off',
    'webhookOff.turnedOff': {
      one: 'The webhook endpoint {{url}} was turned off: every delivery failed for {{hours}} hours ({{count}} attempt in a row).',
      other:
        'The webhook endpoint {{url}} was turned off: every delivery failed for {{hours}} hours ({{count}} attempts in a row).',
    },
    'webhookOff.next':
      'No further events are sent to it. Fix the receiver, then turn the endpoint on again and replay the\ndeliveries it missed from {{adminUrl}}.',
  },
  { es, de, ar },
);
