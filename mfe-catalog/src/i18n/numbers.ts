// Counts and percentages as the page's language writes them: English without Intl (its first use costs a slow
// phone ~40 ms, see web-kit's format.ts), another language through Intl, made once per language.
import { groupDigits } from '@catalyst/contracts/no-intl';
import { currentLanguage } from '@catalyst/web-kit';

const formats = new Map<string, Intl.NumberFormat>();
function format(language: string, style: 'decimal' | 'percent'): Intl.NumberFormat {
  const key = `${language}:${style}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.NumberFormat(language, { style, maximumFractionDigits: 0 });
    formats.set(key, made);
  }
  return made;
}

/** A whole count: '2,000' (de '2.000'). */
export function formatCount(count: number): string {
  const language = currentLanguage();
  return language === 'en' ? groupDigits(count) : format(language, 'decimal').format(count);
}

/** A whole percentage: '40%' (de '40 %'). */
export function formatPercent(percent: number): string {
  const language = currentLanguage();
  return language === 'en' ? `${percent}%` : format(language, 'percent').format(percent / 100);
}
