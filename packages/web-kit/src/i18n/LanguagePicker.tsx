import { useId, useState, useSyncExternalStore } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@catalyst/contracts/languages';
import { useSession } from '../session';
import { saveAccountLanguage } from './account';
import { kitStrings } from './en';
import { currentLanguage, subscribeLanguage } from './language';
import { setLanguage, useStrings } from './strings';

/** The page's language, for a component that shows it. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, () => 'en' as const);
}

/**
 * The language picker (the footer's, the profile's): each language by its own name. The page switches at once;
 * a signed-in person's choice is kept on their account, a visitor's in this browser.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const t = useStrings(kitStrings);
  const language = useLanguage();
  const { isAuthenticated } = useSession();
  const [saveFailed, setSaveFailed] = useState(false);
  const id = useId();
  const choose = async (next: Language) => {
    await setLanguage(next);
    if (!isAuthenticated) return;
    try {
      await saveAccountLanguage(next);
      setSaveFailed(false);
    } catch {
      setSaveFailed(true);
    }
  };
  return (
    <div className={className}>
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void choose(event.target.value);
        }}
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
      {saveFailed ? <p role="alert">{t('language.saveFailed')}</p> : null}
    </div>
  );
}
