import { groupDigits } from '@catalyst/contracts/no-intl';
import { currentLanguage } from '@catalyst/web-kit';

/** A whole number as the page's language groups it: '1,234' in English (no Intl), '1.234' in German. */
export const wholeNumber = (n: number): string =>
  currentLanguage() === 'en' ? groupDigits(n) : n.toLocaleString(currentLanguage());
