import { currentLanguage } from '@catalyst/web-kit';

/**
 * A moment for people, in their own time zone and the page's language: 'Nov 25, 2026, 6:30 PM' in English
 * (de '25.11.2026, 18:30'). Invalid → ''.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  const language = currentLanguage();
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(language === 'en' ? 'en-US' : language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      });
}
