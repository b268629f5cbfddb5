// The admin forms' field messages (the contracts' validation rules), by key: one set read by the schemas (their
// English), by the admin remote (which shows a client-side check's message in the page's language) and by
// service-kit (which answers a server refusal's field messages in the request's language). English is code, the
// other languages are ./form-messages/locales/{es,de,ar}.json; `{{max}}` where a limit goes. Zod-free.
import { categoryFormMessages, creatorFormMessages, productFormMessages } from './admin-terms';
import { apiKeyMessages } from './api-keys-terms';
import { REVOCATION_REASON } from './certificate-terms';
import { MODERATION_REASON } from './community-terms';
import { QUIZ_MESSAGES } from './quiz-terms';
import { teamSsoMessages } from './team-sso-terms';

export const FORM_MESSAGES = {
  'form.trueOrFalse': 'Must be true or false',
  'form.invalidId': 'Invalid id: expected 24 hexadecimal characters',
  'form.titleRequired': productFormMessages.titleRequired,
  'form.titleMax': 'Title must be at most {{max}} characters',
  'form.descriptionRequired': categoryFormMessages.descriptionRequired,
  'form.descriptionMin': categoryFormMessages.descriptionMin,
  'form.descriptionMax': 'Description must be at most {{max}} characters',
  'form.slugRequired': categoryFormMessages.slugRequired,
  'form.slugPattern': categoryFormMessages.slugPattern,
  'form.slugMax': 'Slug must be at most {{max}} characters',
  'form.sortOrderNegative': categoryFormMessages.sortOrderNegative,
  'form.sortOrderMax': 'Sort order must be at most {{max}}',
  'form.colorHex': 'Color must be a hex colour such as #f59e0b',
  'form.iconMax': 'Icon must be at most {{max}} characters',
  'category.nameRequired': categoryFormMessages.nameRequired,
  'category.nameMin': categoryFormMessages.nameMin,
  'category.nameMax': categoryFormMessages.nameMax,
  'creator.nameRequired': creatorFormMessages.nameRequired,
  'creator.nameMin': creatorFormMessages.nameMin,
  'creator.nameMax': creatorFormMessages.nameMax,
  'product.contentMax': 'Content must be at most {{max}} characters',
  'product.categoryRequired': productFormMessages.categoryRequired,
  'product.categoryInvalid': 'Category is invalid',
  'product.creatorRequired': 'Creator is required',
  'product.creatorInvalid': 'Creator is invalid',
  'product.typeInvalid': 'Type must be one of: {{values}}',
  'product.difficultyInvalid': 'Difficulty must be one of: {{values}}',
  'product.durationNumber': productFormMessages.durationNumber,
  'product.durationWhole': 'Duration must be a whole number of minutes',
  'product.durationMin': 'Duration must be at least 1 minute',
  'product.durationMax': 'Duration must be at most {{max}} minutes',
  'product.thumbnailMax': 'Thumbnail must be at most {{max}} characters',
  'product.thumbnailLink': 'Thumbnail must be a URL (http:// or https://) or a path starting with /',
  'product.videoUrlMax': 'Video URL must be at most {{max}} characters',
  'product.videoUrlLink': 'Video URL must be a URL (http:// or https://) or a path starting with /',
  'product.videoUploadInvalid': 'Video upload is invalid',
  'product.tagMax': 'Each tag must be at most {{max}} characters',
  'product.tagsList': 'Tags must be a list or comma-separated text',
  'product.tagsMax': 'At most {{max}} tags',
  'product.priceNumber': 'Price must be a number',
  'product.priceNegative': 'Price cannot be negative',
  'product.priceMax': 'Price must be at most {{max}}',
  'product.instructorMax': 'Instructor must be at most {{max}} characters',
  'curriculum.versionRequired': 'Version is required',
  'curriculum.sectionsMax': 'At most {{max}} sections',
  'curriculum.lessonsPerCourseMax': 'At most {{max}} lessons per course',
  'curriculum.lessonsPerSectionMax': 'At most {{max}} lessons per section',
  'curriculum.idTwice': 'The id {{id}} appears twice',
  'curriculum.sectionTitleRequired': 'Section title is required',
  'curriculum.sectionTitleMax': 'Section title must be at most {{max}} characters',
  'curriculum.lessonTitleRequired': 'Lesson title is required',
  'curriculum.lessonTitleMax': 'Lesson title must be at most {{max}} characters',
  'curriculum.resourceTitleRequired': 'Resource title is required',
  'curriculum.resourceTitleMax': 'Resource title must be at most {{max}} characters',
  'curriculum.lessonKindInvalid': 'Lesson kind must be one of: {{values}}',
  'curriculum.secondsNumber': 'Duration must be a number of seconds',
  'curriculum.secondsWhole': 'Duration must be a whole number of seconds',
  'curriculum.secondsNegative': 'Duration cannot be negative',
  'curriculum.secondsMax': 'Duration must be at most {{max}} seconds',
  'curriculum.freePreviewBoolean': 'Free preview must be true or false',
  'curriculum.articleMax': 'Article must be at most {{max}} characters',
  'curriculum.resourcesMax': 'At most {{max}} resources per lesson',
  'quiz.required': QUIZ_MESSAGES.quizRequired,
  'quiz.oneCorrect': QUIZ_MESSAGES.oneCorrect,
  'quiz.someCorrect': QUIZ_MESSAGES.someCorrect,
  'quiz.trueFalseOptions': QUIZ_MESSAGES.trueFalseOptions,
  'quiz.questionsMax': 'At most {{max}} questions per quiz',
  'quiz.passPercent': 'Pass mark must be a whole percent from 1 to 100',
  'quiz.kindInvalid': 'Question kind must be one of: {{values}}',
  'quiz.promptRequired': 'Question is required',
  'quiz.promptMax': 'Question must be at most {{max}} characters',
  'quiz.optionsMin': 'A question needs at least two options',
  'quiz.optionsMax': 'At most {{max}} options per question',
  'quiz.optionRequired': 'Option text is required',
  'quiz.optionMax': 'Option text must be at most {{max}} characters',
  'quiz.correctBoolean': 'Correct must be true or false',
  'quiz.explanationMax': 'Explanation must be at most {{max}} characters',
  'path.slugTaken': 'A path with this slug already exists',
  'path.hours': 'Estimated hours must be a number from 0.5 to 1000',
  'path.itemsRequired': 'Add at least one product or course to the path',
  'path.itemsMax': 'A path holds at most {{max}} items',
  'path.itemTwice': 'A product can be in a path only once',
  'path.unknownProduct': 'A product in the path does not exist',
  'live.startsAt': 'Start time must be a date and time',
  'live.durationRequired': 'Duration is required',
  'live.durationWhole': 'Duration must be whole minutes',
  'live.durationMin': 'Duration must be at least {{min}} minutes',
  'live.durationMax': 'Duration must be at most {{hours}} hours',
  'live.joinUrl': 'Join link must be an http(s) address',
  'live.joinUrlTooLong': 'Join link is too long',
  'revision.reasonRequired': 'Say what the creator should change',
  'revision.reasonMax': 'The reason must be at most {{max}} characters',
  'revocation.reasonRequired': REVOCATION_REASON.required,
  'revocation.reasonTooShort': REVOCATION_REASON.tooShort,
  'revocation.reasonTooLong': REVOCATION_REASON.tooLong,
  'moderation.reasonTooShort': MODERATION_REASON.tooShort,
  'moderation.reasonTooLong': MODERATION_REASON.tooLong,
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
  'apiKey.name': 'Name the key',
  'apiKey.scopes': 'Choose at least one scope',
  'apiKey.duplicateScopes': apiKeyMessages.duplicateScopes,
  'webhook.url': 'Enter an http or https address',
  'webhook.urlMax': 'Keep the address under 2,000 characters',
  'webhook.privateAddress': 'That address is on a private or loopback network, which webhooks may not reach',
  'webhook.unresolvable': 'That address could not be resolved',
  'webhook.descriptionMax': 'Keep the description under 200 characters',
  'webhook.eventTypes': 'Choose at least one event',
  'xapi.endpoint': 'Enter the LRS endpoint as a web address, such as https://lrs.example.com/xapi/',
  'xapi.endpointHttps': 'The LRS endpoint must use https',
  'xapi.key': 'Enter the key your LRS gave you (at most 200 characters)',
  'xapi.secret': 'The secret is at most 500 characters',
  'xapi.secretMissing': 'Enter the secret your LRS gave you',
  'lti.name': 'Enter a name',
  'lti.nameMin': 'Enter a name of 2 characters or more',
  'lti.nameMax': 'Keep the name to {{max}} characters or fewer',
  'lti.clientId': 'Enter the client id',
  'lti.clientIdMax': 'Keep the client id to {{max}} characters or fewer',
  'lti.deploymentIds': 'Enter at least one deployment id',
  'lti.issuer': 'Enter the issuer',
  'lti.issuerUrl': 'Enter the issuer as a full address (https://…)',
  'lti.authUrl': 'Enter the OIDC authentication URL',
  'lti.authUrlFull': 'Enter the OIDC authentication URL as a full address (https://…)',
  'lti.tokenUrl': 'Enter the access token URL',
  'lti.tokenUrlFull': 'Enter the access token URL as a full address (https://…)',
  'lti.jwksUrl': 'Enter the JWKS URL',
  'lti.jwksUrlFull': 'Enter the JWKS URL as a full address (https://…)',
  'lti.frameOrigin': 'Enter the LMS address',
  'lti.frameOriginFull': 'Enter the LMS address as a full address (https://…)',
  'teamSso.issuer': teamSsoMessages.issuer,
  'teamSso.issuerNotHttps': teamSsoMessages.issuerNotHttps,
  'teamSso.clientId': teamSsoMessages.clientId,
  'teamSso.clientSecret': teamSsoMessages.clientSecret,
  'teamSso.clientSecretMissing': teamSsoMessages.clientSecretMissing,
  'teamSso.domains': teamSsoMessages.domains,
  'teamSso.domain': teamSsoMessages.domain,
  'teamSso.required': teamSsoMessages.required,
  'teamSso.samlEntityId': teamSsoMessages.samlEntityId,
  'teamSso.samlSsoUrl': teamSsoMessages.samlSsoUrl,
  'teamSso.samlSsoUrlNotHttps': teamSsoMessages.samlSsoUrlNotHttps,
  'teamSso.samlCertificate': teamSsoMessages.samlCertificate,
  'form.email': 'Enter an e-mail address',
  'form.emailInvalid': 'Enter a valid e-mail address',
  'creator.invitationEmail': 'E-mail address is required',
} as const;

