import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@catalyst/web-kit';
import { LEFT_AT_MAX_AGE_MS, rememberLeftAt, takeLeftAt } from './leftAt';

const NOW = Date.parse('2026-12-05T10:00:00.000Z');
const left = { progress: 23, lastPosition: 7, completed: false, clientTime: NOW - 2_000 };
const asUser = (id: string) =>
  vi.spyOn(session, 'getState').mockReturnValue({
    ...session.getState(),
    user: { _id: id, email: `${id}@example.test`, role: 'user' },
  });

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('where the learner left a target, kept in the tab', () => {
  it('is taken once by the next load when newer than the server’s last save', () => {
    asUser('a');
    rememberLeftAt('product:p1', left);
    expect(takeLeftAt('product:p1', new Date(NOW - 60_000).toISOString(), NOW)).toEqual(left);
    expect(takeLeftAt('product:p1', null, NOW)).toBeNull();
  });

  it('gives way to a save the server made after it, to another learner, and to age', () => {
    asUser('a');
    rememberLeftAt('product:p1', left);
    // the way-out save landed (or another device saved since)
    expect(takeLeftAt('product:p1', new Date(NOW - 1_000).toISOString(), NOW)).toBeNull();

    rememberLeftAt('product:p1', left);
    asUser('b');
    expect(takeLeftAt('product:p1', null, NOW)).toBeNull();

    rememberLeftAt('product:p1', left);
    expect(takeLeftAt('product:p1', null, left.clientTime + LEFT_AT_MAX_AGE_MS + 1)).toBeNull();
    // another target keeps its own
    rememberLeftAt('lesson:p1:l1', left);
    expect(takeLeftAt('product:p1', null, NOW)).toBeNull();
    expect(takeLeftAt('lesson:p1:l1', null, NOW)).toEqual(left);
  });
});
