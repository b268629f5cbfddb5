// The form messages of the catalogue's enums, in English. Zod-free and small: a schema loads only its
// own area's texts; ../form-messages.ts joins every area's, and es/de/ar translate them.
import { messageOf } from './fill';

export const CATALOG_FORM_MESSAGES = {
  'product.typeInvalid': 'Type must be one of: {{values}}',
  'product.difficultyInvalid': 'Difficulty must be one of: {{values}}',
} as const;

export const catalogMessage = messageOf(CATALOG_FORM_MESSAGES);