export type FormMessageKey = keyof typeof FORM_MESSAGES;
export type FormMessageValues = Record<string, string | number>;

/** A form message in English, its values filled in (what the schemas say and the tests pin). */
export function formMessage(key: FormMessageKey, values?: FormMessageValues): string {
  const text: string = FORM_MESSAGES[key];
  return values
    ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole))
    : text;
}

/** The lists a "must be one of" message names, as the schemas write them. */
export const oneOf = (values: readonly string[]) => ({ values: values.join(', ') });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each message as a pattern over its English: literal text, `{{name}}` any value. */
const patterns = Object.entries(FORM_MESSAGES).map(([key, text]) => {
  const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
  const source = text
    .split(/\{\{\w+\}\}/)
    .map(escaped)
    .join('(.+?)');
  return { key: key as FormMessageKey, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * Which form message an English text is, and its values (a number as a number, so a language writes it its own
 * way: de `2.000`); undefined for any other text.
 */
export function findFormMessage(
  text: string,
): { key: FormMessageKey; values: FormMessageValues | undefined } | undefined {
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    if (names.length === 0) return { key, values: undefined };
    const values = Object.fromEntries(
      names.map((name, index) => {
        const value = match[index + 1]!;
        return [name, /^\d+$/.test(value) ? Number(value) : value];
      }),
    );
    return { key, values };
  }
  return undefined;
}
