// The form messages of a webinar's live session, in English. Zod-free and small: a schema loads only its
// own area's texts; ../form-messages.ts joins every area's, and es/de/ar translate them.
import { messageOf } from './fill';

export const LIVE_FORM_MESSAGES = {
  'live.startsAt': 'Start time must be a date and time',
  'live.durationRequired': 'Duration is required',
  'live.durationWhole': 'Duration must be whole minutes',
  'live.durationMin': 'Duration must be at least {{min}} minutes',
  'live.durationMax': 'Duration must be at most {{hours}} hours',
  'live.joinUrl': 'Join link must be an http(s) address',
  'live.joinUrlTooLong': 'Join link is too long',
} as const;

export const liveMessage = messageOf(LIVE_FORM_MESSAGES);
