import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { productRoutes, type AdminProduct } from '@catalyst/contracts';
import { fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { PRODUCTS_PAGE_SIZE, ProductListPage } from './ProductListPage';
import { flashMessage, pagerState, rowCells } from '../testing/adminPage';

const product: AdminProduct = {
  _id: 'c'.repeat(24),
  productId: 'ABC123',
  slug: 'react-basics',
  title: 'React Basics',
  description: 'Hooks',
  categoryId: 'a'.repeat(24),
  category: { _id: 'a'.repeat(24), name: 'Web', slug: 'web' },
  creatorId: 'b'.repeat(24),
  creator: { _id: 'b'.repeat(24), name: 'Alice', slug: 'alice' },
  type: 'course',
  difficulty: 'beginner',
  duration: 90,
  thumbnail: null,
  videoUrl: '/media/a.mp4',
  mediaAssetId: null,
  tags: ['react'],
  price: 0,
  instructor: null,
  enrolledStudents: 0,
  isActive: true,
  isPublished: true,
  isFeatured: false,
  sortOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  content: '<p>x</p>',
  createdBy: null,
};

let fake: FakeApi;
let total = 1;

beforeEach(() => {
  total = 1;
  fake = fakeApi()
    .on(productRoutes.adminList, ({ query }) => {
      const page = Number(query.get('page') ?? 1);
      // A catalogue of `total` products; the search keeps one.
      const rows = query.get('search')
        ? [product]
        : [{ ...product, _id: `${page}`.padStart(24, 'c'), title: `Product on page ${page}` }];
      return {
        items: page === 1 && !query.get('search') ? [product] : rows,
        total: query.get('search') ? 1 : total,
        page,
        limit: Number(query.get('limit')),
      };
    })
    .on(productRoutes.replace, ({ body }) => body as AdminProduct)
    .on(productRoutes.remove, success({ _id: product._id }, { message: 'Product deleted successfully!' }));
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <MemoryRouter>
      <ProductListPage />
    </MemoryRouter>,
  );

/** The products listed, by title. */
const titles = () =>
  screen
    .queryAllByTestId('product-row')
    .map((row) => row.querySelector('td[data-label="Product"] strong')?.textContent);
/** What the list says when it lists nothing. */
const emptyNote = () => screen.getByText(/^No products/).textContent;

describe('the product list', () => {
  it('unpublishes with the eye by sending the whole product with the flag flipped', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Unpublish React Basics' }));
    const put = fake.callsTo(productRoutes.replace)[0]!;
    expect(put.path).toBe(`/admin/products/${product._id}`);
    expect(put.body).toEqual({ ...product, isPublished: false });
    await waitFor(() => expect(rowCells(screen.getByTestId('product-row')).Status).toBe('Draft'));
    expect(screen.getByRole('button', { name: 'Publish React Basics' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('reports a failed star toggle with the spec text', async () => {
    fake.fail(productRoutes.replace, 503, 'Service down');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Feature React Basics' }));
    expect((await screen.findByRole('alert')).firstElementChild?.textContent).toBe(
      'Failed to update featured status: Service down',
    );
  });

  it('shows a page at a time, pages with Next and Previous, and searches from the first page', async () => {
    total = 45;
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(titles()).toEqual(['React Basics']));
    const lastQuery = () => fake.callsTo(productRoutes.adminList).at(-1)!.query;
    expect(Object.fromEntries(lastQuery())).toEqual({ page: '1', limit: String(PRODUCTS_PAGE_SIZE) });
    const pages = screen.getByRole('navigation', { name: 'Product pages' });
    expect(pagerState(pages)).toEqual({ page: 'Page 1 of 3', previous: false, next: true });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(titles()).toEqual(['Product on page 2']));
    expect(screen.queryByText('React Basics')).toBeNull();
    expect(pagerState(pages)).toEqual({ page: 'Page 2 of 3', previous: true, next: true });
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(titles()).toEqual(['React Basics']));
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(titles()).toEqual(['Product on page 2']));

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), '  react  ');
    await user.click(
      within(screen.getByRole('search', { name: 'Products' })).getByRole('button', { name: 'Search' }),
    );
    await waitFor(() => expect(titles()).toEqual(['React Basics']));
    expect(Object.fromEntries(lastQuery())).toEqual({
      search: 'react',
      page: '1',
      limit: String(PRODUCTS_PAGE_SIZE),
    });
    // One page of matches: no pager.
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).toBeNull();
  });

  it('never says there are no products while they arrive (no empty message, no pager jumping under rows)', async () => {
    // Every text the page ever shows, including between React's commits and its effects.
    const shown = new Set<string>();
    const watch = new MutationObserver(() => shown.add(document.body.textContent ?? ''));
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderPage();
    await waitFor(() => expect(titles()).toEqual(['React Basics']));
    watch.disconnect();
    expect([...shown].filter((text) => text.includes('No products yet'))).toEqual([]);
  });

  it('says when a search matches nothing', async () => {
    fake.on(productRoutes.adminList, { items: [], total: 0, page: 1, limit: 20 });
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(emptyNote()).toBe('No products yet. Add the first one.'));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'nothing like it{Enter}');
    await waitFor(() => expect(emptyNote()).toBe('No products match this search.'));
  });

  it('asks before deleting, mentions associated content, then confirms the deletion', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete React Basics' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('paragraph').textContent).toBe(
      'Are you sure you want to delete "React Basics"? All associated content, including learners\' ' +
        'progress, will be removed. This action cannot be undone.',
    );
    expect(fake.callsTo(productRoutes.remove)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(flashMessage()).toBe('Product deleted successfully!'));
    expect(screen.queryByText('React Basics')).toBeNull();
  });
});
