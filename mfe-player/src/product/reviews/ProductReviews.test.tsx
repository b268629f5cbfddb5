import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewRoutes, type Review, type ReviewPage } from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { failure, fakeApi, success } from '@catalyst/web-kit/testing';
import { ProductReviews } from './ProductReviews';

const PRODUCT = '0000000000000000000e0002';
const ME = 'f'.repeat(24);
const REFUSAL = 'Watch at least 20% of this product to review it — you have watched 5%.';

const review = (over: Partial<Review> = {}): Review => ({
  _id: '0000000000000000000a0001',
  productId: PRODUCT,
  rating: 4,
  body: 'Clear and **useful**',
  bodyHtml: '<p>Clear and <strong>useful</strong></p>',
  author: { _id: '0000000000000000000b0001', name: 'Ann Other' },
  helpfulCount: 2,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  reply: null,
  ...over,
});
const pageOf = (items: Review[], average: number | null, count: number): ReviewPage => ({
  items,
  nextCursor: null,
  total: items.length,
  rating: { average, count },
});

let tokens = 0;
beforeEach(() => {
  sessionStorage.setItem('token', `token-${++tokens}`);
  session.loadUser({ _id: ME, name: 'Lee', email: 'lee@example.com', role: 'user' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await session.logout({ revoke: false });
});

describe('the product page reviews', () => {
  it('shows the rating, each review with its reply, and the refusal when too little was watched', async () => {
    fakeApi()
      .on(
        reviewRoutes.list,
        pageOf(
          [
            review({
              reply: {
                body: 'Thanks!',
                bodyHtml: '<p>Thanks!</p>',
                by: { name: 'Alice Doe', isCreator: true },
                createdAt: '2026-12-02T10:00:00.000Z',
                updatedAt: '2026-12-02T10:00:00.000Z',
              },
            }),
          ],
          4.6,
          128,
        ),
      )
      .on(reviewRoutes.mine, {
        review: null,
        eligibility: { allowed: false, progress: 5, message: REFUSAL },
      });
    render(<ProductReviews productId={PRODUCT} />);

    expect(await screen.findByRole('img', { name: '4.6 out of 5, 128 ratings' })).toBeDefined();
    const item = (await screen.findAllByTestId('review'))[0]!;
    expect(within(item).getByRole('img', { name: '4 out of 5 stars' })).toBeDefined();
    expect(within(item).getByText('Clear and', { exact: false }).textContent).toBe('Clear and useful');
    const reply = within(item).getByRole('group', { name: 'Reply from Alice Doe' });
    expect(reply.textContent).toContain('Thanks!');
    expect((await screen.findByTestId('review-refusal')).textContent).toBe(REFUSAL);
    expect(screen.queryByRole('button', { name: 'Post review' })).toBeNull();
  });

  it('posts a rating with a review once the learner may, and sorts the list', async () => {
    const saved = review({ _id: '0000000000000000000a0009', author: { _id: ME, name: 'Lee' }, rating: 5 });
    const api = fakeApi()
      .on(reviewRoutes.list, pageOf([review()], 4, 1))
      .on(reviewRoutes.mine, { review: null, eligibility: { allowed: true, progress: 40, message: null } })
      .on(reviewRoutes.saveMine, success(saved, { message: 'Your review was saved' }));
    const user = userEvent.setup();
    render(<ProductReviews productId={PRODUCT} />);

    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: /Your review/ }), 'Loved it');
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your review was saved');
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({ rating: 5, body: 'Loved it' });
    expect(await screen.findByRole('button', { name: 'Update review' })).toBeDefined();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort reviews' }), 'Newest');
    await waitFor(() => expect(api.calls.some((call) => call.query.get('sort') === 'newest')).toBe(true));
  });

  it('marks a review helpful once and shows the server refusal in its words', async () => {
    fakeApi()
      .on(reviewRoutes.list, pageOf([review()], 4, 1))
      .on(reviewRoutes.mine, { review: null, eligibility: { allowed: true, progress: 40, message: null } })
      .on(reviewRoutes.helpful, { reviewId: review()._id, helpfulCount: 3, helpfulByMe: true })
      .on(reviewRoutes.report, failure(409, 'You have already reported this review'));
    const user = userEvent.setup();
    render(<ProductReviews productId={PRODUCT} />);

    const item = (await screen.findAllByTestId('review'))[0]!;
    await user.click(within(item).getByRole('button', { name: 'Helpful' }));
    expect(await within(item).findByText('3 people found this helpful')).toBeDefined();
    expect(within(item).getByRole('button', { name: 'Helpful' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(item).getByRole('button', { name: 'Report' }));
    await user.click(within(item).getByRole('button', { name: 'Send report' }));
    expect((await within(item).findByRole('status')).textContent).toBe(
      'You have already reported this review',
    );
  });

  it('offers no helpful or report button on your own review', async () => {
    fakeApi()
      .on(reviewRoutes.list, pageOf([review({ author: { _id: ME, name: 'Lee' } })], 4, 1))
      .on(reviewRoutes.mine, {
        review: review({ author: { _id: ME, name: 'Lee' } }),
        eligibility: { allowed: true, progress: 40, message: null },
      });
    render(<ProductReviews productId={PRODUCT} />);
    const item = (await screen.findAllByTestId('review'))[0]!;
    expect(within(item).queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Delete review' })).toBeDefined();
  });

  it('lets an admin reply under a review, and shows the reply', async () => {
    session.loadUser({ _id: ME, name: 'Ada Admin', email: 'admin@example.com', role: 'admin' });
    const replied = review({
      reply: {
        body: 'Part 2 is coming',
        bodyHtml: '<p>Part 2 is coming</p>',
        by: { name: 'Ada Admin', isCreator: false },
        createdAt: '2026-12-02T10:00:00.000Z',
        updatedAt: '2026-12-02T10:00:00.000Z',
      },
    });
    const api = fakeApi()
      .on(reviewRoutes.list, pageOf([review()], 4, 1))
      .on(reviewRoutes.mine, { review: null, eligibility: { allowed: false, progress: 0, message: REFUSAL } })
      .on(reviewRoutes.reply, replied);
    const user = userEvent.setup();
    render(<ProductReviews productId={PRODUCT} />);

    const item = (await screen.findAllByTestId('review'))[0]!;
    await user.click(within(item).getByRole('button', { name: 'Reply' }));
    await user.click(within(item).getByRole('textbox', { name: /Your reply/ }));
    await user.paste('Part 2 is coming');
    await user.click(within(item).getByRole('button', { name: 'Post reply' }));

    const shown = await within(item).findByRole('group', { name: 'Reply from Ada Admin' });
    expect(shown.textContent).toContain('Part 2 is coming');
    expect(api.calls.find((call) => call.method === 'PUT')!.body).toEqual({ body: 'Part 2 is coming' });
  });
});
