import { authInternalRoutes } from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { languageOrEnglish, type Logger, type Peer } from '@catalyst/service-kit';

/**
 * The language a user's billing e-mails are written in: the one they chose, asked of auth (billing keeps
 * addresses, not languages). English without auth, or when it cannot answer now: the mail still goes.
 */
export async function languageOfUser(auth: Peer | undefined, userId: string, log: Logger): Promise<Language> {
  if (!auth) return 'en';
  try {
    const [user] = await auth.call(authInternalRoutes.lookupUsers, { body: { ids: [userId] } });
    return languageOrEnglish(user?.locale);
  } catch (error) {
    log.warn(
      { userId, err: error instanceof Error ? error.message : String(error) },
      'e-mail sent in English',
    );
    return 'en';
  }
}
