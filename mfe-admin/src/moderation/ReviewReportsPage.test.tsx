import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { reviewRoutes, type ReportedReview } from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import { MODERATION_REASON_LABEL } from './ReportQueueParts';
import { ReviewReportsPage } from './ReviewReportsPage';
import { flashMessage } from '../testing/adminPage';

const id = (n: number) => n.toString(16).padStart(24, '0');

const reported = (status: 'visible' | 'hidden'): ReportedReview => ({
  review: {
    _id: id(100),
    productId: id(1),
    rating: 1,
    body: 'Buy watches',
    bodyHtml: '<p>Buy <strong>cheap</strong> watches</p>',
    author: { _id: id(50), name: 'Robin Poster' },
    helpfulCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    reply: null,
    status,
  },
  product: { _id: id(1), title: 'Modern CSS Layouts', slug: 'modern-css-layouts' },
  reportCount: 1,
  reports: [
    {
      reason: 'spam',
      note: 'An advert',
      reporter: { _id: id(60), name: 'Ada Learner' },
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ],
  status: 'open',
  lastReportedAt: '2026-11-21T09:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('the review moderation queue', () => {
  it('lists reported reviews with their reports and hides one with a reason', async () => {
    let hidden = false;
    const fake = fakeApi()
      .on(reviewRoutes.reports, () => ({
        items: [reported(hidden ? 'hidden' : 'visible')],
        total: 1,
        page: 1,
        limit: 20,
      }))
      .on(reviewRoutes.hide, () => {
        hidden = true;
        return reported('hidden').review;
      });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/admin/community/reviews']}>
        <ReviewReportsPage />
      </MemoryRouter>,
    );

    const row = await screen.findByTestId('review-report-row');
    expect(within(row).getByText('Modern CSS Layouts')).toBeDefined();
    expect(within(row).getByTestId('review-body').textContent).toBe('Buy cheap watches');
    expect(within(row).getByText('An advert').textContent).toBe('An advert');

    await user.click(within(row).getByRole('button', { name: 'Hide: the review by Robin Poster' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this review?' });
    await user.click(within(dialog).getByLabelText(MODERATION_REASON_LABEL));
    await user.paste('Advertising');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));

    await waitFor(() =>
      expect(flashMessage()).toBe('Review hidden: it no longer shows or counts in the rating'),
    );
    const sent = fake.calls.find((call) => call.method === 'POST')!;
    expect(sent.path).toBe(`/admin/reviews/${id(100)}/hide`);
    expect(sent.body).toEqual({ reason: 'Advertising' });
    expect(
      await within(await screen.findByTestId('review-report-row')).findByRole('button', {
        name: 'Restore: the review by Robin Poster',
      }),
    ).toBeDefined();
  });
});
