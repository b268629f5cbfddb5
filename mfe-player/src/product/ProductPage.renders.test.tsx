import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { noteRoutes, type Note, type Progress, productRoutes, progressRoutes } from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { fakeApi } from '@catalyst/web-kit/testing';
import { PRODUCT_ID, productDetail } from '../testing/product';
import { ProductPage } from './ProductPage';

// What the page shows of the product alone is rendered once: the answers that follow the product's (the saved
// progress, the notes) render the player and its tools, not the sections below it or the side column.
const renders = vi.hoisted(() => ({ reviews: 0, related: 0 }));
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
  renders.reviews = 0;
  renders.related = 0;
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
  expect(renders).toEqual({ reviews: 1, related: 1 });
});
