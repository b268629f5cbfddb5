import type { Context } from 'hono';
import { isLanguage, preferredLanguage, type Language } from '@catalyst/contracts/languages';
import { requestHeader } from '../request-headers';

/**
 * The language an `Accept-Language` header asks for: its tags by their weight (`q`), the first Catalyst
 * speaks; English without a header or with none it speaks.
 */
export function languageOfHeader(header: string | undefined | null): Language {
  if (!header) return 'en';
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return preferredLanguage(tags.map(({ tag }) => tag));
}

/** An account's kept language (auth's `users.locale`, null or absent when none was chosen), else English. */
export const languageOrEnglish = (locale: unknown): Language => (isLanguage(locale) ? locale : 'en');

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: Language, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const id = `${language}:${timeZone}:${withTime}`;
  let format = dateFormats.get(id);
  if (!format) {
    const style = withTime
      ? ({ dateStyle: 'full', timeStyle: 'short' } as const)
      : ({ dateStyle: 'long' } as const);
    dateFormats.set(id, (format = new Intl.DateTimeFormat(language, { ...style, timeZone })));
  }
  return format;
}

/** A day as people of that language write it (de: `5. Januar 2026`), in UTC unless a time zone is given. */
export const formatDate = (language: Language, date: Date, timeZone = 'UTC'): string =>
  dateFormat(language, timeZone, false).format(date);

/** A day and time as people of that language write them (de: `Montag, 5. Januar 2026 um 14:00`). */
export const formatDateTime = (language: Language, date: Date, timeZone = 'UTC'): string =>
  dateFormat(language, timeZone, true).format(date);

const monthDayFormats = new Map<string, Intl.DateTimeFormat>();
/** A day without its year, as people of that language write it (en: `June 11`, de: `11. Juni`), in UTC by default. */
export function formatMonthDay(language: Language, date: Date, timeZone = 'UTC'): string {
  const id = `${language}:${timeZone}`;
  let format = monthDayFormats.get(id);
  if (!format)
    monthDayFormats.set(
      id,
      (format = new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', timeZone })),
    );
  return format.format(date);
}

/** An amount in cents as people of that language write it (de: `14,99 $`). */
export function formatMoney(language: Language, cents: number, currency: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/** The language a request's `Accept-Language` asks for (web-kit's client sends the page's language there). */
export const requestLanguage = (c: Context): Language =>
  languageOfHeader(requestHeader(c, 'accept-language'));
