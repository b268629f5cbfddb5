import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connection,
  downloads,
  publishDownloads,
  rememberedUser,
  type DownloadItem,
} from '@catalyst/web-kit';
import { fakeApi } from '@catalyst/web-kit/testing';
import ProductRoutes from '../routes';

const COURSE_ID = 'cccccccccccccccccccccccc';
const VIDEO_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const savedVideo: DownloadItem = {
  id: VIDEO_ID,
  productId: VIDEO_ID,
  title: 'Modern JavaScript Essentials',
  pagePath: '/browse/premium/product/modern-javascript-essentials',
  videoPath: `/offline-downloads/${'a'.repeat(64)}/${VIDEO_ID}.mp4`,
  bytes: 1_000_000,
  savedAt: 1,
  premium: true,
};
const savedLesson: DownloadItem = {
  id: `${COURSE_ID}:lesson-2`,
  productId: COURSE_ID,
  title: 'Your first grid · CSS Grid Layout Workshop',
  pagePath: '/browse/premium/product/css-grid-layout-workshop/lesson/lesson-2',
  videoPath: `/offline-downloads/${'a'.repeat(64)}/${COURSE_ID}%3Alesson-2.mp4`,
  bytes: 2_000_000,
  savedAt: 2,
  premium: true,
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/browse/premium/product/*" element={<ProductRoutes />} />
        <Route path="/downloads" element={<p>Downloads page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const video = () => screen.getByTestId('video-player').querySelector('video');

// The app reopened without a connection: no session in the tab, every call fails to reach the server,
// the person last signed in here is remembered and their downloads are listed.
beforeEach(async () => {
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  fakeApi().offline();
  vi.spyOn(downloads, 'playableUrl').mockImplementation(
    async (id) => [savedVideo, savedLesson].find((item) => item.id === id)?.videoPath ?? null,
  );
  await rememberedUser.remember({ _id: 'u1', name: 'Olivia', email: 'olivia@example.com', role: 'user' });
  publishDownloads({ ready: true, items: [savedVideo, savedLesson] });
  connection.unreachable();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  connection.reached();
  publishDownloads({ ready: false, items: [] });
  await rememberedUser.forget();
});

describe('a product page offline in an app reopened without a connection', () => {
  it('plays the copy saved for offline watching, not "Product not found"', async () => {
    renderAt('/browse/premium/product/modern-javascript-essentials');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Modern JavaScript Essentials' }),
    ).toBeDefined();
    expect(screen.getByText(/this is the copy saved on this device/).textContent).toContain(
      'You’re offline: this is the copy saved on this device.',
    );
    await waitFor(() => expect(video()?.getAttribute('src')).toBe(savedVideo.videoPath));
    expect(screen.queryByText(/Product not found/)).toBeNull();
    expect(screen.getByRole('link', { name: 'All downloads' }).getAttribute('href')).toBe('/downloads');
  });

  it('finds the saved product by its id as well as by the address it was saved from', async () => {
    renderAt(`/browse/premium/product/${VIDEO_ID}`);
    await waitFor(() => expect(video()?.getAttribute('src')).toBe(savedVideo.videoPath));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Modern JavaScript Essentials');
  });

  it('shows the captions saved with the copy: the player reads them and the Transcript tab lists them', async () => {
    // (the page's object URL for the saved captions, named here)
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:captions');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    publishDownloads({
      ready: true,
      items: [
        { ...savedVideo, captions: 'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nSaved with the video.\n' },
        savedLesson,
      ],
    });
    renderAt('/browse/premium/product/modern-javascript-essentials');
    const transcript = await screen.findByRole('list', { name: 'Transcript' });
    expect(transcript.textContent).toContain('Saved with the video.');
    expect(screen.getByTestId('video-player').querySelector('track')?.getAttribute('src')).toBe(
      'blob:captions',
    );
  });

  it("plays a course lesson's saved copy on the lesson's page", async () => {
    renderAt('/browse/premium/product/css-grid-layout-workshop/lesson/lesson-2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your first grid · CSS Grid Layout Workshop' }),
    ).toBeDefined();
    await waitFor(() => expect(video()?.getAttribute('src')).toBe(savedLesson.videoPath));
  });

  it('says "Not available offline" on a page never saved, with the way to the downloads', async () => {
    const { container } = renderAt('/browse/premium/product/html-css-from-scratch');
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Not available offline');
    expect(screen.queryByText(/Product not found/)).toBeNull();
    expect(screen.queryByTestId('video-player')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to Downloads' }));
    expect(container.textContent).toBe('Downloads page');
  });

  it('says "Not available offline" on another lesson of a course one lesson of which was saved', async () => {
    renderAt('/browse/premium/product/css-grid-layout-workshop/lesson/lesson-3');
    expect((await screen.findByRole('alert')).textContent).toContain('Not available offline');
  });

  it('says "Not available offline" once a premium copy can no longer play (its grace period is over)', async () => {
    vi.mocked(downloads.playableUrl).mockResolvedValue(null);
    renderAt('/browse/premium/product/modern-javascript-essentials');
    expect((await screen.findByRole('alert')).textContent).toContain('Not available offline');
    expect(screen.queryByTestId('video-player')).toBeNull();
  });
});
