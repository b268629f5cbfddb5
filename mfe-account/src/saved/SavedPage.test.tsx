import { act } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savedRoutes, type PublicProduct, type SavedProduct } from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import SavedPage from './SavedPage';

const id = (c: string) => c.repeat(24);
const saved = (key: string, title: string, savedAt: string): SavedProduct => {
  const product: PublicProduct = {
    _id: id(key),
    productId: `P${key.toUpperCase()}000001`,
    slug: title.toLowerCase().replace(/[^a-z]+/g, '-'),
    title,
    description: `${title}, explained`,
    categoryId: id('c'),
    category: { _id: id('c'), name: 'Web Development', slug: 'web-development' },
    creatorId: id('d'),
    creator: { _id: id('d'), name: 'Maya Chen', slug: 'maya-chen' },
    type: 'course',
    difficulty: 'beginner',
    duration: 90,
    thumbnail: null,
    tags: [],
    price: 0,
    instructor: null,
    enrolledStudents: 0,
    isActive: true,
    isPublished: true,
    isFeatured: false,
    sortOrder: 0,
    createdAt: '2026-01-05T00:00:00.000Z',
  };
  return { savedAt, product };
};
const grid = saved('a', 'CSS Grid Layout Workshop', '2026-12-04T10:00:00.000Z');
const hooks = saved('b', 'React Hooks in Depth', '2026-12-03T10:00:00.000Z');
const sql = saved('e', 'SQL Window Functions', '2026-12-01T10:00:00.000Z');

beforeEach(() =>
  act(() => session.loadUser({ _id: id('f'), name: 'Maya Member', email: 'maya@example.com', role: 'user' })),
);
afterEach(() => {
  act(() => void session.logout({ revoke: false }));
  vi.unstubAllGlobals();
});

const mount = () =>
  render(
    <MemoryRouter>
      <SavedPage />
    </MemoryRouter>,
  );
const rows = () => within(screen.getByRole('list', { name: 'Saved courses' })).getAllByRole('listitem');
const titles = () => rows().map((row) => within(row).getByRole('heading').textContent);

describe('the saved list page', () => {
  it('lists the saved courses newest first, each linking to its page with when it was saved', async () => {
    fakeApi().on(savedRoutes.list, { items: [grid, hooks], nextCursor: null, total: 2 });
    mount();
    await waitFor(() => expect(titles()).toEqual(['CSS Grid Layout Workshop', 'React Hooks in Depth']));
    const first = within(rows()[0]!);
    expect(first.getByRole('link', { name: 'CSS Grid Layout Workshop' }).getAttribute('href')).toBe(
      '/browse/premium/product/PA000001',
    );
    expect(first.getByText(/^Maya Chen/).textContent).toBe('Maya Chen · Web Development · 1 h 30 min');
    expect(first.getByText(/^Saved /).textContent).toBe('Saved Dec 4, 2026');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Saved for later');
    expect(document.title).toMatch(/^Saved for later/);
  });

  it('says what to do when nothing is saved', async () => {
    fakeApi().on(savedRoutes.list, { items: [], nextCursor: null, total: 0 });
    mount();
    expect((await screen.findByRole('heading', { name: 'Nothing saved yet' })).textContent).toBe(
      'Nothing saved yet',
    );
    expect(screen.getByText(/^Select the bookmark/).textContent).toContain(
      'Select the bookmark on any course in the catalogue to save it for later.',
    );
    expect(screen.getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe('/browse');
  });

  it('removes a course from the list, and shows the empty state when the last one goes', async () => {
    const api = fakeApi()
      .on(savedRoutes.list, { items: [grid], nextCursor: null, total: 1 })
      .on(savedRoutes.remove, ({ params }) => ({ productId: params.productId, saved: false }));
    mount();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove CSS Grid Layout Workshop from saved' }),
    );
    expect(await screen.findByRole('heading', { name: 'Nothing saved yet' })).toBeDefined();
    expect(api.callsTo(savedRoutes.remove, { productId: grid.product._id })).toHaveLength(1);
  });

  it('keeps a course the server would not remove, and says why', async () => {
    fakeApi()
      .on(savedRoutes.list, { items: [grid], nextCursor: null, total: 1 })
      .fail(savedRoutes.remove, 503, 'Service unavailable');
    mount();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove CSS Grid Layout Workshop from saved' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        "We couldn't remove CSS Grid Layout Workshop: Service unavailable",
      ),
    );
    expect(titles()).toEqual(['CSS Grid Layout Workshop']);
  });

  it('shows more from the cursor of the page before', async () => {
    const api = fakeApi().on(savedRoutes.list, ({ query }) =>
      query.get('cursor') === 'next-1'
        ? { items: [sql], nextCursor: null, total: 3 }
        : { items: [grid, hooks], nextCursor: 'next-1', total: 3 },
    );
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(titles()).toEqual(['CSS Grid Layout Workshop', 'React Hooks in Depth', 'SQL Window Functions']),
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.requests()).toEqual(['GET /content/saved', 'GET /content/saved?cursor=next-1']);
  });

  it('offers Try again when the list cannot be read', async () => {
    const api = fakeApi().on(savedRoutes.list, failure(500, 'Internal error'));
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo(savedRoutes.list)).toHaveLength(2));
  });
});
