import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/client';
import type { SessionStore } from '../session/store';

const stores = vi.hoisted(() => ({
  keptAnswers: { clear: vi.fn(async () => undefined) },
  writeQueue: { clear: vi.fn(async () => undefined), add: vi.fn(async () => true) },
  downloadStore: {
    setPerson: vi.fn(async () => undefined),
    verify: vi.fn(async () => undefined),
    forget: vi.fn(async () => undefined),
  },
  rememberedUserStore: {
    read: vi.fn(async (): Promise<object | null> => null),
    write: vi.fn(async () => undefined),
    clear: vi.fn(async () => undefined),
  },
}));
/** Whether this device's stores were ever opened (lazy.ts keeps it in localStorage). */
let storesUsed = true;
vi.mock('./lazy', () => ({
  loadStores: async () => stores,
  afterFirstContent: async () => undefined,
  storesMayHoldData: () => storesUsed,
}));

const { connection, publishDownloads, rememberedUser, startOffline } = await import('./index');

/** A session store in memory: its state and listeners. */
function fakeSession(state: {
  token: string | null;
  user: { _id: string; email?: string; role?: string; name?: string } | null;
}) {
  const listeners = new Set<() => void>();
  const store = {
    getState: () => state,
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
  };
  const set = (next: typeof state) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return { session: store as unknown as SessionStore, set };
}

const LICENCE = { userId: 'u1', expiresAt: '2026-12-08T12:00:00.000Z' };

const fakeApi = () =>
  ({
    sendQueuedWrites: vi.fn(async () => 0),
    subscription: {
      status: vi.fn(async () => ({ hasSubscription: true, plan: 'premium', offlineLicence: LICENCE })),
    },
  }) as unknown as ApiClient & { sendQueuedWrites: ReturnType<typeof vi.fn> };

