import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDuration,
  formatFileSize,
  formatPercent,
  formatPrice,
  formatSeconds,
} from '../format';
import { Pager } from '../ui/Pager';
import { currentLanguage } from './language';
import { defineStrings, setLanguage, useStrings } from './strings';

// A part's table as a remote declares one; its locales are answered here instead of from JSON chunks.
const lessons = defineStrings(
  'test-lessons',
  { 'lessons.count': { one: '{{count}} lesson', other: '{{count}} lessons' }, 'lessons.title': 'Lessons' },
  {
    es: async () => ({
      default: {
        'lessons.count_one': '{{count}} lección',
        'lessons.count_other': '{{count}} lecciones',
        'lessons.title': 'Lecciones',
      },
    }),
    de: async () => ({
      default: {
        'lessons.count_one': '{{count}} Lektion',
        'lessons.count_other': '{{count}} Lektionen',
        'lessons.title': 'Lektionen',
      },
    }),
    ar: async () => ({
      default: {
        'lessons.count_zero': 'لا دروس',
        'lessons.count_one': 'درس واحد',
        'lessons.count_two': 'درسان',
        'lessons.count_few': '{{count}} دروس',
        'lessons.count_many': '{{count}} درسًا',
        'lessons.count_other': '{{count}} درس',
        'lessons.title': 'الدروس',
      },
    }),
  },
);

function LessonCount({ count }: { count: number }) {
  const t = useStrings(lessons);
  return (
    <p>
      {t('lessons.title')}: {t('lessons.count', { count })}
    </p>
  );
}

afterEach(async () => {
  await setLanguage('en', { keep: false });
});

describe('strings and formats per language', () => {
  it('writes English from the code, without i18next, with its plural and no Intl', () => {
    expect(currentLanguage()).toBe('en');
    expect(lessons.t('lessons.count', { count: 1 })).toBe('1 lesson');
    expect(lessons.t('lessons.count', { count: 3 })).toBe('3 lessons');
    expect(formatPrice(14.99)).toBe('$14.99');
    expect(formatDate('2026-01-05T12:00:00Z', 'short', { utc: true })).toBe('Jan 5, 2026');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatFileSize(2_621_440)).toBe('2.5 MB');
    expect(formatCount(2000)).toBe('2,000');
    expect(formatPercent(40)).toBe('40%');
  });

  it('writes German: its plural, a price in dollars and a date as Germans write them', async () => {
    await setLanguage('de', { keep: false });
    expect(lessons.t('lessons.count', { count: 1 })).toBe('1 Lektion');
    expect(lessons.t('lessons.count', { count: 4 })).toBe('4 Lektionen');
    expect(formatPrice(14.99)).toBe('14,99\u00a0$');
    expect(formatPrice(0)).toBe('Kostenlos');
    expect(formatDate('2026-01-05T12:00:00Z', 'long', { utc: true })).toBe('5. Januar 2026');
    expect([90, 120, 45].map(formatDuration)).toEqual(['1 Std. 30 Min.', '2 Std.', '45 Min.']);
    expect(formatSeconds(30)).toBe('30 Sek.');
    expect(formatFileSize(2_621_440)).toBe('2,5 MB');
    expect(formatCount(2000)).toBe('2.000');
    expect(formatPercent(40)).toBe('40\u00a0%');
    expect(document.documentElement.getAttribute('lang')).toBe('de');
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
  });

  it('writes Arabic right to left, with its dual and few plurals and its own digits for a price', async () => {
    await setLanguage('ar', { keep: false });
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(lessons.t('lessons.count', { count: 2 })).toBe('درسان');
    expect(lessons.t('lessons.count', { count: 3 })).toBe('3 دروس');
    expect(lessons.t('lessons.count', { count: 11 })).toBe('11 درسًا');
    expect(formatPrice(14.99)).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(14.99),
    );
    expect(formatPrice(14.99)).toMatch(/US\$|\$/);
    expect(formatPrice(14.99)).not.toBe('$14.99');
    expect(formatDate('2026-01-05T12:00:00Z', 'long', { utc: true })).toContain('يناير');
  });

  it('renders a component again in the language picked, web-kit’s own texts with it', async () => {
    render(
      <Suspense fallback={<p>waiting</p>}>
        <LessonCount count={2} />
        <Pager label="Pages" page={2} pages={5} onPage={() => undefined} />
      </Suspense>,
    );
    expect(screen.getByRole('paragraph').textContent).toBe('Lessons: 2 lessons');
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toBe('PreviousPage 2 of 5Next');
    await act(() => setLanguage('es', { keep: false }));
    expect(screen.getByRole('paragraph').textContent).toBe('Lecciones: 2 lecciones');
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toBe(
      'AnteriorPágina 2 de 5Siguiente',
    );
  });
});
