import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { noteRoutes, type Note, type Progress, productRoutes, progressRoutes } from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { fakeApi, held } from '@catalyst/web-kit/testing';
import { PRODUCT_ID, productDetail } from '../testing/product';
import { ProductPage } from './ProductPage';

// What the page shows of the product alone is rendered once: the answers that follow the product's (the saved
// progress, the notes) render the player and its tools, not the sections below it or the side column.
const renders = vi.hoisted(() => ({ reviews: 0, related: 0, download: 0, actions: 0, figure: 0 }));
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
vi.mock('./DownloadButton', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./DownloadButton')>();
  return {
    ...actual,
    DownloadButton: (props: Parameters<typeof actual.DownloadButton>[0]) => {
      renders.download += 1;
      return actual.DownloadButton(props);
    },
  };
});
vi.mock('./ProgressActions', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./ProgressActions')>();
  return {
    ...actual,
    ProgressActions: (props: Parameters<typeof actual.ProgressActions>[0]) => {
      renders.actions += 1;
      return actual.ProgressActions(props);
    },
  };
});
vi.mock('./CourseProgressPanel', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./CourseProgressPanel')>();
  return {
    ...actual,
    CourseProgressPanel: (props: Parameters<typeof actual.CourseProgressPanel>[0]) => {
      renders.figure += 1;
      return actual.CourseProgressPanel(props);
    },
  };
});
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

beforeEach(() => {
  Object.assign(renders, { reviews: 0, related: 0, download: 0, actions: 0, figure: 0 });
  community.load.mockReset();
  community.load.mockResolvedValue({ default: () => null });
  // signed in: the learner's notes are read beside the progress
  sessionStorage.setItem('token', 'renders-token');
  session.loadUser({ _id: 'f'.repeat(24), name: 'Lee', email: 'lee@example.com', role: 'user' });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await session.logout({ revoke: false });
});

it('renders the sections below the player and the side column once while the progress and the notes arrive', async () => {
  fakeApi()
    .on(productRoutes.getPremium, product)
    .on(progressRoutes.getForProduct, saved)
    .on(noteRoutes.listNotes, { items: [note], total: 1, page: 1, limit: 500 });
  render(
    <MemoryRouter initialEntries={['/browse/premium/product/react-course']}>
      <Routes>
        <Route path="/browse/premium/product/:productSlug" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );

  await screen.findByRole('heading', { level: 1, name: 'React Course' });
  // both later answers are on the page: the saved progress and the learner's note
  await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('40% complete'));
  await screen.findByText('Remember this');
  expect(screen.getByTestId('product-content').textContent).toBe('What is inside');
  expect(renders).toMatchObject({ reviews: 1, related: 1 });
});

it('renders the parts under the player only for their own answer: the notes render none of them', async () => {
  const notes = held({ items: [note], total: 1, page: 1, limit: 500 });
  fakeApi()
    .on(productRoutes.getPremium, product)
    .on(progressRoutes.getForProduct, saved)
    .on(noteRoutes.listNotes, notes.reply);
  render(
    <MemoryRouter initialEntries={['/browse/premium/product/react-course']}>
      <Routes>
        <Route path="/browse/premium/product/:productSlug" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );

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
