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
    expect(await screen.findByText('5 Available')).toBeTruthy();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(screen.queryByText('Fifth')).toBeNull();
    const first = within(cards[0]!);
    expect(first.getByText('Free')).toBeTruthy();
    expect(first.getByText(`${long.slice(0, 57)}...`)).toBeTruthy();
    expect(first.getByRole('link', { name: /View/ }).getAttribute('href')).toBe(
      '/browse/premium/product/FREE0001',
    );
    expect(within(cards[1]!).getByText('$19.50')).toBeTruthy();
    expect(within(cards[1]!).getByText('Short')).toBeTruthy();
    expect(within(cards[2]!).getByText('N/A')).toBeTruthy();
  });

  it("says 'Failed to load top products.' when the call fails", async () => {
    stubApi({ '/content/products/top': fail(500, 'boom') });
    mount();
    expect(await screen.findByText('Failed to load top products.')).toBeTruthy();
  });
});
