// The contracts' English messages the account's pages show themselves (the browser's own validation, a fallback
// when the server gave none), by key: en.ts takes its English from here, and `shownMessage` puts one into the
// page's language. A message the server wrote (already in the page's language) passes through unchanged.
import { authMessages, COMMUNITY_MESSAGES, teamSsoMessages } from '@catalyst/contracts';
import { teamGroupMessages } from '@catalyst/contracts/team-groups-terms';
import { teamLearningMessages } from '@catalyst/contracts/team-learning-terms';
import { teamMessages } from '@catalyst/contracts/teams-terms';

export const contractMessages = {
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
  'message.currentPasswordRequired': authMessages.currentPasswordRequired,
  'message.newPasswordRequired': authMessages.newPasswordRequired,
  'message.passwordMustDiffer': authMessages.passwordMustDiffer,
  'message.emailChangeNeedsPassword': authMessages.emailChangeNeedsPassword,
  'message.loginFailed': authMessages.loginFailed,
  'message.registrationFailed': authMessages.registrationFailed,
  'message.networkOrServer': authMessages.networkOrServer,
  'message.invalidCredentials': authMessages.invalidCredentials,
  'message.emailTaken': authMessages.emailTaken,
  'message.tooManyAttempts': authMessages.tooManyAttempts,
  'message.forgotPasswordSent': authMessages.forgotPasswordSent,
  'message.resetSuccess': authMessages.resetSuccess,
  'message.noVerificationToken': authMessages.noVerificationToken,
  'message.verificationSuccess': authMessages.verificationSuccess,
  'message.verificationFailed': authMessages.verificationFailed,
  'message.verificationError': authMessages.verificationError,
  'message.sharedComputer': authMessages.sharedComputer,
  'message.profileUpdated': authMessages.profileUpdated,
  'message.profileUpdatedVerify': authMessages.profileUpdatedVerify,
  'message.profileUpdateError': authMessages.profileUpdateError,
  'message.profileUpdateFailed': authMessages.profileUpdateFailed,
  'message.passwordChanged': authMessages.passwordChanged,
  'message.passwordChangeError': authMessages.passwordChangeError,
  'message.passwordChangeFailed': authMessages.passwordChangeFailed,
  'message.passwordIncorrect': authMessages.passwordIncorrect,
  'message.unsubscribeInvalid': COMMUNITY_MESSAGES.unsubscribeInvalid,
  'message.continueWithSso': teamSsoMessages.continueWithSso,
  'message.teamName': teamMessages.name,
  'message.teamSeats': teamMessages.seats,
  'message.teamInvitees': teamMessages.invitees,
  'message.groupName': teamGroupMessages.name,
  'message.assignees': teamLearningMessages.assignees,
} as const;

type MessageKey = keyof typeof contractMessages;
const keyOf = new Map<string, MessageKey>(
  Object.entries(contractMessages).map(([key, english]) => [english, key as MessageKey]),
);

/** A message in the page's language: a contract's English one translated, any other as it came. */
export function shownMessage(t: (key: MessageKey) => string, message: string): string;
export function shownMessage(t: (key: MessageKey) => string, message: string | undefined): string | undefined;
export function shownMessage(
  t: (key: MessageKey) => string,
  message: string | undefined,
): string | undefined {
  if (message === undefined) return undefined;
  const key = keyOf.get(message);
  return key ? t(key) : message;
}
