// The contracts' English messages the account shows itself (the browser's own validation, a fallback when the
// server gave none), by key: the sign-in dialog's in its widgets table (./widgets/en.ts), the rest in the pages'
// (./en.ts); the team forms' in contracts' form messages (../team/teamFormMessages.ts), one set with the server's.
// `shownMessage` puts one into the page's language; a message the server wrote (already in the page's language)
// passes through unchanged.
import { authMessages, COMMUNITY_MESSAGES, teamSsoMessages } from '@catalyst/contracts';
import { teamGroupMessages } from '@catalyst/contracts/team-groups-terms';
import { teamLearningMessages } from '@catalyst/contracts/team-learning-terms';
import { teamFormMessage } from '../team/teamFormMessages';

/** The messages the sign-in dialog shows (the pages show them too). */
export const dialogMessages = {
  'message.nameRequired': authMessages.nameRequired,
  'message.nameTooShort': authMessages.nameTooShort,
  'message.nameTooLong': authMessages.nameTooLong,
  'message.nameCharacters': authMessages.nameCharacters,
  'message.emailRequired': authMessages.emailRequired,
  'message.emailInvalid': authMessages.emailInvalid,
  'message.mixedScriptEmail': authMessages.mixedScriptEmail,
  'message.passwordRequired': authMessages.passwordRequired,
  'message.passwordTooShort': authMessages.passwordTooShort,
  'message.passwordTooLong': authMessages.passwordTooLong,
  'message.passwordComplexity': authMessages.passwordComplexity,
  'message.confirmRequired': authMessages.confirmRequired,
  'message.passwordsDoNotMatch': authMessages.passwordsDoNotMatch,
  'message.loginFailed': authMessages.loginFailed,
  'message.registrationFailed': authMessages.registrationFailed,
  'message.networkOrServer': authMessages.networkOrServer,
  'message.invalidCredentials': authMessages.invalidCredentials,
  'message.emailTaken': authMessages.emailTaken,
  'message.tooManyAttempts': authMessages.tooManyAttempts,
  'message.sharedComputer': authMessages.sharedComputer,
  'message.continueWithSso': teamSsoMessages.continueWithSso,
} as const;

/** The messages only the account's pages show. */
export const pageMessages = {
  'message.currentPasswordRequired': authMessages.currentPasswordRequired,
  'message.newPasswordRequired': authMessages.newPasswordRequired,
  'message.passwordMustDiffer': authMessages.passwordMustDiffer,
  'message.emailChangeNeedsPassword': authMessages.emailChangeNeedsPassword,
  'message.forgotPasswordSent': authMessages.forgotPasswordSent,
  'message.resetSuccess': authMessages.resetSuccess,
  'message.noVerificationToken': authMessages.noVerificationToken,
  'message.verificationSuccess': authMessages.verificationSuccess,
  'message.verificationFailed': authMessages.verificationFailed,
  'message.verificationError': authMessages.verificationError,
  'message.profileUpdated': authMessages.profileUpdated,
  'message.profileUpdatedVerify': authMessages.profileUpdatedVerify,
  'message.profileUpdateError': authMessages.profileUpdateError,
  'message.profileUpdateFailed': authMessages.profileUpdateFailed,
  'message.passwordChanged': authMessages.passwordChanged,
  'message.passwordChangeError': authMessages.passwordChangeError,
  'message.passwordChangeFailed': authMessages.passwordChangeFailed,
  'message.passwordIncorrect': authMessages.passwordIncorrect,
  'message.unsubscribeInvalid': COMMUNITY_MESSAGES.unsubscribeInvalid,
  'message.groupName': teamGroupMessages.name,
  'message.assignees': teamLearningMessages.assignees,
} as const;

type DialogKey = keyof typeof dialogMessages;
type PageKey = keyof typeof pageMessages;
const dialogKeys = new Map<string, DialogKey>(
  Object.entries(dialogMessages).map(([key, english]) => [english, key as DialogKey]),
);
const pageKeys = new Map<string, PageKey>(
  Object.entries(pageMessages).map(([key, english]) => [english, key as PageKey]),
);

type DialogText = (key: DialogKey) => string;
type PageText = (key: PageKey) => string;

/**
 * A message in the page's language: a contract's English one translated (`tw`, the widgets table: the dialog's;
 * `t`, the pages' table, null in the dialog), any other as it came.
 */
export function shownMessage(tw: DialogText, t: PageText | null, message: string): string;
export function shownMessage(
  tw: DialogText,
  t: PageText | null,
  message: string | undefined,
): string | undefined;
export function shownMessage(
  tw: DialogText,
  t: PageText | null,
  message: string | undefined,
): string | undefined {
  if (message === undefined) return undefined;
  const dialogKey = dialogKeys.get(message);
  if (dialogKey) return tw(dialogKey);
  const pageKey = pageKeys.get(message);
  if (pageKey && t) return t(pageKey);
  return teamFormMessage(message) ?? message;
}
