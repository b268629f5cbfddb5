import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@catalyst/web-kit';
import { clearRecentSearches, readRecentSearches, rememberSearch } from './recentSearches';

const member = (id: string) => ({
  _id: id.padEnd(24, '0'),
  name: `Member ${id}`,
  email: `${id}@example.com`,
  role: 'user' as const,
  emailVerified: true,
});

afterEach(() => session.logout({ revoke: false }));

describe('recent searches', () => {
  it("keep a visitor's in the tab only, so the next person at a shared computer never sees them", () => {
    rememberSearch('night shift jobs');
    expect(readRecentSearches()).toEqual(['night shift jobs']);
    expect(Object.keys(localStorage)).toEqual([]);
    sessionStorage.clear(); // the tab is closed
    expect(readRecentSearches()).toEqual([]);
  });

  it("show a member's to that member only, and are all forgotten when cleared at sign-out", async () => {
    session.loadUser(member('a'));
    rememberSearch('python');
    rememberSearch('sql');
    expect(readRecentSearches()).toEqual(['sql', 'python']);

    await session.logout({ revoke: false });
    expect(readRecentSearches()).toEqual([]);
    session.loadUser(member('b'));
    expect(readRecentSearches()).toEqual([]);

    session.loadUser(member('a'));
    expect(readRecentSearches()).toEqual(['sql', 'python']);
    clearRecentSearches();
    expect(readRecentSearches()).toEqual([]);
  });
});
