import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { creatorProfileRoutes, reviewRoutes, type StudioReview } from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import { StudioReviewsPage } from './StudioReviewsPage';

const review: StudioReview = {
  _id: 'a'.repeat(24),
  productId: 'b'.repeat(24),
  rating: 4,
  body: 'Clear and short.',
  bodyHtml: '<p>Clear and short.</p>',
  author: { _id: 'c'.repeat(24), name: 'Lee' },
  helpfulCount: 0,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  reply: null,
  product: { _id: 'b'.repeat(24), title: 'CSS Grid', slug: 'css-grid' },
};
const reply = {
  body: 'Thanks, Lee',
  bodyHtml: '<p>Thanks, Lee</p>',
  by: { name: 'Maya Chen', isCreator: true },
  createdAt: '2026-12-02T10:00:00.000Z',
  updatedAt: '2026-12-02T10:00:00.000Z',
};

describe('the studio’s reviews', () => {
  it('answers a review in place, and asks for the unanswered only when told', async () => {
    const api = fakeApi()
      .on(creatorProfileRoutes.reviews, [review])
      .on(reviewRoutes.reply, () => ({ ...review, reply }));
    render(
      <MemoryRouter>
        <StudioReviewsPage />
      </MemoryRouter>,
    );
    const item = within(await screen.findByRole('article', { name: 'Lee on CSS Grid' }));
    expect(item.getByRole('link', { name: 'CSS Grid' }).getAttribute('href')).toBe('/courses/css-grid');
    const user = userEvent.setup();
    await user.type(item.getByLabelText('Your answer to Lee'), 'Thanks, Lee');
    await user.click(item.getByRole('button', { name: 'Post answer' }));
    await waitFor(() => expect(item.getByText('Your answer').textContent).toBe('Your answer'));
    expect(api.callsTo(reviewRoutes.reply)[0]!.body).toEqual({ body: 'Thanks, Lee' });
    expect(api.callsTo(reviewRoutes.reply)[0]!.params).toEqual({
      idOrSlug: review.product._id,
      reviewId: review._id,
    });

    await user.click(screen.getByRole('checkbox', { name: 'Only reviews without an answer' }));
    await waitFor(() => expect(api.requests().at(-1)).toBe('GET /studio/reviews?unanswered=true'));
  });
});
