import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ProductListPage } from './ProductListPage';

const product = {
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

let requests: Array<{ method: string; url: string; body: any }>;
let failPut = false;

beforeEach(() => {
  requests = [];
  failPut = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, url, body });
      const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
      if (method === 'GET') return json(200, { success: true, data: { items: [product], total: 1, page: 1, limit: 100 } });
      if (method === 'PUT') return failPut ? json(503, { success: false, message: 'Service down' }) : json(200, { success: true, data: body });
      return json(200, { success: true, data: { _id: product._id }, message: 'Product deleted successfully!' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <MemoryRouter>
      <ProductListPage />
    </MemoryRouter>,
  );

describe('the product list', () => {
  it('unpublishes with the eye by sending the whole product with the flag flipped', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Unpublish React Basics' }));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe(`/api/v1/admin/products/${product._id}`);
    expect(put.body).toEqual({ ...product, isPublished: false });
    expect(await screen.findByRole('button', { name: 'Publish React Basics' })).toBeTruthy();
  });

  it('reports a failed star toggle with the spec text', async () => {
    failPut = true;
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Feature React Basics' }));
    expect(await screen.findByText('Failed to update featured status: Service down')).toBeTruthy();
  });

  it('asks before deleting, mentions associated content, then confirms the deletion', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete React Basics' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/"React Basics".*associated content.*will be removed/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted successfully!')).toBeTruthy();
    expect(screen.queryByText('React Basics')).toBeNull();
  });
});
