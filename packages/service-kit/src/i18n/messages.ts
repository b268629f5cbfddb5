// The messages of the one error shape that people read most, and of the successes the account pages show, in
// every language. Each English text is the very constant the code throws or replies with, so English answers
// stay byte for byte what they were; service-kit (errors and replies) and the gateway (its own refusals) put one
// into the language the request's Accept-Language asks for.
import {
  authMessages,
  billingDetailsMessages,
  CERTIFICATE_MESSAGES,
  COMMUNITY_MESSAGES,
  giftMessages,
  NOTE_NOT_FOUND_MESSAGE,
  NOTE_TOO_LONG_MESSAGE,
  NOTES_FULL_MESSAGE,
  PREMIUM_REQUIRED_MESSAGE,
  REVIEW_MESSAGES,
  SAVED_FULL_MESSAGE,
} from '@catalyst/contracts';
import { FORM_MESSAGES, findFormMessage } from '@catalyst/contracts/form-messages';
import formAr from '@catalyst/contracts/form-messages/ar.json';
import formDe from '@catalyst/contracts/form-messages/de.json';
import formEs from '@catalyst/contracts/form-messages/es.json';
import type { Language } from '@catalyst/contracts/languages';
import { BODY_TOO_DEEP_MESSAGE, BODY_TOO_LARGE_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from '../validate';
import { defineServerStrings } from './strings';
import ar from './locales/ar.json';
import de from './locales/de.json';
import es from './locales/es.json';

export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again shortly.';
export const UNEXPECTED_MESSAGE = 'An unexpected error occurred.';

export const serverMessages = defineServerStrings(
  'service-kit',
  {
    'error.unavailable': UNAVAILABLE_MESSAGE,
    'error.unexpected': UNEXPECTED_MESSAGE,
    'error.timeout': 'The service took too long to respond. Please try again.',
    'error.authRequired': 'Authentication required',
    'error.forbidden': 'You do not have permission to do this',
    'error.notFound': 'Not found',
    'error.productNotFound': 'Product not found',
    'error.premiumRequired': PREMIUM_REQUIRED_MESSAGE,
    'error.invalidRequest': 'Invalid request',
    'error.malformedJson': 'Malformed JSON body',
    'error.bodyTooLarge': BODY_TOO_LARGE_MESSAGE,
    'error.bodyTooDeep': BODY_TOO_DEEP_MESSAGE,
    'error.unstorableText': UNSTORABLE_TEXT_MESSAGE,
    'auth.invalidCredentials': authMessages.invalidCredentials,
    'auth.tooManyAttempts': authMessages.tooManyAttempts,
    'auth.tooManyRegistrations': authMessages.tooManyRegistrations,
    'auth.tooManyResets': authMessages.tooManyResets,
    'auth.emailTaken': authMessages.emailTaken,
    'auth.nameRequired': authMessages.nameRequired,
    'auth.nameTooShort': authMessages.nameTooShort,
    'auth.nameTooLong': authMessages.nameTooLong,
    'auth.nameCharacters': authMessages.nameCharacters,
    'auth.emailRequired': authMessages.emailRequired,
    'auth.emailInvalid': authMessages.emailInvalid,
    'auth.passwordRequired': authMessages.passwordRequired,
    'auth.passwordTooShort': authMessages.passwordTooShort,
    'auth.passwordTooLong': authMessages.passwordTooLong,
    'auth.passwordComplexity': authMessages.passwordComplexity,
    'auth.passwordsDoNotMatch': authMessages.passwordsDoNotMatch,
    'auth.currentPasswordRequired': authMessages.currentPasswordRequired,
    'auth.newPasswordRequired': authMessages.newPasswordRequired,
    'auth.currentPasswordIncorrect': authMessages.currentPasswordIncorrect,
    'auth.passwordMustDiffer': authMessages.passwordMustDiffer,
    'auth.passwordIncorrect': authMessages.passwordIncorrect,
    'auth.commonPassword': authMessages.commonPassword,
    'auth.emailChangeNeedsPassword': authMessages.emailChangeNeedsPassword,
    'auth.verificationInvalid': authMessages.verificationInvalid,
    'auth.resetInvalid': authMessages.resetInvalid,
    'auth.verifyToSubscribe': authMessages.verifyToSubscribe,
    'auth.loginSuccess': authMessages.loginSuccess,
    'auth.registerSuccess': authMessages.registerSuccess,
    'auth.logoutSuccess': authMessages.logoutSuccess,
    'auth.verificationSuccess': authMessages.verificationSuccess,
    'auth.alreadyVerified': authMessages.alreadyVerified,
    'auth.profileUpdated': authMessages.profileUpdated,
    'auth.profileUpdatedVerify': authMessages.profileUpdatedVerify,
    'auth.passwordChanged': authMessages.passwordChanged,
    'auth.forgotPasswordSent': authMessages.forgotPasswordSent,
    'auth.resetSuccess': authMessages.resetSuccess,
    'auth.signedOutEverywhere': authMessages.signedOutEverywhere,
    'auth.accountDeleted': authMessages.accountDeleted,
    'community.threadNotFound': COMMUNITY_MESSAGES.threadNotFound,
    'community.postNotFound': COMMUNITY_MESSAGES.postNotFound,
    'community.editWindowClosed': COMMUNITY_MESSAGES.editWindowClosed,
    'community.notYourPost': COMMUNITY_MESSAGES.notYourPost,
    'community.locked': COMMUNITY_MESSAGES.locked,
    'community.alreadyReported': COMMUNITY_MESSAGES.alreadyReported,
    'community.rateLimited': COMMUNITY_MESSAGES.rateLimited,
    'community.questionsClosed': COMMUNITY_MESSAGES.questionsClosed,
    'community.ownPostVote': COMMUNITY_MESSAGES.ownPostVote,
    'community.tooManyStreams': COMMUNITY_MESSAGES.tooManyStreams,
    'certificate.notFound': CERTIFICATE_MESSAGES.notFound,
    'certificate.invalidCode': CERTIFICATE_MESSAGES.invalidCode,
    'review.notFound': REVIEW_MESSAGES.reviewNotFound,
    'review.noReviewOfYours': REVIEW_MESSAGES.noReviewOfYours,
    'review.ownReviewHelpful': REVIEW_MESSAGES.ownReviewHelpful,
    'review.alreadyHelpful': REVIEW_MESSAGES.alreadyHelpful,
    'review.alreadyReported': REVIEW_MESSAGES.alreadyReported,
    'review.ownReviewReport': REVIEW_MESSAGES.ownReviewReport,
    'review.replyForbidden': REVIEW_MESSAGES.replyForbidden,
    'review.progressUnavailable': REVIEW_MESSAGES.progressUnavailable,
    'review.saved': REVIEW_MESSAGES.saved,
    'review.deleted': REVIEW_MESSAGES.deleted,
    'gift.months': giftMessages.months,
    'gift.recipientName': giftMessages.recipientName,
    'gift.recipientEmail': giftMessages.recipientEmail,
    'gift.sendOn': giftMessages.sendOn,
    'gift.message': giftMessages.message,
    'gift.notFound': giftMessages.notFound,
    'gift.redeemed': giftMessages.redeemed,
    'gift.refunded': giftMessages.refunded,
    'gift.unpaid': giftMessages.unpaid,
    'gift.notRefundable': giftMessages.notRefundable,
    'gift.notAPlan': giftMessages.notAPlan,
    'billingDetails.email': billingDetailsMessages.email,
    'billingDetails.companyName': billingDetailsMessages.companyName,
    'billingDetails.vatNumber': billingDetailsMessages.vatNumber,
    'notes.full': NOTES_FULL_MESSAGE,
    'notes.tooLong': NOTE_TOO_LONG_MESSAGE,
    'notes.notFound': NOTE_NOT_FOUND_MESSAGE,
    'saved.full': SAVED_FULL_MESSAGE,
    // the admin forms' field messages: one set with the admin remote's (contracts' form-messages)
    ...FORM_MESSAGES,
  },
  { es: { ...es, ...formEs }, de: { ...de, ...formDe }, ar: { ...ar, ...formAr } },
);

/** Each English message's key, to find a thrown message's translation by its text. */
const keyOfMessage = new Map<string, keyof typeof serverMessages.english>(
  Object.entries(serverMessages.english).map(([key, text]) => [
    text,
    key as keyof typeof serverMessages.english,
  ]),
);

/**
 * A message of the error shape in `language`: its translation when it is one of the above (a form message with
 * its values, `Title must be at most 200 characters`), else as it is.
 */
export function translateMessage(language: Language, message: string): string {
  if (language === 'en') return message;
  const key = keyOfMessage.get(message);
  if (key) return serverMessages.t(language, key);
  const form = findFormMessage(message);
  return form ? serverMessages.t(language, form.key, form.values) : message;
}

/** The one error shape's body with its message and its fields' messages in `language`. */
export function translateErrorBody<
  T extends { message: string; errors?: { field: string; message: string }[] },
>(language: Language, body: T): T {
  if (language === 'en') return body;
  return {
    ...body,
    message: translateMessage(language, body.message),
    ...(body.errors
      ? {
          errors: body.errors.map((error) => ({
            ...error,
            message: translateMessage(language, error.message),
          })),
        }
      : {}),
  };
}
