// The form messages of ids and e-mail addresses (every area), in English. Zod-free and small: a schema
// loads only its own area's texts; ../form-messages.ts joins every area's, and es/de/ar translate them.
import { messageOf } from './fill';

export const BASIC_FORM_MESSAGES = {
  'form.invalidId': 'Invalid id: expected 24 hexadecimal characters',
  'form.email': 'Enter an e-mail address',
  'form.emailInvalid': 'Enter a valid e-mail address',
} as const;

export const basicMessage = messageOf(BASIC_FORM_MESSAGES);
