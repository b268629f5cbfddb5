import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ProductFormPage } from './ProductFormPage';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = url.endsWith('/admin/categories') || url.endsWith('/admin/creators') ? [] : null;
      return new Response(JSON.stringify(data ? { success: true, data } : { success: false, message: 'Not found' }), {
        status: data ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the product form', () => {
  it('offers the one list of content types, with Course by default', async () => {
    render(
      <MemoryRouter initialEntries={['/admin/products/new']}>
        <Routes>
          <Route path="/admin/products/new" element={<ProductFormPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const type = (await screen.findByLabelText('Type')) as HTMLSelectElement;
    expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['Course', 'Tutorial', 'Video', 'Document', 'Webinar']);
    expect(type.value).toBe('course');
  });
});
