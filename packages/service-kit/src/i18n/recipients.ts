import { authInternalRoutes } from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import type { Logger } from '../logger';
import type { Peer } from '../peers';
import { languageOrEnglish } from './language';

/**
 * The language each of these users' e-mails is written in, for a service that keeps addresses but no languages
 * (billing, content): the one they chose, asked of auth's user lookup. English for everyone without auth, or
 * when it cannot answer now: the e-mails still go.
 */
export async function languagesOfUsers(
  auth: Peer | undefined,
  userIds: string[],
  log: Logger,
): Promise<(userId: string) => Language> {
  if (!auth || userIds.length === 0) return () => 'en';
  try {
    const users = await auth.call(authInternalRoutes.lookupUsers, { body: { ids: [...new Set(userIds)] } });
    const chosen = new Map(users.map((user) => [user.id, languageOrEnglish(user.locale)]));
    return (userId) => chosen.get(userId) ?? 'en';
  } catch (error) {
    log.warn(
      { userIds, err: error instanceof Error ? error.message : String(error) },
      'e-mails sent in English',
    );
    return () => 'en';
  }
}
