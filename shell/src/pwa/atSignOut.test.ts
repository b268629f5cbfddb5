import { describe, expect, it } from 'vitest';
import { clearRecentSearches, readRecentSearches, rememberSearch } from '../layout/recentSearches';
import { atSignOut } from './atSignOut';

/** A session whose token the test sets, telling its listeners as the store does. */
function fakeSession(token: string | null) {
  const listeners = new Set<() => void>();
  let state = { token };
  return {
    getState: () => state as never,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setToken(next: string | null) {
      state = { token: next };
      for (const listener of listeners) listener();
    },
  };
}

describe('atSignOut', () => {
  it('forgets the recent searches when the person signs out, not before', () => {
    localStorage.clear();
    const session = fakeSession('t1');
    atSignOut(session, clearRecentSearches);
    rememberSearch('python');
    session.setToken('t2'); // a refreshed token is the same person
    expect(readRecentSearches()).toEqual(['python']);
    session.setToken(null);
    expect(readRecentSearches()).toEqual([]);
    rememberSearch('sql'); // a visitor's searches stay until the next sign-out
    session.setToken(null);
    expect(readRecentSearches()).toEqual(['sql']);
  });
});
