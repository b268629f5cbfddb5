// The form messages of promotion codes, in English. Zod-free and small: a schema loads only its
// own area's texts; ../form-messages.ts joins every area's, and es/de/ar translate them.
import { messageOf } from './fill';

export const BILLING_FORM_MESSAGES = {
  'promotion.interval': 'Choose month or year',
  'promotion.codeRule': 'A code is 4 to 32 letters or digits',
  'promotion.kind': 'Choose percent or amount off',
  'promotion.amount': 'Enter an amount',
  'promotion.amountAboveZero': 'Enter an amount above 0',
  'promotion.amountMax': 'Enter an amount of at most {{max}}',
  'promotion.percentOff': 'Percent off is between 1 and 100',
  'promotion.months': 'From 1 to 36 months',
  'promotion.atLeastOne': 'At least 1',
  'promotion.uses': 'Enter a whole number of uses, at most {{max}}',
  'promotion.expiresAt': 'Enter a date and time',
} as const;

export const billingMessage = messageOf(BILLING_FORM_MESSAGES);
