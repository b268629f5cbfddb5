// Display formatting shared by every remote: prices, durations, player time, dates, truncation.
import { MONTH_NAMES } from '@catalyst/contracts/calendar';
import { groupDigits } from '@catalyst/contracts/no-intl';
import { kitStrings } from './i18n/en';
import { currentLanguage } from './i18n/language';
import { loadedTranslator } from './i18n/strings';

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * 0 → 'Free', missing → 'N/A', otherwise dollars with two decimals ('$14.99'); in another language as Intl
 * writes US dollars there (de: '14,99 $'). `whole`: whole dollars as a price list writes them, cents only when
 * there are some ('$12', '$6,000', '$12.50').
 */
export function formatPrice(
  price: number | string | null | undefined,
  { whole = false }: { whole?: boolean } = {},
): string {
  const n = toNumber(price);
  if (n === null) return kitStrings.t('price.unknown');
  if (n === 0) return kitStrings.t('price.free');
  const cents = !whole || !Number.isInteger(n);
  // English is written out (no Intl: see formatDate); another language is Intl's, loaded with its strings
  const other = otherLanguage();
  if (other) return other.translator.formatDollars(other.language, n, cents);
  return cents ? `$${n.toFixed(2)}` : `$${groupDigits(n)}`;
}

/** Intl's formats of the page's language, or null on an English page (written out: see formatDate). */
function otherLanguage() {
  const language = currentLanguage();
  const translator = loadedTranslator();
  return language === 'en' || !translator ? null : { language, translator };
}

/**
 * Minutes as people read a length: 90 → '1 h 30 min', 45 → '45 min', 120 → '2 h' (another language: its
 * units as Intl writes them, de '1 Std. 30 Min.'). Missing → ''.
 */
export function formatDuration(minutes: number | string | null | undefined): string {
  const n = toNumber(minutes);
  if (n === null || n < 0) return '';
  const total = Math.round(n);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const other = otherLanguage();
  if (other) return other.translator.formatHoursMinutes(other.language, hours, rest);
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * A media length in seconds as people read it: under a minute in seconds ('30 s'), then whole minutes
 * ('14 min', 90 s → '2 min') and hours ('1 h 5 min'). Missing or negative → ''.
 */
export function formatSeconds(seconds: number | string | null | undefined): string {
  const n = toNumber(seconds);
  if (n === null || n < 0) return '';
  const whole = Math.round(n);
  if (whole >= 60) return formatDuration(Math.round(whole / 60));
  const other = otherLanguage();
  return other ? other.translator.formatUnit(other.language, whole, 'second') : `${whole} s`;
}

/**
 * A product's length: its exact length when the media gave one ('30 s', '14 min', '1 h 5 min'), else its
 * whole minutes. Unknown → ''.
 */
export function formatProductLength(product: {
  duration: number | null;
  durationSeconds?: number | null;
}): string {
  return product.durationSeconds !== null && product.durationSeconds !== undefined
    ? formatSeconds(product.durationSeconds)
    : formatDuration(product.duration);
}

/** Seconds as the player shows them: m:ss under an hour (30 → '0:30', 65 → '1:05'), h:mm:ss from one (3725 → '1:02:05'). */
export function formatPlayerTime(seconds: number | null | undefined): string {
  const n = toNumber(seconds);
  const total = n === null || n < 0 ? 0 : Math.floor(n);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A date for people, in the reader's time zone: 'Jan 5, 2026' (or 'January 5, 2026' with style 'long'),
 * as Intl's en-US would write it (another language: as Intl writes it there). Invalid → ''. English is
 * written out rather than through Intl.DateTimeFormat: a
 * page's first Intl object loads locale data for ~40 ms of a slow phone's main thread (~150 ms at
 * Lighthouse's 4× CPU), on the pages that show a date just as their data arrives.
 * `utc`: a calendar day kept in UTC (a week's first day), written as that day wherever the reader is;
 * `year: false` leaves the year out ('Jan 5').
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  style: 'short' | 'long' = 'short',
  { utc = false, year = true }: { utc?: boolean; year?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const other = otherLanguage();
  if (other) return other.translator.formatDay(other.language, date, { style, utc, year });
  const month = MONTH_NAMES[utc ? date.getUTCMonth() : date.getMonth()] ?? '';
  const day = `${style === 'long' ? month : month.slice(0, 3)} ${utc ? date.getUTCDate() : date.getDate()}`;
  return year ? `${day}, ${utc ? date.getUTCFullYear() : date.getFullYear()}` : day;
}

/** A whole count as the page's language groups it: 2000 → '2,000' (de '2.000'). */
export function formatCount(count: number): string {
  const other = otherLanguage();
  return other ? other.translator.formatDecimal(other.language, count, 0) : groupDigits(count);
}

/** A whole percentage as the page's language writes it: 40 → '40%' (de '40 %'). */
export function formatPercent(percent: number): string {
  const other = otherLanguage();
  return other ? other.translator.formatFraction(other.language, percent / 100) : `${percent}%`;
}

/** Texts over `max` characters are cut to `max - 3` plus '...' (60 → 57 + '...'). */
export function truncate(text: string | null | undefined, max = 60): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

const SIZE_UNITS = [
  ['B', 'byte'],
  ['KB', 'kilobyte'],
  ['MB', 'megabyte'],
  ['GB', 'gigabyte'],
] as const;

/**
 * Bytes for people, in 1024 steps: 900 → '900 B', 1536 → '1.5 KB', 2_621_440 → '2.5 MB' (another language:
 * as Intl writes it, de '2,5 MB'). Missing or negative → ''.
 */
export function formatFileSize(bytes: number | null | undefined): string {
  const n = toNumber(bytes);
  if (n === null || n < 0) return '';
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const [english, intlUnit] = SIZE_UNITS[unit]!;
  const fractionDigits = unit === 0 || value >= 10 ? 0 : 1;
  const other = otherLanguage();
  if (other) return other.translator.formatUnit(other.language, value, intlUnit, fractionDigits);
  const shown = fractionDigits === 0 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${english}`;
}

/** The page's language as Intl names it, English as en-US (for figures written through Intl in every language). */
export const intlLocale = (): string => (currentLanguage() === 'en' ? 'en-US' : currentLanguage());

/**
 * An amount with its cents in a currency, as the page's language writes it (an invoice's, a royalty's: 0 is
 * '$0.00' here, not formatPrice's 'Free'): 1234.5 → '$1,234.50' (de '1.234,50 $').
 */
export const formatMoney = (amount: number, currency = 'usd'): string =>
  amount.toLocaleString(intlLocale(), { style: 'currency', currency: currency.toUpperCase() });

/** A calendar month ('2026-11') by its name and year: 'November 2026' (es 'noviembre de 2026'). */
export const formatMonth = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(intlLocale(), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A figure with one decimal, kept when it is 0: 4 → '4.0', 2.25 → '2.3' (de '4,0'). */
export const formatTenths = (value: number): string =>
  currentLanguage() === 'en'
    ? value.toFixed(1)
    : value.toLocaleString(currentLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
