import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { categoryRoutes } from '@catalyst/contracts';
import { fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { CategoryFormPage } from './CategoryFormPage';
import { fieldError } from '../testing/adminPage';

let fake: FakeApi;

beforeEach(() => {
  fake = fakeApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function ListStandIn() {
  const location = useLocation();
  return <p>categories list {(location.state as { flash?: string } | null)?.flash}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/categories" element={<ListStandIn />} />
        <Route path="/admin/categories/new" element={<CategoryFormPage />} />
        <Route path="/admin/categories/:id/edit" element={<CategoryFormPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const saved = {
  _id: 'a'.repeat(24),
  name: 'Web Development',
  description: 'Build for the browser.',
  slug: 'web-development',
  icon: '📁',
  color: '#f59e0b',
  isActive: true,
  sortOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  productCount: 0,
};

describe('the category form', () => {
  it('generates the slug from the name on create and normalises a typed slug', async () => {
    const user = userEvent.setup();
    renderAt('/admin/categories/new');
    await user.type(screen.getByLabelText('Name'), 'Web & Mobile Dev!');
    expect(screen.getByLabelText('Slug')).toHaveProperty('value', 'web-mobile-dev');
    await user.clear(screen.getByLabelText('Slug'));
    await user.type(screen.getByLabelText('Slug'), 'My Own Slug');
    expect(screen.getByLabelText('Slug')).toHaveProperty('value', 'my-own-slug');
    // Once the admin has typed a slug, the name no longer drives it.
    await user.type(screen.getByLabelText('Name'), 'x');
    expect(screen.getByLabelText('Slug')).toHaveProperty('value', 'my-own-slug');
  });

  it('offers 16 preset icons and 8 preset colours', () => {
    renderAt('/admin/categories/new');
    expect(screen.getAllByRole('button', { name: /^Icon / })).toHaveLength(16);
    expect(screen.getAllByRole('button', { name: /^Colour / })).toHaveLength(8);
  });

  it('shows every field message and sends nothing while the form is invalid', async () => {
    const user = userEvent.setup();
    renderAt('/admin/categories/new');
    await user.type(screen.getByLabelText('Description'), 'short');
    await user.clear(screen.getByLabelText('Sort order'));
    await user.type(screen.getByLabelText('Sort order'), '-2');
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    expect(
      ['Name', 'Description', 'Slug', 'Sort order'].map((label) => fieldError(screen.getByLabelText(label))),
    ).toEqual([
      'Category name is required',
      'Description must be at least 10 characters',
      'Slug is required',
      'Sort order cannot be negative',
    ]);
    expect(fake.callsTo(categoryRoutes.create)).toEqual([]);
    // A field's message clears when that field is edited.
    await user.type(screen.getByLabelText('Description'), ' enough now');
    expect(screen.queryByText('Description must be at least 10 characters')).toBeNull();
  });

  it('shows the 409 text for a duplicate name', async () => {
    fake.fail(categoryRoutes.create, 409, 'A category with this name already exists');
    const user = userEvent.setup();
    renderAt('/admin/categories/new');
    await user.type(screen.getByLabelText('Name'), 'Web Development');
    await user.type(screen.getByLabelText('Description'), 'Build for the browser.');
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A category with this name already exists. Please choose a different name.',
    );
  });

  it('sends trimmed values with sortOrder as an integer, then goes to the list with the success message', async () => {
    fake.on(categoryRoutes.create, success(saved, { message: 'Category created successfully!' }));
    const user = userEvent.setup();
    const { container } = renderAt('/admin/categories/new');
    await user.type(screen.getByLabelText('Name'), '  Web Development ');
    await user.type(screen.getByLabelText('Description'), ' Build for the browser. ');
    await user.clear(screen.getByLabelText('Sort order'));
    await user.click(screen.getByRole('button', { name: 'Icon 💻' }));
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    await waitFor(() => expect(container.textContent).toBe('categories list Category created successfully!'));
    expect(fake.callsTo(categoryRoutes.create)[0]?.body).toEqual({
      name: 'Web Development',
      description: 'Build for the browser.',
      slug: 'web-development',
      icon: '💻',
      color: '#f59e0b',
      isActive: true,
      sortOrder: 0,
    });
  });

  it('loads a category for edit and says "updated" after saving', async () => {
    fake.on(categoryRoutes.adminGet, saved).on(categoryRoutes.replace, saved);
    const user = userEvent.setup();
    const { container } = renderAt(`/admin/categories/${saved._id}/edit`);
    await waitFor(() =>
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Web Development'),
    );
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    await waitFor(() => expect(container.textContent).toBe('categories list Category updated successfully!'));
  });

  it('refuses an id of the wrong length and returns to the list after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { container } = renderAt('/admin/categories/short/edit');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid category ID format');
    expect(fake.calls).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.queryByText(/categories list/)).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(container.textContent?.trim()).toBe('categories list'));
  });

  it('says a missing category was not found and returns after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { container } = renderAt(`/admin/categories/${'b'.repeat(24)}/edit`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Category not found. It may have been deleted. Redirecting to categories list...',
    );
    // React runs the notice's effects (which start its 3 s) on the faked clock: start them as it shows.
    await act(async () => {
      vi.advanceTimersByTime(0);
    });
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByText(/categories list$/)).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(container.textContent?.trim()).toBe('categories list'));
  });
});
