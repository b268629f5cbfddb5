// i18next, the strings of other languages and Intl's formats for them: its own chunk, loaded only when a language other than English is
// shown (strings.ts asks for it then), so an English page never downloads it.
import i18next from 'i18next';
import type { Language } from '@catalyst/contracts/languages';

export type LocaleStrings = Record<string, string>;
export type TextValues = Record<string, string | number>;

const instance = i18next.createInstance();
const ready = new Set<string>();
const started = instance.init({
  lng: 'en',
  resources: {},
  // keys are flat ('footer.explore'); texts go into React, which escapes them
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  // a piece put in by withPart ('{{link}}') is left for it to find
  missingInterpolationHandler: (_text, match: RegExpExecArray) => match[0],
});

/** Adds a part's strings in a language, once its chunk is in. */
export async function addStrings(
  language: Language,
  namespace: string,
  strings: LocaleStrings,
): Promise<void> {
  await started;
  instance.addResourceBundle(language, namespace, strings, true, true);
  ready.add(`${language}:${namespace}`);
}

/** Whether a part's strings in a language are in. */
export const hasStrings = (language: Language, namespace: string): boolean =>
  ready.has(`${language}:${namespace}`);

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function intl<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as F;
}

/** US dollars as Intl writes them in a language (de: '14,99 $'); `cents` false: whole dollars (de: '12 $'). */
export const formatDollars = (language: Language, amount: number, cents = true): string =>
  intl(
    `price:${language}:${cents}`,
    () =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency: 'USD',
        ...(cents ? {} : { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
      }),
  ).format(amount);

/** A day as Intl writes it in a language (de, long: '5. Januar 2026'); `utc`: the day kept in UTC. */
export function formatDay(
  language: Language,
  date: Date,
  { style, utc, year }: { style: 'short' | 'long'; utc: boolean; year: boolean },
): string {
  return intl(
    `date:${language}:${style}:${utc}:${year}`,
    () =>
      new Intl.DateTimeFormat(language, {
        month: style,
        day: 'numeric',
        ...(year ? { year: 'numeric' } : {}),
        ...(utc ? { timeZone: 'UTC' } : {}),
      }),
  ).format(date);
}

/** A unit Intl names (short: de '14 Min.', ar '١٤ د'), and how many fraction digits it may show. */
export type LengthUnit = 'hour' | 'minute' | 'second' | 'byte' | 'kilobyte' | 'megabyte' | 'gigabyte';

/** An amount of a unit as Intl writes it in a language: formatUnit('de', 2.5, 'megabyte') → '2,5 MB'. */
export const formatUnit = (
  language: Language,
  amount: number,
  unit: LengthUnit,
  fractionDigits = 0,
): string =>
  intl(
    `unit:${language}:${unit}:${fractionDigits}`,
    () =>
      new Intl.NumberFormat(language, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: fractionDigits,
      }),
  ).format(amount);

/**
 * Hours and minutes as Intl writes each in a language (de: '1 Std. 30 Min.', '2 Std.', '45 Min.'): no hours
 * under one, no minutes on the hour.
 */
export const formatHoursMinutes = (language: Language, hours: number, minutes: number): string =>
  [
    ...(hours > 0 ? [formatUnit(language, hours, 'hour')] : []),
    ...(minutes > 0 || hours === 0 ? [formatUnit(language, minutes, 'minute')] : []),
  ].join(' ');

/** A number as Intl writes it in a language (de: '4,6'), with `fractionDigits` fraction digits at most. */
export const formatDecimal = (language: Language, value: number, fractionDigits = 1): string =>
  intl(
    `decimal:${language}:${fractionDigits}`,
    () => new Intl.NumberFormat(language, { maximumFractionDigits: fractionDigits }),
  ).format(value);

/** A fraction (0.4) as a whole percentage as Intl writes it in a language (de: '40 %'). */
export const formatFraction = (language: Language, fraction: number): string =>
  intl(
    `percent:${language}`,
    () => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }),
  ).format(fraction);

/** A part's text in a language, its plural chosen by Intl.PluralRules (through i18next). */
export const translated = (language: Language, namespace: string, key: string, values?: TextValues): string =>
  instance.t(key, { ...values, lng: language, ns: namespace });
