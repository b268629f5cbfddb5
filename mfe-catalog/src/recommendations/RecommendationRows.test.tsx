import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { recommendationRoutes, type RecommendationRow } from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { fakeApi } from '@catalyst/web-kit/testing';
import { product } from '../testing/fixtures';
import RecommendationRows from './RecommendationRows';

const mount = () =>
  render(
    <MemoryRouter>
      <RecommendationRows />
    </MemoryRouter>,
  );

const pandas = product({
  _id: 'e00000000000000000000001',
  productId: 'PAND0001',
  title: 'Pandas for Analysts',
  ratingAverage: 4.5,
  ratingCount: 12,
});
const sqlWindows = product({
  _id: 'e00000000000000000000002',
  productId: 'SQLW0002',
  title: 'SQL Window Functions',
});

const rows: RecommendationRow[] = [
  {
    kind: 'because-watched',
    title: 'Because you watched Intro to Python',
    reason: 'Learners who watched Intro to Python also watched these',
    products: [pandas, sqlWindows],
  },
  {
    kind: 'popular-in-category',
    title: 'Popular in Data Science',
    reason: 'The most enrolled courses in Data Science, a category you watch',
    products: [sqlWindows],
  },
];

const signIn = () =>
  act(() => session.loadUser({ _id: 'u1', name: 'Lena', email: 'l@example.com', role: 'user' }));

afterEach(async () => {
  await act(async () => session.logout({ revoke: false }));
});

describe('the dashboard recommendation rows', () => {
  it('shows each row as a region named by its heading, saying why, with the product cards', async () => {
    fakeApi().on(recommendationRoutes.rows, { rows });
    signIn();
    mount();
    const because = await screen.findByRole('region', { name: 'Because you watched Intro to Python' });
    expect(within(because).getByRole('heading', { level: 2 }).textContent).toBe(
      'Because you watched Intro to Python',
    );
    expect(within(because).getByText('Learners who watched Intro to Python also watched these').tagName).toBe(
      'P',
    );
    const cards = within(because).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Pandas for Analysts',
      'SQL Window Functions',
    ]);
    // The dashboard's card: the rating, the bookmark and the View link by productId.
    const first = within(cards[0]!);
    expect(first.getByRole('img', { name: '4.5 out of 5, 12 ratings' })).not.toBeNull();
    expect(first.getByRole('button', { name: 'Save for later' }).getAttribute('aria-pressed')).toBe('false');
    expect(first.getByRole('link', { name: 'View Pandas for Analysts' }).getAttribute('href')).toBe(
      '/browse/premium/product/PAND0001',
    );

    const popular = screen.getByRole('region', { name: 'Popular in Data Science' });
    expect(within(popular).getAllByRole('listitem')).toHaveLength(1);
    expect(
      screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby')),
    ).toHaveLength(2);
  });

  it('shows nothing when there is nothing to recommend', async () => {
    const fake = fakeApi().on(recommendationRoutes.rows, { rows: [] });
    const { container } = mount();
    await expect.poll(() => fake.callsTo(recommendationRoutes.rows).length).toBe(1);
    await expect.poll(() => container.innerHTML).toBe('');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('says the rows could not be loaded, and Retry asks again', async () => {
    const fake = fakeApi().fail(recommendationRoutes.rows, 503, 'down');
    mount();
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Recommendations could not be loaded. Retry');
    fake.on(recommendationRoutes.rows, { rows });
    fireEvent.click(within(status).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Popular in Data Science' })).not.toBeNull();
  });

  it("shows a visitor the popular and new rows, each saying why, with View opening the course's public page", async () => {
    const fake = fakeApi().on(recommendationRoutes.rows, {
      rows: [
        {
          kind: 'popular',
          title: 'Popular with learners',
          reason: 'The courses most learners enrolled in',
          products: [pandas],
        },
        {
          kind: 'new',
          title: 'New this week',
          reason: 'Published in the last 7 days',
          products: [sqlWindows],
        },
      ],
    });
    mount();
    const popular = await screen.findByRole('region', { name: 'Popular with learners' });
    expect(within(popular).getByText('The courses most learners enrolled in').tagName).toBe('P');
    expect(within(popular).getByRole('link', { name: 'View Pandas for Analysts' }).getAttribute('href')).toBe(
      `/courses/${pandas.slug}`,
    );
    const fresh = screen.getByRole('region', { name: 'New this week' });
    expect(within(fresh).getByText('Published in the last 7 days').tagName).toBe('P');
    expect(within(fresh).getByRole('heading', { level: 3 }).textContent).toBe('SQL Window Functions');
    // asked without a session: the server answers a visitor's rows
    expect(fake.callsTo(recommendationRoutes.rows)[0]!.headers.get('authorization')).toBeNull();
  });
});
