// Every text a person reads, by key: English in code (each part's `src/i18n/en.ts`, the source the others are
// translated from), other languages as JSON chunks (`src/i18n/locales/<lang>.json`) loaded for the current
// language only, with i18next loaded only then. An English page loads neither.
import { use, useSyncExternalStore } from 'react';
import type { Language } from '@catalyst/contracts/languages';
import { currentLanguage, keepLanguage, showLanguage, subscribeLanguage } from './language';
import type { LocaleStrings, TextValues } from './translator';

/** A text that depends on a number: `{{count}}` in it; other languages have their own plural forms. */
export interface Plural {
  one: string;
  other: string;
}
/** A part's English strings: key → text, `{{name}}` where a value goes. */
export type EnglishStrings = Record<string, string | Plural>;
/** A language other than English, whose strings come from a JSON chunk. */
export type Translated = Exclude<Language, 'en'>;
/**
 * How a part's other languages load: each its own literal `import('./locales/es.json')`, so each language is
 * a chunk of its own (a record, not a template import: no context module in the part's code).
 */
export type LocaleChunks = Record<Translated, () => Promise<{ default: LocaleStrings }>>;

/** Puts a part's texts into the current language: t(key), or t(key, { count: 3 }) for a plural. */
export type Translate<T extends EnglishStrings> = (key: keyof T & string, values?: TextValues) => string;

export interface Strings<T extends EnglishStrings> {
  /** i18next's namespace: one per part (a remote, the shell, web-kit). */
  readonly namespace: string;
  readonly english: T;
  readonly locales: LocaleChunks;
  /** The text in the current language, for code outside React (a component reads `useStrings`). */
  readonly t: Translate<T>;
}

const tables = new Map<string, Strings<EnglishStrings>>();
const loads = new Map<string, Promise<void>>();
let translator: typeof import('./translator') | null = null;

const fill = (text: string, values: TextValues | undefined) =>
  values ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole)) : text;

/** English without i18next or Intl (English plural: one for exactly 1). */
function inEnglish(entry: string | Plural | undefined, key: string, values?: TextValues): string {
  if (entry === undefined) return key;
  if (typeof entry === 'string') return fill(entry, values);
  return fill(values?.count === 1 ? entry.one : entry.other, values);
}

/** i18next's side (./translator.ts) once a language other than English has been shown; null before. */
export const loadedTranslator = () => translator;

const isReady = (table: Strings<EnglishStrings>, language: Language) =>
  language === 'en' || !!translator?.hasStrings(language, table.namespace);

function translate(table: Strings<EnglishStrings>, key: string, values?: TextValues): string {
  const language = currentLanguage();
  return translator && language !== 'en' && isReady(table, language)
    ? translator.translated(language, table.namespace, key, values)
    : inEnglish(table.english[key], key, values);
}

/** Loads a part's strings in a language (i18next too, the first time); once per part and language. */
function loadStrings(table: Strings<EnglishStrings>, language: Translated): Promise<void> {
  const id = `${language}:${table.namespace}`;
  let loading = loads.get(id);
  if (!loading) {
    loading = Promise.all([import('./translator'), table.locales[language]()]).then(([loaded, chunk]) => {
      translator = loaded;
      return loaded.addStrings(language, table.namespace, chunk.default);
    });
    // a failed chunk (offline) is asked for again next time; meanwhile the part shows English
    loading.catch(() => loads.delete(id));
    loads.set(id, loading);
  }
  return loading;
}

/**
 * Declares a part's strings: its English, and how its other languages load
 * (`{ es: () => import('./locales/es.json'), … }`: so each part downloads only its own strings, in the current
 * language only).
 */
export function defineStrings<T extends EnglishStrings>(
  namespace: string,
  english: T,
  locales: LocaleChunks,
): Strings<T> {
  const table: Strings<T> = {
    namespace,
    english,
    locales,
    t: (key, values) => translate(table as unknown as Strings<EnglishStrings>, key, values),
  };
  tables.set(namespace, table as unknown as Strings<EnglishStrings>);
  return table;
}

/**
 * Switches the page to `language`: every part declared so far has its strings loaded first, then the page
 * shows them at once (a part loaded later loads its own as it first renders). `keep`: remembered in this browser.
 */
export async function setLanguage(
  language: Language,
  { keep = true }: { keep?: boolean } = {},
): Promise<void> {
  if (keep) keepLanguage(language);
  if (language !== 'en') {
    await Promise.all([...tables.values()].map((table) => loadStrings(table, language)));
  }
  showLanguage(language);
}

const englishOnly = (): Language => 'en';

/**
 * A part's texts in the page's language for a component: it renders again when the language changes, and
 * suspends (the nearest Suspense shows its fallback) while the part's strings for that language load.
 */
export function useStrings<T extends EnglishStrings>(table: Strings<T>): Translate<T> {
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, englishOnly);
  if (language !== 'en' && !isReady(table as unknown as Strings<EnglishStrings>, language)) {
    use(loadStrings(table as unknown as Strings<EnglishStrings>, language));
  }
  return boundTo(table, language);
}

const bound = new Map<string, Translate<EnglishStrings>>();
/** One function per part and language: a memoised render (the React Compiler's) renders again on a switch. */
function boundTo<T extends EnglishStrings>(table: Strings<T>, language: Language): Translate<T> {
  if (language === 'en') return table.t;
  const id = `${language}:${table.namespace}`;
  let t = bound.get(id) as Translate<T> | undefined;
  if (!t) {
    t = (key, values) => table.t(key, values);
    bound.set(id, t as Translate<EnglishStrings>);
  }
  return t;
}
