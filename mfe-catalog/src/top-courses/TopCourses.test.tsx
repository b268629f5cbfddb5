import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { product } from '../testing/fixtures';
import { productRoutes } from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import TopCourses from './TopCourses';

afterEach(() => {
  vi.unstubAllGlobals();
});

const mount = () =>
  render(
    <MemoryRouter>
      <TopCourses />
    </MemoryRouter>,
  );

describe('Top Courses', () => {
  it('shows the count, at most 4 cards with Free or Premium, cut description and a View link by productId', async () => {
    const long = 'A description that is certainly longer than sixty characters in total.';
    fakeApi().on(productRoutes.top, [
      product({
        _id: 'e00000000000000000000001',
        productId: 'FREE0001',
        title: 'Free one',
        price: 0,
        description: long,
      }),
      product({
        _id: 'e00000000000000000000002',
        productId: 'PAID0002',
        title: 'Paid one',
        price: 19.5,
        description: 'Short',
      }),
      product({ _id: 'e00000000000000000000003', productId: 'NOPR0003', title: 'Unpriced', price: null }),
      product({ _id: 'e00000000000000000000004', productId: 'FOUR0004', title: 'Fourth' }),
      product({ _id: 'e00000000000000000000005', productId: 'FIVE0005', title: 'Fifth' }),
    ]);
    mount();
    expect((await screen.findByText(/ Available$/)).textContent).toBe('5 Available');
    // a region named by its heading, apart from the recommendation rows' cards below it
    const region = screen.getByRole('region', { name: 'Top Courses' });
    const cards = within(region).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(screen.queryByText('Fifth')).toBeNull();
    const first = within(cards[0]!);
    const priceAndDescription = (card: HTMLElement) =>
      within(card)
        .getAllByRole('paragraph')
        .map((line) => line.textContent);
    expect(priceAndDescription(cards[0]!)).toEqual(['Free', `${long.slice(0, 57)}...`]);
    expect(first.getByRole('link', { name: /View/ }).getAttribute('href')).toBe(
      '/browse/premium/product/FREE0001',
    );
    // every card can be saved for later (a visitor is asked to sign in first)
    for (const card of cards)
      expect(within(card).getByRole('button', { name: 'Save for later' }).getAttribute('aria-pressed')).toBe(
        'false',
      );
    // Only the plan is sold: a priced course reads "Premium", never its own price.
    expect(priceAndDescription(cards[1]!)).toEqual(['Premium', 'Short']);
    expect(priceAndDescription(cards[2]!)[0]).toBe('Premium');
    expect(screen.queryByText('$19.50')).toBeNull();

    const seeAll = screen.getByRole('button', { name: 'See all 5' });
    expect(seeAll.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(seeAll);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Fifth').tagName).toBe('H3');
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it("says 'Failed to load top products.' when the call fails", async () => {
    fakeApi().fail(productRoutes.top, 500, 'boom');
    mount();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('paragraph').textContent).toBe('Failed to load top products.');
    expect(within(alert).getByRole('button').textContent).toBe('Retry');
  });

  it("shows a rated course's stars with their text alternative, and none on an unrated one", async () => {
    fakeApi().on(productRoutes.top, [
      product({ _id: 'e00000000000000000000001', title: 'Rated', ratingAverage: 4.6, ratingCount: 128 }),
      product({ _id: 'e00000000000000000000002', title: 'Unrated', ratingAverage: null, ratingCount: 0 }),
    ]);
    mount();
    expect((await screen.findByRole('img', { name: '4.6 out of 5, 128 ratings' })).textContent).toBe(
      '4.6 (128)',
    );
    expect(screen.getAllByTestId('rating')).toHaveLength(1);
  });
});
