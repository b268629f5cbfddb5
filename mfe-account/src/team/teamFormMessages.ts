// The team forms' messages in the page's language. Their English and their es/de/ar live once, in
// @catalyst/contracts (form-messages): the schemas say the English, service-kit answers a server refusal in the
// request's language from the same set, and this table shows the account's own checks' (a team's name, seats,
// invitees) in the page's. Its keys are found by the English text, not written in code, so it lives outside
// src/i18n/ (web-kit's locales test checks tables whose keys the code names); service-kit's locales test holds
// the three languages complete.
import { defineStrings } from '@catalyst/web-kit';
import { TEAM_FORM_MESSAGES } from '@catalyst/contracts/form-messages/teams';

/** Each language's chunk (every form's messages: one set), loaded only in that language. */
const LOCALES = {
  es: () => import('@catalyst/contracts/form-messages/es.json'),
  de: () => import('@catalyst/contracts/form-messages/de.json'),
  ar: () => import('@catalyst/contracts/form-messages/ar.json'),
};

export const teamFormStrings = defineStrings('account-team-form-messages', TEAM_FORM_MESSAGES, LOCALES);

type TeamFormKey = keyof typeof TEAM_FORM_MESSAGES;
const teamFormKeys = new Map<string, TeamFormKey>(
  Object.entries(TEAM_FORM_MESSAGES).map(([key, english]) => [english, key as TeamFormKey]),
);

/** A team form's message in the page's language (a component showing one renders `useStrings(teamFormStrings)`). */
export const teamFormMessage = (message: string): string | undefined => {
  const key = teamFormKeys.get(message);
  return key && teamFormStrings.t(key);
};
