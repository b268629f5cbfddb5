// The messages of the one error shape that people read most, and of the successes the account pages show, in
// every language. Each English text is the very constant the code throws or replies with, so English answers
// stay byte for byte what they were; service-kit (errors and replies) and the gateway (its own refusals) put one
// into the language the request's Accept-Language asks for.
import {
  adminUserMessages,
  authMessages,
  billingDetailsMessages,
  CERTIFICATE_MESSAGES,
  COMMUNITY_MESSAGES,
  COURSE_MESSAGES,
  giftMessages,
  JOIN_LINK_WRONG_DOMAIN_MESSAGE,
  joinLinkMessages,
  NOTE_NOT_FOUND_MESSAGE,
  NOTE_TOO_LONG_MESSAGE,
  NOTES_FULL_MESSAGE,
  PATH_MESSAGES,
  PREMIUM_REQUIRED_MESSAGE,
  REVIEW_MESSAGES,
  SAVED_FULL_MESSAGE,
  STUDIO_MESSAGES,
  subscriptionMessages,
  TEAM_DOMAIN_TAKEN_MESSAGE,
  TEAM_SEATS_BELOW_USED_MESSAGE,
  TEAM_SSO_DOMAIN_TAKEN_MESSAGE,
  teamDomainMessages,
  teamGroupMessages,
  teamLearningMessages,
  teamMessages,
  teamSsoMessages,
  CREATOR_REQUIRED_MESSAGE,
  MEDIA_MESSAGES,
  promotionMessages,
  SEARCH_BAD_CURSOR_MESSAGE,
  SEARCH_EMPTY_MESSAGE,
  SEARCH_TOO_LONG_MESSAGE,
  SSO_REQUIRED_MESSAGE,
  ssoDomainMessages,
  CAPTIONS_SAVED_MESSAGE,
  LTI_LAUNCH_REFUSED_MESSAGE,
  ltiMessages,
  MEDIA_KIND_WORDS,
  MEDIA_TEMPLATES,
  NOT_IN_CURRICULUM_TEMPLATES,
  RELEASE_PERCENT_MESSAGE,
  RELEASE_SHELL_WHOLE_MESSAGE,
  RELEASE_TEMPLATES,
  royaltyMessages,
  samlCertificateMessages,
  TEAM_SSO_TEMPLATES,
  teamScimMessages,
  teamSsoMessages as teamSsoTerms,
  WEBHOOK_MESSAGES,
  xapiMessages,
} from '@catalyst/contracts';
import { FORM_MESSAGES, findFormMessage, templatePattern } from '@catalyst/contracts/form-messages';
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
export const ADMIN_ONLY_MESSAGE = 'Admin access required';

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
    'error.adminOnly': ADMIN_ONLY_MESSAGE,
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
    'auth.lastAdmin': authMessages.lastAdmin,
    'auth.accountDeletionUnavailable': authMessages.accountDeletionUnavailable,
    'auth.mixedScriptEmail': authMessages.mixedScriptEmail,
    'auth.noResetToken': authMessages.noResetToken,
    'auth.notRemembered': authMessages.notRemembered,
    'auth.signInRestored': authMessages.signInRestored,
    'auth.crossSiteRefused': authMessages.crossSiteRefused,
    'adminUser.accountDeactivated': adminUserMessages.accountDeactivated,
    'adminUser.userNotFound': adminUserMessages.userNotFound,
    'adminUser.alreadyVerified': adminUserMessages.alreadyVerified,
    'adminUser.alreadyDeactivated': adminUserMessages.alreadyDeactivated,
    'adminUser.notDeactivated': adminUserMessages.notDeactivated,
    'adminUser.cannotDeactivateSelf': adminUserMessages.cannotDeactivateSelf,
    'adminUser.searchTooLong': adminUserMessages.searchTooLong,
    'adminUser.verificationResent': adminUserMessages.verificationResent,
    'adminUser.sessionsRevoked': adminUserMessages.sessionsRevoked,
    'adminUser.deactivated': adminUserMessages.deactivated,
    'adminUser.reactivated': adminUserMessages.reactivated,
    'course.lessonNotFound': COURSE_MESSAGES.lessonNotFound,
    'course.signInForLesson': COURSE_MESSAGES.signInForLesson,
    'course.versionConflict': COURSE_MESSAGES.versionConflict,
    'course.savedCurriculum': COURSE_MESSAGES.savedCurriculum,
    'course.perLessonProgress': COURSE_MESSAGES.perLessonProgress,
    'course.resourceNotDownloadable': COURSE_MESSAGES.resourceNotDownloadable,
    'course.videoNotPlayable': COURSE_MESSAGES.videoNotPlayable,
    'course.assetUnknown': COURSE_MESSAGES.assetUnknown,
    'course.completeByLessons': COURSE_MESSAGES.completeByLessons,
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
    'subscription.canceled': subscriptionMessages.canceled,
    'subscription.reactivated': subscriptionMessages.reactivated,
    'teamSso.signInRequired': SSO_REQUIRED_MESSAGE,
    'teamSso.domainNotClaimed': ssoDomainMessages.notClaimed,
    'studio.creatorRequired': CREATOR_REQUIRED_MESSAGE,
    'media.unsupportedType': MEDIA_MESSAGES.unsupportedType,
    'media.storageUnavailable': MEDIA_MESSAGES.storageUnavailable,
    'media.inUse': MEDIA_MESSAGES.inUse,
    'media.notFailed': MEDIA_MESSAGES.notFailed,
    'media.notReprocessable': MEDIA_MESSAGES.notReprocessable,
    'media.streamRefused': MEDIA_MESSAGES.streamRefused,
    'media.notFound': MEDIA_MESSAGES.notFound,
    'media.captionsNotVideo': MEDIA_MESSAGES.captionsNotVideo,
    'media.captionsNone': MEDIA_MESSAGES.captionsNone,
    'search.empty': SEARCH_EMPTY_MESSAGE,
    'search.tooLong': SEARCH_TOO_LONG_MESSAGE,
    'search.badCursor': SEARCH_BAD_CURSOR_MESSAGE,
    'promotion.invalid': promotionMessages.invalid,
    'promotion.expired': promotionMessages.expired,
    'promotion.usedUp': promotionMessages.usedUp,
    'promotion.firstTimeOnly': promotionMessages.firstTimeOnly,
    'promotion.alreadyUsed': promotionMessages.alreadyUsed,
    'promotion.monthlyOnly': promotionMessages.monthlyOnly,
    'promotion.annualOnly': promotionMessages.annualOnly,
    'team.csvTooLong': teamMessages.csvTooLong,
    'team.csvNoEmailColumn': teamMessages.csvNoEmailColumn,
    'team.notFound': teamMessages.teamNotFound,
    'team.ownerOnly': teamMessages.ownerOnly,
    'team.ownerOrAdminOnly': teamMessages.ownerOrAdminOnly,
    'team.alreadyInTeam': teamMessages.alreadyInTeam,
    'team.unpaid': teamMessages.unpaid,
    'team.checkoutNotFound': teamMessages.checkoutNotFound,
    // the studio's creator invitations refuse in the same words (STUDIO_MESSAGES.invitation*): found by text
    'team.invitationNotFound': teamMessages.invitationNotFound,
    'team.invitationUsed': teamMessages.invitationUsed,
    'team.invitationExpired': teamMessages.invitationExpired,
    'team.wrongAddress': teamMessages.wrongAddress,
    'team.full': teamMessages.teamFull,
    'team.inactive': teamMessages.teamInactive,
    'team.memberNotFound': teamMessages.memberNotFound,
    'team.ownerCannotBeRemoved': teamMessages.ownerCannotBeRemoved,
    'team.seatsBelowUsed': TEAM_SEATS_BELOW_USED_MESSAGE,
    'teamDomain.notClaimed': teamDomainMessages.notClaimed,
    'teamDomain.tooMany': teamDomainMessages.tooMany,
    'teamDomain.taken': TEAM_DOMAIN_TAKEN_MESSAGE,
    'teamSso.notSet': teamSsoMessages.notSet,
    'teamSso.domainTaken': TEAM_SSO_DOMAIN_TAKEN_MESSAGE,
    'joinLink.notFound': joinLinkMessages.notFound,
    'joinLink.noVerifiedDomain': joinLinkMessages.noVerifiedDomain,
    'joinLink.emailNotVerified': joinLinkMessages.emailNotVerified,
    'joinLink.wrongDomain': JOIN_LINK_WRONG_DOMAIN_MESSAGE,
    'teamGroup.name': teamGroupMessages.name,
    'teamGroup.nameTaken': teamGroupMessages.nameTaken,
    'teamGroup.notFound': teamGroupMessages.notFound,
    'teamGroup.notMembers': teamGroupMessages.notMembers,
    'teamGroup.directoryKept': teamGroupMessages.directoryKept,
    'teamGroup.tooMany': teamGroupMessages.tooMany,
    'teamLearning.assignees': teamLearningMessages.assignees,
    'teamLearning.notMembers': teamLearningMessages.notMembers,
    'teamLearning.targetMissing': teamLearningMessages.targetMissing,
    'teamLearning.assignmentNotFound': teamLearningMessages.assignmentNotFound,
    'teamLearning.ownerRoleFixed': teamLearningMessages.ownerRoleFixed,
    'path.notFound': PATH_MESSAGES.notFound,
    'path.notFollowed': PATH_MESSAGES.notFollowed,
    'path.created': PATH_MESSAGES.created,
    'path.updated': PATH_MESSAGES.updated,
    'path.deleted': PATH_MESSAGES.deleted,
    'studio.invitationSent': STUDIO_MESSAGES.invitationSent,
    'studio.invitationRevoked': STUDIO_MESSAGES.invitationRevoked,
    'studio.alreadyLinked': STUDIO_MESSAGES.alreadyLinked,
    'studio.accountLinked': STUDIO_MESSAGES.accountLinked,
    'studio.accountUnlinked': STUDIO_MESSAGES.accountUnlinked,
    'studio.accountNotLinked': STUDIO_MESSAGES.accountNotLinked,
    'studio.accountNotFound': STUDIO_MESSAGES.accountNotFound,
    'studio.creatorNotFound': STUDIO_MESSAGES.creatorNotFound,
    'studio.noCreator': STUDIO_MESSAGES.noCreator,
    'studio.notYourProduct': STUDIO_MESSAGES.notYourProduct,
    'studio.saved': STUDIO_MESSAGES.saved,
    'studio.submitted': STUDIO_MESSAGES.submitted,
    'studio.nothingToSubmit': STUDIO_MESSAGES.nothingToSubmit,
    'studio.alreadyInReview': STUDIO_MESSAGES.alreadyInReview,
    'studio.revisionNotFound': STUDIO_MESSAGES.revisionNotFound,
    'studio.notInReview': STUDIO_MESSAGES.notInReview,
    'studio.approved': STUDIO_MESSAGES.approved,
    'studio.returned': STUDIO_MESSAGES.returned,
    'studio.foreignItem': STUDIO_MESSAGES.foreignItem,
    'studio.notYourMedia': STUDIO_MESSAGES.notYourMedia,
    'lti.notFound': ltiMessages.notFound,
    'lti.taken': ltiMessages.taken,
    'lti.unknownPlatform': ltiMessages.unknownPlatform,
    'lti.startAgain': ltiMessages.startAgain,
    'lti.httpsAddress': ltiMessages.httpsAddress,
    // what was wrong (the launch's check's own words) stays as the check wrote it
    'lti.launchRefused': LTI_LAUNCH_REFUSED_MESSAGE,
    'scim.invalidToken': teamScimMessages.invalidToken,
    'scim.userNotFound': teamScimMessages.userNotFound,
    'scim.alreadyMember': teamScimMessages.alreadyMember,
    'scim.inAnotherTeam': teamScimMessages.inAnotherTeam,
    'scim.teamFull': teamScimMessages.teamFull,
    'scim.ownerNotProvisioned': teamScimMessages.ownerNotProvisioned,
    'scim.groupNotFound': teamScimMessages.groupNotFound,
    'scim.groupMembers': teamScimMessages.groupMembers,
    'scim.externalIdTaken': teamScimMessages.externalIdTaken,
    'xapi.notSet': xapiMessages.notSet,
    'xapi.testSent': xapiMessages.testSent,
    'xapi.testRefused': xapiMessages.testRefused,
    'webhook.notFound': WEBHOOK_MESSAGES.notFound,
    'webhook.deliveryNotFound': WEBHOOK_MESSAGES.deliveryNotFound,
    'webhook.created': WEBHOOK_MESSAGES.created,
    'webhook.rotated': WEBHOOK_MESSAGES.rotated,
    'webhook.replayed': WEBHOOK_MESSAGES.replayed,
    'royalty.month': royaltyMessages.month,
    'royalty.monthNotOver': royaltyMessages.monthNotOver,
    'royalty.monthInFuture': royaltyMessages.monthInFuture,
    'royalty.closedAlready': royaltyMessages.closedAlready,
    'royalty.statementNotFound': royaltyMessages.statementNotFound,
    'royalty.noPayoutAccount': royaltyMessages.noPayoutAccount,
    'royalty.nothingToPay': royaltyMessages.nothingToPay,
    'royalty.paidAlready': royaltyMessages.paidAlready,
    'royalty.notACreator': royaltyMessages.notACreator,
    'royalty.pickCreator': royaltyMessages.pickCreator,
    'royalty.noPayoutDetails': royaltyMessages.noPayoutDetails,
    // the admin's release actions (a front end's name and version inside); the more specific pattern first
    'release.promoted': RELEASE_TEMPLATES.promoted,
    'release.rolledBack': RELEASE_TEMPLATES.rolledBack,
    'release.canaryStopped': RELEASE_TEMPLATES.canaryStopped,
    'release.canaryStarted': RELEASE_TEMPLATES.canaryStarted,
    'release.nothingToRollBack': RELEASE_TEMPLATES.nothingToRollBack,
    'release.noPrevious': RELEASE_TEMPLATES.noPrevious,
    'release.noCurrent': RELEASE_TEMPLATES.noCurrent,
    'release.noRelease': RELEASE_TEMPLATES.noRelease,
    'release.alreadyRuns': RELEASE_TEMPLATES.alreadyRuns,
    'release.alreadyCurrent': RELEASE_TEMPLATES.alreadyCurrent,
    'release.shellWhole': RELEASE_SHELL_WHOLE_MESSAGE,
    'release.percent': RELEASE_PERCENT_MESSAGE,
    // a kind's word before the id alone ('any'), whose pattern would take the word for part of the id
    'course.notInCurriculumSection': NOT_IN_CURRICULUM_TEMPLATES.section,
    'course.notInCurriculumLesson': NOT_IN_CURRICULUM_TEMPLATES.lesson,
    'course.notInCurriculumResource': NOT_IN_CURRICULUM_TEMPLATES.resource,
    'course.notInCurriculumQuestion': NOT_IN_CURRICULUM_TEMPLATES.question,
    'course.notInCurriculumOption': NOT_IN_CURRICULUM_TEMPLATES.option,
    'course.notInCurriculum': NOT_IN_CURRICULUM_TEMPLATES.any,
    'media.typeMismatch': MEDIA_TEMPLATES.typeMismatch,
    'media.tooLarge': MEDIA_TEMPLATES.tooLarge,
    'media.fileNameTooLong': MEDIA_TEMPLATES.fileNameTooLong,
    // the type mismatch's values, said in the message's language with it
    'media.kindVideo': MEDIA_KIND_WORDS.video,
    'media.kindImage': MEDIA_KIND_WORDS.image,
    'media.kindDocument': MEDIA_KIND_WORDS.document,
    'media.kindArchive': MEDIA_KIND_WORDS.archive,
    'media.captionsSaved': CAPTIONS_SAVED_MESSAGE,
    'teamSso.startAgain': teamSsoTerms.startAgain,
    'teamSso.certificateUnreadable': samlCertificateMessages.unreadable,
    'teamSso.certificateExpired': TEAM_SSO_TEMPLATES.certificateExpired,
    'teamSso.certificateNotYetValid': TEAM_SSO_TEMPLATES.certificateNotYetValid,
    'teamSso.discovery': TEAM_SSO_TEMPLATES.discovery,
    // what was wrong (the provider's or the check's own words) stays as it came
    'teamSso.failed': TEAM_SSO_TEMPLATES.failed,
    // the admin forms' field messages: one set with the admin remote's (contracts' form-messages)
    ...FORM_MESSAGES,
  },
  { es: { ...es, ...formEs }, de: { ...de, ...formDe }, ar: { ...ar, ...formAr } },
);