describe('the offline stores tied to the session', () => {
  it('show the downloads of the person last signed in here when the app opens offline with nobody signed in', async () => {
    stores.rememberedUserStore.read.mockResolvedValueOnce({
      id: 'u9',
      email: 'nia@example.com',
      role: 'user',
    });
    connection.unreachable();
    const { session } = fakeSession({ token: null, user: null });
    const stop = startOffline({ session, api: fakeApi() });
    await vi.waitFor(() => expect(stores.downloadStore.setPerson).toHaveBeenLastCalledWith('u9'));
    expect(rememberedUser.getState().user?.email).toBe('nia@example.com');
    // back online with still nobody signed in: nobody's downloads
    connection.reached();
    await vi.waitFor(() => expect(stores.downloadStore.setPerson).toHaveBeenLastCalledWith(null));
    stop();
  });

  it('remember a signed-in user whose sign-in this browser keeps, and forget them at sign-out', async () => {
    const { session, set } = fakeSession({
      token: 'tok-a',
      user: { _id: 'u1', name: 'Lee', email: 'lee@example.com', role: 'user' },
    });
    const stop = startOffline({ session, api: fakeApi(), keepsSignIn: () => true });
    await vi.waitFor(() =>
      expect(stores.rememberedUserStore.write).toHaveBeenCalledWith({
        id: 'u1',
        name: 'Lee',
        email: 'lee@example.com',
        role: 'user',
      }),
    );
    set({ token: null, user: null });
    await vi.waitFor(() => expect(stores.rememberedUserStore.clear).toHaveBeenCalled());
    expect(rememberedUser.getState().user).toBeNull();
    // nobody's downloads are shown after it
    await vi.waitFor(() => expect(stores.downloadStore.setPerson).toHaveBeenLastCalledWith(null));
    stop();
  });

  it('remember nobody after a sign-in on a shared computer (the browser does not keep it)', async () => {
    stores.rememberedUserStore.write.mockClear();
    await rememberedUser.remember({ _id: 'u2', name: 'Kim', email: 'kim@example.com', role: 'user' });
    stores.rememberedUserStore.clear.mockClear();
    const { session } = fakeSession({
      token: 'tok-b',
      user: { _id: 'u3', name: 'Sam', email: 'sam@example.com', role: 'user' },
    });
    const stop = startOffline({ session, api: fakeApi(), keepsSignIn: () => false });
    await vi.waitFor(() => expect(stores.rememberedUserStore.clear).toHaveBeenCalled());
    expect(rememberedUser.getState().user).toBeNull();
    expect(stores.rememberedUserStore.write).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'u3' }));
    stop();
  });

  it('send the queued writes when a call reaches the server again after one could not', async () => {
    const { session } = fakeSession({ token: 'tok-a', user: { _id: 'u1' } });
    const api = fakeApi();
    const stop = startOffline({ session, api });
    await vi.waitFor(() => expect(stores.downloadStore.setPerson).toHaveBeenCalledWith('u1'));
    await vi.waitFor(() => expect(api.sendQueuedWrites).toHaveBeenCalledTimes(1));
    connection.unreachable();
    connection.reached();
    await vi.waitFor(() => expect(api.sendQueuedWrites).toHaveBeenCalledTimes(2));
    stop();
  });

  it('forget the kept answers and queued writes at sign-out', async () => {
    const { session, set } = fakeSession({ token: 'tok-a', user: { _id: 'u1' } });
    const stop = startOffline({ session, api: fakeApi() });
    stores.keptAnswers.clear.mockClear();
    stores.writeQueue.clear.mockClear();
    set({ token: null, user: null });
    await vi.waitFor(() => expect(stores.keptAnswers.clear).toHaveBeenCalled());
    expect(stores.writeQueue.clear).toHaveBeenCalled();
    stop();
  });

  it("delete the signed-out person's saved lessons at sign-out, and nobody else's", async () => {
    const { session, set } = fakeSession({ token: 'tok-a', user: { _id: 'u1' } });
    const stop = startOffline({ session, api: fakeApi() });
    await vi.waitFor(() => expect(stores.downloadStore.setPerson).toHaveBeenLastCalledWith('u1'));
    stores.downloadStore.forget.mockClear();
    set({ token: null, user: null });
    await vi.waitFor(() => expect(stores.downloadStore.forget).toHaveBeenCalledWith('u1'));
    expect(stores.downloadStore.forget).toHaveBeenCalledTimes(1);
    stop();
  });

  it('forget what a closed tab kept when the app starts without a session', async () => {
    stores.keptAnswers.clear.mockClear();
    stores.writeQueue.clear.mockClear();
    // A device whose stores were never opened (a visitor's) has nothing to clear: they are not even loaded.
    storesUsed = false;
    const visitor = startOffline({
      session: fakeSession({ token: null, user: null }).session,
      api: fakeApi(),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stores.keptAnswers.clear).not.toHaveBeenCalled();
    visitor();
    storesUsed = true;
    const { session } = fakeSession({ token: null, user: null });
    const stop = startOffline({ session, api: fakeApi() });
    await vi.waitFor(() => expect(stores.keptAnswers.clear).toHaveBeenCalled());
    expect(stores.writeQueue.clear).toHaveBeenCalled();
    stop();
    // A start with a session keeps them.
    stores.keptAnswers.clear.mockClear();
    const signedIn = fakeSession({ token: 'tok-a', user: { _id: 'u1' } });
    const again = startOffline({ session: signedIn.session, api: fakeApi() });
    await vi.waitFor(() => expect(stores.downloadStore.setPerson).toHaveBeenLastCalledWith('u1'));
    expect(stores.keptAnswers.clear).not.toHaveBeenCalled();
    again();
  });

  it('ask for the plan on a connection only while premium copies are kept (they live as long as it does)', async () => {
    const item = {
      id: 'p1',
      productId: 'p1',
      title: 'Lesson',
      pagePath: '/browse/premium/product/p1',
      videoPath: '/offline-downloads/h/p1',
      bytes: 1,
      savedAt: 1,
    };
    const { session } = fakeSession({ token: 'tok-a', user: { _id: 'u1' } });
    // a free lesson kept: nothing the plan decides, so no read of it
    publishDownloads({ ready: true, items: [{ ...item, premium: false }] });
    const api = fakeApi();
    const stop = startOffline({ session, api });
    await vi.waitFor(() => expect(api.sendQueuedWrites).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.subscription.status).not.toHaveBeenCalled();
    // a premium lesson kept: the next connection asks, and the answer keeps it
    publishDownloads({ ready: true, items: [{ ...item, premium: true }] });
    stores.downloadStore.verify.mockClear();
    connection.unreachable();
    connection.reached();
    await vi.waitFor(() => expect(stores.downloadStore.verify).toHaveBeenCalledWith(true, LICENCE));
    expect(api.subscription.status).toHaveBeenCalledTimes(1);
    stop();
    publishDownloads({ ready: false, items: [] });
  });
});
