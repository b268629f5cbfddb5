// A count as the page's language writes it: English without Intl (its first use costs a slow phone ~40 ms, see
// web-kit's format.ts), another language through Intl, made once per language.
import { groupDigits } from '@catalyst/contracts/no-intl';
import { currentLanguage } from '@catalyst/web-kit';

const formats = new Map<string, Intl.NumberFormat>();

/** A whole count: '10,000' (de '10.000'). */
export function formatCount(count: number): string {
  const language = currentLanguage();
  if (language === 'en') return groupDigits(count);
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    formats.set(language, format);
  }
  return format.format(count);
}
