import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { product } from '../testing/fixtures';
import { fail, ok, stubApi } from '../testing/stubApi';
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
  it('shows the count, at most 4 cards with price, cut description and a View link by productId', async () => {
    const long = 'A description that is certainly longer than sixty characters in total.';
    stubApi({
      '/content/products/top': ok([
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
      ]),
    });
    mount();
    expect((await screen.findByText(/ Available$/)).textContent).toBe('5 Available');
    const cards = screen.getAllByRole('listitem');
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
    expect(priceAndDescription(cards[1]!)).toEqual(['$19.50', 'Short']);
    expect(priceAndDescription(cards[2]!)[0]).toBe('N/A');
  });

  it("says 'Failed to load top products.' when the call fails", async () => {
    stubApi({ '/content/products/top': fail(500, 'boom') });
    mount();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('paragraph').textContent).toBe('Failed to load top products.');
    expect(within(alert).getByRole('button').textContent).toBe('Retry');
  });
});
