import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Progress, productRoutes, progressRoutes } from '@catalyst/contracts';
import { failure, fakeApi, type FakeCall } from '@catalyst/web-kit/testing';
import { PRODUCT_ID, productDetail } from '../testing/product';
import { ProductPage } from './ProductPage';

const community = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('../community/communityRemote', () => ({ loadCommunityModule: community.load }));

const ID = PRODUCT_ID;
const product = productDetail();

/** What the server holds: never saved (its last save an hour ago at 0 s). */
const saved: Progress = {
  productId: ID,
  progress: 0,
  lastPosition: 0,
  furthestPosition: 0,
  completed: false,
  completedAt: null,
  updatedAt: new Date(Date.now() - 3_600_000).toISOString(),
};

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/browse/premium/product/react-course']}>
      <Routes>
        <Route path="/browse/premium/product/:productSlug" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The page's video once the saved progress has loaded, its length (30 s) known to the player. */
async function loadedVideo() {
  await waitFor(() =>
    expect((screen.getByRole('button', { name: 'Mark Complete' }) as HTMLButtonElement).disabled).toBe(false),
  );
  const video = screen.getByTestId('video-player').querySelector('video')!;
  Object.defineProperty(video, 'duration', { configurable: true, value: 30 });
  Object.defineProperty(video, 'readyState', { configurable: true, value: 1 });
  fireEvent.loadedMetadata(video);
  return video;
}

/** Plays to `seconds` without pausing: continuous playback under 10 s sends no save of its own. */
function playTo(video: HTMLVideoElement, seconds: number) {
  Object.defineProperty(video, 'paused', { configurable: true, value: false });
  video.currentTime = seconds;
  fireEvent.timeUpdate(video);
}

const bodyOf = (call: FakeCall) =>
  call.init.body instanceof FormData
    ? JSON.parse(String(call.init.body.get('data')))
    : JSON.parse(String(call.init.body));

beforeEach(() => {
  community.load.mockReset();
  community.load.mockResolvedValue({ default: () => null });
  sessionStorage.setItem('token', 'test-token');
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('leaving the page keeps the place', () => {
  it('saves with keepalive and the bearer token when the page is hidden (another tab, a locked phone)', async () => {
    const api = fakeApi()
      .on(productRoutes.getPremium, product)
      .on(progressRoutes.getForProduct, saved)
      .on(progressRoutes.updateFromForm, { ...saved, applied: true });
    renderPage();
    playTo(await loadedVideo(), 7);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    }
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.init.keepalive).toBe(true);
    expect((posts[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
    expect(bodyOf(posts[0]!)).toMatchObject({ progress: 23, lastPosition: 7 });
  });

  it('a reload resumes where the learner was, though the save made on the way out had not landed', async () => {
    // The unload save is on its way when the page asks again: the server still answers 0 s.
    const api = fakeApi()
      .on(productRoutes.getPremium, product)
      .on(progressRoutes.getForProduct, saved)
      .on(progressRoutes.updateFromForm, failure(503, 'Down'))
      .on(progressRoutes.update, ({ init }) => ({
        ...saved,
        ...JSON.parse(String(init.body)),
        applied: true,
      }));
    const first = renderPage();
    playTo(await loadedVideo(), 7);
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();

    renderPage();
    const video = await loadedVideo();
    expect(video.currentTime).toBe(7);
    expect(screen.getByTestId('player-time').textContent).toMatch(/^(0:)?0:07 \//);
    // and the position is saved again, in case the way-out save never lands
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PATCH').map(bodyOf)).toContainEqual(
        expect.objectContaining({ lastPosition: 7, progress: 23 }),
      ),
    );
  });
});
