// The admin forms' field messages in the page's language. Their English and their es/de/ar live once, in
// @catalyst/contracts (form-messages): the schemas say the English, service-kit answers a server refusal's
// field messages from the same set, and this table shows a client-side check's message (or a server's, should
// one come in English) in the page's language. Its keys are found by the English text, not written in code, so
// it lives outside src/i18n/ (web-kit's locales test checks tables whose keys the code names); service-kit's
// locales test holds the three languages complete, with the same placeholders.
import { currentLanguage, defineStrings, formatCount } from '@catalyst/web-kit';
import { FORM_MESSAGES, findFormMessage } from '@catalyst/contracts/form-messages';

/** Each language's chunk, loaded only in that language. */
const LOCALES = {
  es: () => import('@catalyst/contracts/form-messages/es.json'),
  de: () => import('@catalyst/contracts/form-messages/de.json'),
  ar: () => import('@catalyst/contracts/form-messages/ar.json'),
};

export const formMessageStrings = defineStrings('admin-form-messages', FORM_MESSAGES, LOCALES);

/**
 * A field message in the page's language: a contract's form message translated, its numbers written the
 * language's way (de `2.000`, as the server writes them), any other text as it came; English as it is.
 */
export function shownFieldMessage(message: string): string {
  if (currentLanguage() === 'en') return message;
  const found = findFormMessage(message);
  if (!found) return message;
  const values =
    found.values &&
    Object.fromEntries(
      Object.entries(found.values).map(([name, value]) => [
        name,
        typeof value === 'number' ? formatCount(value) : value,
      ]),
    );
  return formMessageStrings.t(found.key, values);
}