type MessageKey = keyof typeof serverMessages.english;

/** Each English message's text (a plural's each form) with its key. */
const englishTexts = Object.entries(serverMessages.english).flatMap(([key, entry]) =>
  (typeof entry === 'string' ? [entry] : [entry.one, entry.other]).map((text) => ({
    key: key as MessageKey,
    text,
  })),
);

/** Each English message's key, to find a thrown message's translation by its text. */
const keyOfMessage = new Map<string, MessageKey>(
  englishTexts.filter(({ text }) => !text.includes('{{')).map(({ key, text }) => [text, key]),
);

/**
 * The messages above with a value inside (`The domain {{domain}} is already verified by another team`), each with
 * the pattern that finds one filled in and its values' names.
 */
const valueMessages = englishTexts
  .filter(({ key, text }) => text.includes('{{') && !(key in FORM_MESSAGES))
  .map(({ key, text }) => ({ key, ...templatePattern(text) }));

/**
 * A value read back from an English message: a number as written (`1,000`) becomes a number again, a value that
 * is itself one of the messages (a media kind's `a video`) is said in the language too.
 */
const valueOf = (language: Language, text: string): string | number => {
  if (/^\d{1,3}(,\d{3})*$/.test(text)) return Number(text.replaceAll(',', ''));
  const key = keyOfMessage.get(text);
  return key ? serverMessages.t(language, key) : text;
};

/**
 * A message of the error shape in `language`: its translation when it is one of the above (a message with its
 * values, `Title must be at most 200 characters`, `Remove members before lowering seats below 4`), else as it is.
 */
export function translateMessage(language: Language, message: string): string {
  if (language === 'en') return message;
  const key = keyOfMessage.get(message);
  if (key) return serverMessages.t(language, key);
  const form = findFormMessage(message);
  if (form) return serverMessages.t(language, form.key, form.values);
  for (const { key: valueKey, names, pattern } of valueMessages) {
    const match = pattern.exec(message);
    if (match)
      return serverMessages.t(
        language,
        valueKey,
        Object.fromEntries(names.map((name, index) => [name, valueOf(language, match[index + 1]!)])),
      );
  }
  return message;
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
