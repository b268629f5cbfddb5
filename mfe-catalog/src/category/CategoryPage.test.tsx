import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { category, creator } from '../testing/fixtures';
import { categoryRoutes, creatorRoutes } from '@catalyst/contracts';
import { PREMIUM_REFUSAL, failure, fakeApi, held } from '@catalyst/web-kit/testing';
import { CategoryPage } from './CategoryPage';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function mount(path = '/browse/category/web-development') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/browse/category/:categorySlug" element={<CategoryPage />} />
        <Route path="/browse/category/:categorySlug/creator/:creatorId" element={<p>Library page</p>} />
        <Route path="/subscription" element={<p>Plans page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

const creators = [
  creator({
    _id: 'd00000000000000000000001',
    id: 'd00000000000000000000001',
    name: 'Maya Chen',
    description: 'Front-end architect',
    productCount: 4,
    sortOrder: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  }),
  creator({
    _id: 'd00000000000000000000002',
    id: 'd00000000000000000000002',
    name: 'Daniel Okafor',
    description: 'Postgres tuner',
    productCount: 1,
    sortOrder: 1,
    createdAt: '2026-03-01T00:00:00.000Z',
  }),
];

const names = () =>
  screen.getAllByTestId('creator-card').map((card) => within(card).getByText(/Chen|Okafor/).textContent);
const itemCounts = () =>
  screen.getAllByTestId('creator-card').map((card) => within(card).getByText(/^\d+ items?$/).textContent);
const showing = () => screen.getByText(/^Showing /).textContent;

describe('category page', () => {
  it('waits for the category before showing its header, so nothing moves when it arrives (CLS)', async () => {
    const categoryAnswer = held(category());
    fakeApi().on(categoryRoutes.getPremium, categoryAnswer.reply).on(creatorRoutes.listOfCategory, creators);
    mount('/browse/category/slow-to-answer');
    expect((await screen.findByText(/^Loading/)).textContent).toBe('Loading creators...');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    categoryAnswer.release();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Web Development');
    expect(names()).toEqual(['Maya Chen', 'Daniel Okafor']);
  });

  it('lists the creators with their item counts (every type, not only videos) and Showing X of Y', async () => {
    fakeApi().on(categoryRoutes.getPremium, category()).on(creatorRoutes.listOfCategory, creators);
    mount();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Web Development');
    expect(names()).toEqual(['Maya Chen', 'Daniel Okafor']);
    expect(itemCounts()).toEqual(['4 items', '1 item']);
    expect(showing()).toBe('Showing 2 of 2');
  });

  it('searches name and description and sorts by name or recency', async () => {
    fakeApi().on(categoryRoutes.getPremium, category()).on(creatorRoutes.listOfCategory, creators);
    mount();
    await screen.findByText('Maya Chen');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Name A-Z');
    expect(names()).toEqual(['Daniel Okafor', 'Maya Chen']);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Recently created');
    expect(names()).toEqual(['Daniel Okafor', 'Maya Chen']);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Default order');
    expect(names()).toEqual(['Maya Chen', 'Daniel Okafor']);
    await userEvent.type(screen.getByLabelText('Search creators'), 'POSTGRES');
    expect(names()).toEqual(['Daniel Okafor']);
    expect(showing()).toBe('Showing 1 of 2');
    await userEvent.clear(screen.getByLabelText('Search creators'));
    await userEvent.type(screen.getByLabelText('Search creators'), 'nobody');
    expect(screen.queryAllByTestId('creator-card')).toEqual([]);
    expect(screen.getByText(/^No creators/).textContent).toBe('No creators found');
    expect(showing()).toBe('Showing 0 of 2');
  });

  it("opens a creator's library", async () => {
    fakeApi().on(categoryRoutes.getPremium, category()).on(creatorRoutes.listOfCategory, creators);
    mount();
    await userEvent.click(await screen.findByText('Daniel Okafor'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/browse/category/web-development/creator/d00000000000000000000002',
      ),
    );
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('reached by the category id, shows the slug in the address and in creator links', async () => {
    fakeApi().on(categoryRoutes.getPremium, category()).on(creatorRoutes.listOfCategory, creators);
    mount(`/browse/category/${category()._id}`);
    await screen.findByText('Maya Chen');
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/browse/category/web-development'),
    );
    await userEvent.click(screen.getByText('Maya Chen'));
    expect(screen.getByTestId('where').textContent).toBe(
      '/browse/category/web-development/creator/d00000000000000000000001',
    );
  });

  it('sends a user refused by the server to /subscription', async () => {
    fakeApi()
      .on(categoryRoutes.getPremium, PREMIUM_REFUSAL)
      .on(creatorRoutes.listOfCategory, PREMIUM_REFUSAL);
    mount();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/subscription'));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('shows a load failure with Try Again', async () => {
    let attempts = 0;
    fakeApi()
      .on(categoryRoutes.getPremium, category())
      .on(creatorRoutes.listOfCategory, () =>
        ++attempts === 1 ? failure(404, 'Category not found') : creators,
      );
    mount();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('paragraph').textContent).toBe('Category not found');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(names()).toEqual(['Maya Chen', 'Daniel Okafor']));
  });
});
