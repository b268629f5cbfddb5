import type { Context } from 'hono';
import { authInternalRoutes, USERS_LOOKUP_MAX } from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import type { Logger } from '../logger';
import type { Peer } from '../peers';
import { languageOrEnglish, requestLanguage } from './language';

/**
 * The language each of these users reads the app in, for what a service writes to them outside a request (e-mails,
 * pushes, streamed notifications): the one they chose, asked of auth's user lookup (USERS_LOOKUP_MAX ids a call).
 * English for everyone without auth, or when it cannot answer now: what is written still goes.
 */
export async function languagesOfUsers(
  auth: Peer | undefined,
  userIds: string[],
  log: Logger,
): Promise<(userId: string) => Language> {
  if (!auth || userIds.length === 0) return () => 'en';
  const unique = [...new Set(userIds)];
  try {
    const chosen = new Map<string, Language>();
    for (let i = 0; i < unique.length; i += USERS_LOOKUP_MAX) {
      const users = await auth.call(authInternalRoutes.lookupUsers, {
        body: { ids: unique.slice(i, i + USERS_LOOKUP_MAX) },
      });
      for (const user of users) chosen.set(user.id, languageOrEnglish(user.locale));
    }
    return (userId) => chosen.get(userId) ?? 'en';
  } catch (error) {
    log.warn(
      { users: unique.length, err: error instanceof Error ? error.message : String(error) },
      'written in English: auth did not answer with their languages',
    );
    return () => 'en';
  }
}

/**
 * The language of what the caller of a request causes to be mailed to someone else: their account's choice, else
 * the language of the page they asked from (its `Accept-Language`).
 */
export const callerLanguage = (identity: { locale?: Language | null }, c: Context): Language =>
  identity.locale ?? requestLanguage(c);

/** Auth's address lookup takes at most this many addresses a call. */
const ADDRESSES_PER_CALL = 500;

/**
 * The language of each e-mail to an address that may have no account (an invitation, a gift, an alert): the one
 * the address's own account chose, else `otherwise` (the language of the person who caused it, or English). Asked
 * of auth; when it cannot answer now, `otherwise` for all: the e-mails still go.
 */
export async function languagesOfAddresses(
  auth: Peer | undefined,
  emails: string[],
  otherwise: Language,
  log: Logger,
): Promise<(email: string) => Language> {
  const key = (email: string) => email.trim().toLowerCase();
  if (!auth || emails.length === 0) return () => otherwise;
  try {
    const unique = [...new Set(emails.map(key))];
    const chosen = new Map<string, Language>();
    for (let i = 0; i < unique.length; i += ADDRESSES_PER_CALL) {
      const found = await auth.call(authInternalRoutes.addressLanguages, {
        body: { emails: unique.slice(i, i + ADDRESSES_PER_CALL) },
      });
      for (const row of found) chosen.set(key(row.email), row.locale);
    }
    return (email) => chosen.get(key(email)) ?? otherwise;
  } catch (error) {
    log.warn(
      { addresses: emails.length, err: error instanceof Error ? error.message : String(error) },
      "e-mails sent in their sender's language",
    );
    return () => otherwise;
  }
}
