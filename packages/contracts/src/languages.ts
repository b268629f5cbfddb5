// No imports: the gateway's head script, web-kit's strings and auth's profile read these.

/** The languages Catalyst speaks, English first (the source every other is translated from). */
export const LANGUAGES = ['en', 'es', 'de', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language by its own name, as the pickers show it (a reader finds their language in their script). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  ar: 'العربية',
};

/** Languages written right to left: <html dir="rtl"> while one is shown. */
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

/** Why a language was refused (the profile's, an account's). */
export const languageMessage = `Choose one of these languages: ${LANGUAGES.join(', ')}`;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The writing direction of a language. */
export const directionOf = (language: Language): 'rtl' | 'ltr' =>
  RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';

/**
 * The first of a browser's preferred languages (navigator.languages, or Accept-Language's tags in order) that
 * Catalyst speaks, by its primary subtag ('de-AT' → 'de'); English when none is.
 */
export function preferredLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().slice(0, 2).toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}
