import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDuration,
  formatFileSize,
  formatPlayerTime,
  formatPrice,
  formatProductLength,
  formatSeconds,
  truncate,
} from './format';

describe('formatPrice', () => {
  it("shows 0 as 'Free', missing as 'N/A' and others in dollars with two decimals", () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(undefined)).toBe('N/A');
    expect(formatPrice(null)).toBe('N/A');
    expect(formatPrice('abc')).toBe('N/A');
    expect(formatPrice(14.99)).toBe('$14.99');
    expect(formatPrice(20)).toBe('$20.00');
    expect(formatPrice('9.5')).toBe('$9.50');
  });

  it('writes whole dollars as a price list does when asked, cents only when there are some', () => {
    expect(formatPrice(12, { whole: true })).toBe('$12');
    expect(formatPrice(6000, { whole: true })).toBe('$6,000');
    expect(formatPrice(12.5, { whole: true })).toBe('$12.50');
  });
});

describe('formatDuration', () => {
  it('shows minutes as people read them: "14 min", "1 h 5 min", "2 h"', () => {
    expect(formatDuration(14)).toBe('14 min');
    expect(formatDuration(65)).toBe('1 h 5 min');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(undefined)).toBe('');
  });
});

describe('formatSeconds', () => {
  it('shows a media length in seconds under a minute, then in minutes and hours', () => {
    expect(formatSeconds(30)).toBe('30 s');
    expect(formatSeconds(29.6)).toBe('30 s');
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(14 * 60 + 10)).toBe('14 min');
    expect(formatSeconds(90)).toBe('2 min');
    expect(formatSeconds(3_900)).toBe('1 h 5 min');
    expect(formatSeconds(7_200)).toBe('2 h');
    expect(formatSeconds(null)).toBe('');
    expect(formatSeconds(-1)).toBe('');
  });
});

describe('formatProductLength', () => {
  it("shows a product's exact length when the media gave one, else its whole minutes", () => {
    expect(formatProductLength({ duration: 1, durationSeconds: 30 })).toBe('30 s');
    expect(formatProductLength({ duration: 65, durationSeconds: 3_890 })).toBe('1 h 5 min');
    expect(formatProductLength({ duration: 14, durationSeconds: null })).toBe('14 min');
    expect(formatProductLength({ duration: 14 })).toBe('14 min');
    expect(formatProductLength({ duration: null })).toBe('');
  });
});

describe('formatPlayerTime', () => {
  it('shows m:ss under an hour and h:mm:ss from an hour', () => {
    expect(formatPlayerTime(0)).toBe('0:00');
    expect(formatPlayerTime(30)).toBe('0:30');
    expect(formatPlayerTime(65)).toBe('1:05');
    expect(formatPlayerTime(3599)).toBe('59:59');
    expect(formatPlayerTime(3725.9)).toBe('1:02:05');
    expect(formatPlayerTime(Number.NaN)).toBe('0:00');
  });
});

describe('formatDate', () => {
  it('formats valid dates and returns empty text for invalid ones', () => {
    expect(formatDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
    expect(formatDate('2026-01-05T12:00:00Z', 'long')).toBe('January 5, 2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(undefined)).toBe('');
  });

  it("writes every day as Intl's en-US does, in the reader's time zone", () => {
    const short = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    // Every 7 hours over two years, a leap day among them: every month, day and hour of the day.
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2029, 0, 1); t += 7 * 3600_000) {
      const date = new Date(t);
      expect(formatDate(date)).toBe(short.format(date));
      expect(formatDate(date.toISOString(), 'long')).toBe(long.format(date));
    }
  });

  it("writes a day kept in UTC as Intl's en-US does in UTC, with or without the year, wherever the reader is", () => {
    const withYear = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const withoutYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2029, 0, 1); t += 7 * 3600_000) {
      const date = new Date(t);
      expect(formatDate(date, 'short', { utc: true })).toBe(withYear.format(date));
      expect(formatDate(date.toISOString(), 'short', { utc: true, year: false })).toBe(
        withoutYear.format(date),
      );
    }
    expect(formatDate('2026-03-02', 'short', { utc: true, year: false })).toBe('Mar 2');
    expect(formatDate('2026-03-02', 'long', { utc: true })).toBe('March 2, 2026');
  });
});

describe('truncate', () => {
  it('cuts texts over 60 characters to 57 plus an ellipsis', () => {
    const sixty = 'x'.repeat(60);
    expect(truncate(sixty)).toBe(sixty);
    const long = 'y'.repeat(61);
    expect(truncate(long)).toBe(`${'y'.repeat(57)}...`);
    expect(truncate(long)).toHaveLength(60);
    expect(truncate(undefined)).toBe('');
  });
});

describe('formatFileSize', () => {
  it('shows bytes in 1024 steps with one decimal below ten', () => {
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(2_621_440)).toBe('2.5 MB');
    expect(formatFileSize(52_428_800)).toBe('50 MB');
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(null)).toBe('');
  });
});
