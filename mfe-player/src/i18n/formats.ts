// Numbers and moments in the page's language: English as before (no Intl: see @catalyst/contracts/no-intl),
// another language as Intl writes it there.
import { groupDigits } from '@catalyst/contracts/no-intl';
import { currentLanguage } from '@catalyst/web-kit';

/** A count with its thousands grouped: '5,000' in English, '5.000' in German. */
export function formatCount(value: number): string {
  const language = currentLanguage();
  return language === 'en' ? groupDigits(value) : new Intl.NumberFormat(language).format(value);
}

/** A moment with its day and time ('Jan 5, 2026, 3:04 PM' in English). */
export function formatMoment(iso: string): string {
  const language = currentLanguage();
  return new Date(iso).toLocaleString(language === 'en' ? 'en-US' : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}
