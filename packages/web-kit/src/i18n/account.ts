// The signed-in account's language: kept on the account, and shown when someone signs in.
import { isLanguage, type Language } from '@catalyst/contracts/languages';
import { api } from '../api/client';
import { session } from '../session';
import { currentLanguage } from './language';
import { setLanguage } from './strings';

/** Keeps `language` on the signed-in account, so its other browsers start in it too. */
export async function saveAccountLanguage(language: Language): Promise<void> {
  const { user } = session.getState();
  if (!user) return;
  const result = await api.user.updateProfile.request({
    body: { name: user.name ?? '', email: user.email, locale: language },
  });
  if (result.data?.user) session.loadUser(result.data.user);
}

/**
 * Follows the signed-in account's language: the one it keeps is shown (and remembered in this browser); an
 * account that keeps none gets the one shown here, so it follows the person to their other devices.
 */
export function followAccountLanguage(): void {
  let seen: unknown = null;
  const check = () => {
    const { user } = session.getState();
    if (!user || user === seen) return;
    seen = user;
    if (isLanguage(user.locale)) {
      if (user.locale !== currentLanguage()) void setLanguage(user.locale);
    } else if (currentLanguage() !== 'en') {
      void saveAccountLanguage(currentLanguage()).catch(() => undefined); // tried again at the next sign-in
    }
  };
  check();
  session.subscribe(check);
}
