import { describe, expect, it } from 'vitest';
import { describeCountdown, formatCountdown, questionsOpenAt, statusAt } from './schedule';

const START = Date.parse('2026-11-25T12:00:00.000Z');
const session = {
  status: 'scheduled' as const,
  startsAt: new Date(START).toISOString(),
  endsAt: new Date(START + 3_600_000).toISOString(),
};

describe('the countdown', () => {
  it('shows days and a clock, and the clock alone under a day', () => {
    expect(formatCountdown(((2 * 24 + 3) * 3_600 + 4 * 60 + 5) * 1_000)).toBe('2 d 03:04:05');
    expect(formatCountdown((3 * 3_600 + 59) * 1_000 + 999)).toBe('03:00:59');
    expect(formatCountdown(-5_000)).toBe('00:00:00');
  });

  it('tells screen readers whole units to the minute', () => {
    expect(describeCountdown(((24 + 1) * 3_600 + 60) * 1_000)).toBe('1 day 1 hour 1 minute');
    expect(describeCountdown(2 * 3_600_000)).toBe('2 hours');
    expect(describeCountdown(59_000)).toBe('less than a minute');
  });
});

describe('the session by the clock', () => {
  it('is live from its start and ended from its end, whatever the page read before', () => {
    expect(statusAt(session, START - 1)).toBe('scheduled');
    expect(statusAt(session, START)).toBe('live');
    expect(statusAt(session, START + 3_600_000)).toBe('ended');
    expect(statusAt({ ...session, status: 'ended' }, START + 10)).toBe('ended');
    expect(statusAt({ ...session, status: 'live' }, START - 60_000)).toBe('live');
  });

  it('opens questions 15 minutes before the start and closes them at the end', () => {
    expect(questionsOpenAt(session, START - 15 * 60_000 - 1)).toBe(false);
    expect(questionsOpenAt(session, START - 15 * 60_000)).toBe(true);
    expect(questionsOpenAt(session, START + 30 * 60_000)).toBe(true);
    expect(questionsOpenAt(session, START + 3_600_000)).toBe(false);
  });
});
