// Texts the server writes for people (e-mails, PDFs, error messages), by key: English in code (a part's
// `src/i18n/en.ts`, the source the others are translated from), other languages as JSON files beside it
// (`locales/{es,de,ar}.json`), imported. A missing translation falls back to English.
import { LANGUAGES, type Language } from '@catalyst/contracts/languages';

/** A text that depends on a number: `{{count}}` in it; other languages have their own plural forms. */
export interface Plural {
  one: string;
  other: string;
}
/** A part's English texts: key → text, `{{name}}` where a value goes. */
export type EnglishTexts = Record<string, string | Plural>;
export type TextValues = Record<string, string | number>;
export type Translated = Exclude<Language, 'en'>;
export const TRANSLATED_LANGUAGES = LANGUAGES.filter((language): language is Translated => language !== 'en');

export interface ServerStrings<T extends EnglishTexts> {
  /** The part the texts belong to (a service, service-kit). */
  readonly namespace: string;
  readonly english: T;
  /** Each other language's texts: flat keys, a plural as `key_one`, `key_other` (and its language's others). */
  readonly locales: Locales;
  /** The text in `language`, values filled in; English when the language lacks it. */
  t(language: Language, key: keyof T & string, values?: TextValues): string;
}

const numberFormats = new Map<Language, Intl.NumberFormat>();
/** A value as the text shows it: a number written as the language writes it (de: 1,5), English's as before. */
function shown(language: Language, value: string | number): string {
  if (typeof value !== 'number' || language === 'en') return String(value);
  let format = numberFormats.get(language);
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(language)));
  return format.format(value);
}

const fill = (language: Language, text: string, values: TextValues | undefined) =>
  values
    ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
        const value = values[name];
        return value === undefined ? whole : shown(language, value);
      })
    : text;

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

type Locales = Record<Translated, Record<string, string>>;

/**
 * Declares a part's texts: its English, and its other languages, imported from `./locales/{es,de,ar}.json` beside
 * it (so the bundle of a service holds them: nothing is read from disk at run time).
 */
export function defineServerStrings<T extends EnglishTexts>(
  namespace: string,
  english: T,
  locales: Locales,
): ServerStrings<T> {
  return {
    namespace,
    english,
    locales,
    t(language, key, values) {
      const entry = english[key] as string | Plural;
      if (language !== 'en') {
        const locale = locales[language];
        const text =
          typeof entry === 'string'
            ? locale[key]
            : (locale[`${key}_${pluralCategory(language, Number(values?.count ?? 0))}`] ??
              locale[`${key}_other`]);
        if (text) return fill(language, text, values);
      }
      if (typeof entry === 'string') return fill('en', entry, values);
      return fill('en', Number(values?.count) === 1 ? entry.one : entry.other, values);
    },
  };
}
