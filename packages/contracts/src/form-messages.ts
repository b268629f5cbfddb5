// The contracts' form messages (the admin forms', the integrations', promotion codes', team single
// sign-on's, the team forms' and the reason dialogs'), by key: one set whose English the schemas say (each
// area's in ./form-messages/<area>.ts, so a schema loads only its own), whose es/de/ar are
// ./form-messages/{es,de,ar}.json, read by service-kit (a server refusal's field messages in the request's
// language), by the admin remote and by the account's team forms (a client-side check's message in the page's
// language). `{{max}}` where a limit goes. Zod-free.
import { REVOCATION_REASON } from './certificate-terms';
import { MODERATION_REASON } from './community-terms';
import { BASIC_FORM_MESSAGES } from './form-messages/basic';
import { CATALOG_FORM_MESSAGES } from './form-messages/catalog';
import { ADMIN_FORM_MESSAGES } from './form-messages/admin';
import { CREATOR_PAGE_FORM_MESSAGES } from './form-messages/creator-page';
import { CURRICULUM_FORM_MESSAGES } from './form-messages/curriculum';
import { QUIZ_FORM_MESSAGES } from './form-messages/quiz';
import { LIVE_FORM_MESSAGES } from './form-messages/live';
import { BILLING_FORM_MESSAGES } from './form-messages/billing';
import { INTEGRATION_FORM_MESSAGES } from './form-messages/integrations';
import { TEAM_FORM_MESSAGES } from './form-messages/teams';
import type { FormMessageValues } from './form-messages/fill';
import { teamSsoMessages } from './team-sso-terms';

export { oneOf, type FormMessageValues } from './form-messages/fill';

export const FORM_MESSAGES = {
  ...BASIC_FORM_MESSAGES,
  ...CATALOG_FORM_MESSAGES,
  ...ADMIN_FORM_MESSAGES,
  ...CURRICULUM_FORM_MESSAGES,
  ...QUIZ_FORM_MESSAGES,
  ...LIVE_FORM_MESSAGES,
  ...BILLING_FORM_MESSAGES,
  ...INTEGRATION_FORM_MESSAGES,
  ...CREATOR_PAGE_FORM_MESSAGES,
  'revocation.reasonRequired': REVOCATION_REASON.required,
  'revocation.reasonTooShort': REVOCATION_REASON.tooShort,
  'revocation.reasonTooLong': REVOCATION_REASON.tooLong,
  'moderation.reasonTooShort': MODERATION_REASON.tooShort,
  'moderation.reasonTooLong': MODERATION_REASON.tooLong,
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
  ...TEAM_FORM_MESSAGES,
} as const;

export type FormMessageKey = keyof typeof FORM_MESSAGES;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An English message with `{{name}}` placeholders as a pattern that reads an answer back: its literal text, each
 * placeholder any value (captured in `names`' order). The form messages here and service-kit's other messages with
 * values are read back with it.
 */
export function templatePattern(text: string): { names: string[]; pattern: RegExp } {
  const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
  const source = text
    .split(/\{\{\w+\}\}/)
    .map(escaped)
    .join('(.+?)');
  return { names, pattern: new RegExp(`^${source}$`) };
}

type Pattern = { key: FormMessageKey; names: string[]; pattern: RegExp };
let patterns: Pattern[] | null = null;

/** Each message as a pattern over its English (literal text, `{{name}}` any value), made on first use. */
const patternsOf = (): Pattern[] =>
  (patterns ??= Object.entries(FORM_MESSAGES).map(([key, text]) => ({
    key: key as FormMessageKey,
    ...templatePattern(text),
  })));

/**
 * Which form message an English text is, and its values (a number as a number, so a language writes it
 * its own way: de `2.000`); undefined for any other text.
 */
export function findFormMessage(
  text: string,
): { key: FormMessageKey; values: FormMessageValues | undefined } | undefined {
  for (const { key, names, pattern } of patternsOf()) {
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
