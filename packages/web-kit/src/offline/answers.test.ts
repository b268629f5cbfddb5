import { beforeEach, describe, expect, it, vi } from 'vitest';

/** IndexedDB as idb-keyval sees it, in memory: what a person with the device's files could read. */
const disk = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  createStore: () => ({}),
  get: async (key: string) => disk.get(key),
  set: async (key: string, value: unknown) => void disk.set(key, value),
  del: async (key: string) => void disk.delete(key),
  keys: async () => [...disk.keys()],
  clear: async () => disk.clear(),
}));
// jsdom has no IndexedDB of its own: the store only needs to exist.
vi.stubGlobal('indexedDB', {});

const { keptAnswers } = await import('./answers');

const TOKEN = 'tab-session-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const INVOICES = '/api/v1/subscription/invoices';
const invoices = [
  { id: 'in_1', amount: 19.99, status: 'paid', receiptUrl: 'https://pay.example.com/receipts/in_1?s=secret' },
];

describe("a session's kept answers", () => {
  beforeEach(() => disk.clear());

  it('are read back by the same session, without the receipt links', async () => {
    await keptAnswers.remember(TOKEN, INVOICES, { data: invoices });
    const kept = await keptAnswers.recall(TOKEN, INVOICES);
    expect(kept?.data).toEqual([{ ...invoices[0], receiptUrl: null }]);
  });

  it('are sealed on the device: neither the e-mail nor a receipt link is in what IndexedDB holds', async () => {
    await keptAnswers.remember(TOKEN, '/api/v1/auth/me', {
      data: { user: { email: 'nia@example.com', name: 'Nia' } },
    });
    await keptAnswers.remember(TOKEN, INVOICES, { data: invoices });
    const stored = [...disk.values()];
    expect(stored).toHaveLength(2);
    const bytes = stored.map((value) => {
      const { sealed } = value as { sealed: ArrayBuffer };
      return new TextDecoder().decode(sealed);
    });
    for (const text of [JSON.stringify(stored), ...bytes]) {
      expect(text).not.toContain('nia@example.com');
      expect(text).not.toContain('pay.example.com');
    }
  });

  it('cannot be read once the session is gone: another token reads nothing, even under the same name', async () => {
    await keptAnswers.remember(TOKEN, INVOICES, { data: invoices });
    const [name] = [...disk.keys()];
    // What another session (or someone who copies the entry under its own name) gets: nothing.
    const other = 'another-session-token-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    expect(await keptAnswers.recall(other, INVOICES)).toBeUndefined();
    const { personKey } = await import('./keys');
    disk.set(`${await personKey(other)} ${INVOICES}`, disk.get(name!));
    expect(await keptAnswers.recall(other, INVOICES)).toBeUndefined();
  });
});
