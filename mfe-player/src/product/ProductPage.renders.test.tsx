import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { noteRoutes, type Note, type Progress, productRoutes, progressRoutes } from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { fakeApi, held, type FakeHandler } from '@catalyst/web-kit/testing';
import { PRODUCT_ID, productDetail } from '../testing/product';
import { playTenSeconds, playing, signInMember } from '../testing/renders';
import { ProductPage } from './ProductPage';

// What the page shows of the product alone is rendered once: the answers that follow the product's (the saved
// progress, the notes) render the player and its tools, not the sections below it or the side column.
const renders = vi.hoisted(() => ({
  reviews: 0,
  related: 0,
  download: 0,
  actions: 0,
  figure: 0,
  page: 0,
  notes: 0,
}));
// A module whose component counts its renders, still the real one (testing/renders.ts, loaded when mocked).
const counting = vi.hoisted(
  () => async (original: Promise<unknown>, name: string, counted: () => void) =>
    (await import('../testing/renders')).countingRenders(original, name, counted),
);
vi.mock('./reviews/ProductReviews', () => ({
  ProductReviews: () => {
    renders.reviews += 1;
    return <p>Reviews stand-in</p>;
  },
}));
vi.mock('./RelatedProducts', () => ({
  RelatedProducts: () => {
    renders.related += 1;
    return <p>Related stand-in</p>;
  },
}));
// The parts under the player, counted as they render (each still the real component).
vi.mock('./DownloadButton', (original) => counting(original(), 'DownloadButton', () => renders.download++));
vi.mock('./ProgressActions', (original) => counting(original(), 'ProgressActions', () => renders.actions++));
vi.mock('./CourseProgressPanel', (original) =>
  counting(original(), 'CourseProgressPanel', () => renders.figure++),
);
// The page itself (it alone asks where its learning tools go) and the learning tools beside the video.
vi.mock('../notes/useBesideVideo', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../notes/useBesideVideo')>();
  return {
    useBesideVideo: () => {
      renders.page += 1;
      return actual.useBesideVideo();
    },
  };
});
vi.mock('../notes/NotesPanel', (original) => counting(original(), 'NotesPanel', () => renders.notes++));
const community = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('../community/communityRemote', () => ({ loadCommunityModule: community.load }));

const ID = PRODUCT_ID;
const product = productDetail({ tags: ['react'], content: '<p>What is inside</p>' });

const saved: Progress = {
  productId: ID,
  progress: 40,
  lastPosition: 12,
  furthestPosition: 12,
  completed: false,
  completedAt: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
};

const note: Note = {
  id: 'e'.repeat(24),
  productId: ID,
  lessonId: null,
  seconds: 9,
  body: 'Remember this',
  bodyHtml: '<p>Remember this</p>',
  createdAt: '2026-12-05T10:00:00.000Z',
  updatedAt: '2026-12-05T10:00:00.000Z',
};

/** A member's product: the product, their saved place and (by default at once) their one note. */
const memberApi = (
  answerNotes: FakeHandler<typeof noteRoutes.listNotes> = { items: [note], total: 1, page: 1, limit: 500 },
) =>
  fakeApi()
    .on(productRoutes.getPremium, product)
    .on(progressRoutes.getForProduct, saved)
    .on(noteRoutes.listNotes, answerNotes);

const renderProductPage = () =>
  render(
    <MemoryRouter initialEntries={['/browse/premium/product/react-course']}>
      <Routes>
        <Route path="/browse/premium/product/:productSlug" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(async () => {
  Object.assign(renders, { reviews: 0, related: 0, download: 0, actions: 0, figure: 0, page: 0, notes: 0 });
  community.load.mockReset();
  community.load.mockResolvedValue({ default: () => null });
  // signed in: the learner's notes are read beside the progress
  await signInMember('renders-token');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await session.logout({ revoke: false });
});

it('renders the sections below the player and the side column once while the progress and the notes arrive', async () => {
  memberApi();
  renderProductPage();

  await screen.findByRole('heading', { level: 1, name: 'React Course' });
  // both later answers are on the page: the saved progress and the learner's note
  await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('40% complete'));
  await screen.findByText('Remember this');
  expect(screen.getByTestId('product-content').textContent).toBe('What is inside');
  expect(renders).toMatchObject({ reviews: 1, related: 1 });
});

it('renders the parts under the player only for their own answer: the notes render none of them', async () => {
  const notes = held({ items: [note], total: 1, page: 1, limit: 500 });
  memberApi(notes.reply);
  renderProductPage();

  await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('40% complete'));
  const beforeNotes = { ...renders };
  notes.release();
  await screen.findByText('Remember this');
  // the notes' answer renders the player and its tools, not the download button, the progress actions or figure
  expect(renders.download).toBe(beforeNotes.download);
  expect(renders.actions).toBe(beforeNotes.actions);
  expect(renders.figure).toBe(beforeNotes.figure);
  // the saved progress rendered the actions and the figure again, not the download button: one render each
  expect(renders.download).toBe(1);
});

it('renders only the progress figures while the video plays: not the page, its sections or the notes', async () => {
  const api = memberApi().on(progressRoutes.update, ({ body }) => ({
    ...saved,
    progress: body.progress,
    lastPosition: body.lastPosition,
    furthestPosition: body.lastPosition,
    applied: true,
  }));
  renderProductPage();
  await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('40% complete'));
  await screen.findByText('Remember this');
  const video = screen.getByTestId('video-player').querySelector('video')!;
  playing(video, 100);
  await waitFor(() => expect(screen.getByTestId('time-left').textContent).toBe('1:28'));
  const before = { ...renders };

  playTenSeconds(video, 40);
  // the figure, the bar and the time left follow the playback; the forced save at 0:50 lands
  await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('50% complete'));
  expect(screen.getByRole('progressbar', { name: 'Your progress' }).getAttribute('aria-valuenow')).toBe('50');
  expect(screen.getByTestId('time-left').textContent).toBe('0:50');
  await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe(''));
  expect(api.callsTo(progressRoutes.update)).toHaveLength(1);

  const during = Object.fromEntries(
    Object.entries(renders).map(([part, count]) => [part, count - before[part as keyof typeof renders]]),
  );
  expect(during).toMatchObject({ page: 0, notes: 0, download: 0, reviews: 0, related: 0 });
  // what shows the playback renders when what it shows changes, not at each of the 40 time updates: the figure
  // and bar at each whole percent (10) and the save's start and end (2); the side panel at each percent (10), each
  // second of time left (10) and the saved position (1)
  expect(during.actions).toBeGreaterThan(0);
  expect(during.actions).toBeLessThanOrEqual(12);
  expect(during.figure).toBeLessThanOrEqual(21);
});
