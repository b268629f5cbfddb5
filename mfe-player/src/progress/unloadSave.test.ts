import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lessonProgressRoutes } from '@catalyst/contracts';
import { TOKEN_STORAGE_KEY } from '@catalyst/web-kit';
import { fakeApi } from '@catalyst/web-kit/testing';
import { sendUnloadSave } from './unloadSave';

const PRODUCT = 'a'.repeat(24);
const LESSON = 'b'.repeat(24);
const URL = `/api/v1/content/progress/product/${PRODUCT}/lessons/${LESSON}`;
const snapshot = { progress: 42, lastPosition: 61.5, completed: false, clientTime: 1_700_000_000_123 };
const queuedSave = {
  method: 'PATCH',
  url: URL,
  body: { progress: 42, lastPosition: 61.5, completed: false, clientTime: snapshot.clientTime },
  clientTime: snapshot.clientTime,
};
const saved = {
  progress: 42,
  lastPosition: 61.5,
  furthestPosition: 61.5,
  completed: false,
  completedAt: null,
  updatedAt: '2026-12-05T10:00:00.000Z',
};

describe('the unload save', () => {
  beforeEach(() => sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-a'));
  afterEach(() => {
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('posts the keepalive form with the bearer token while the server can be reached, and keeps nothing', async () => {
    const fake = fakeApi().on(lessonProgressRoutes.updateLessonFromForm, {
      lesson: { ...saved, lessonId: LESSON },
      applied: true,
      course: { ...saved, productId: PRODUCT, lessonId: LESSON },
    });
    const hold = vi.fn(() => true);
    expect(sendUnloadSave(URL, snapshot, { hold, isOffline: () => false })).toBe(true);
    await Promise.resolve();
    const [call, ...more] = fake.calls;
    expect(more).toEqual([]);
    expect(call!.route).toBe(lessonProgressRoutes.updateLessonFromForm);
    expect(call!.url).toBe(URL);
    expect(call!.init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { Authorization: 'Bearer tok-a' },
    });
    const form = call!.body as unknown as FormData;
    expect(form.get('_method')).toBe('PATCH');
    expect(JSON.parse(String(form.get('data')))).toEqual(queuedSave.body);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hold).not.toHaveBeenCalled();
  });

  it('offline, keeps the save for the connection’s return (the same address, as a JSON PATCH) at once, instead of a request that cannot go', () => {
    const fake = fakeApi();
    const hold = vi.fn(() => true);
    expect(sendUnloadSave(URL, snapshot, { hold, isOffline: () => true })).toBe(true);
    // started in the same task: the page may be gone at the next one
    expect(hold).toHaveBeenCalledWith('tok-a', queuedSave);
    expect(fake.calls).toEqual([]);
  });

  it('keeps the save when the keepalive request cannot reach the server', async () => {
    fakeApi().offline();
    const hold = vi.fn(() => true);
    sendUnloadSave(URL, snapshot, { hold, isOffline: () => false });
    await vi.waitFor(() => expect(hold).toHaveBeenCalledWith('tok-a', queuedSave));
  });

  it('sends and keeps nothing without a session', () => {
    sessionStorage.clear();
    const fake = fakeApi();
    const hold = vi.fn(() => true);
    expect(sendUnloadSave(URL, snapshot, { hold, isOffline: () => true })).toBe(false);
    expect(fake.calls).toEqual([]);
    expect(hold).not.toHaveBeenCalled();
  });
});
