import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAuthDialog, session, useAuthDialog } from '@catalyst/web-kit';
import { category } from '../testing/fixtures';
import { fail, ok, stubApi } from '../testing/stubApi';
import { BrowsePage } from './BrowsePage';

const learner = { _id: 'l1', name: 'Leo Learner', email: 'learner@example.com', role: 'user' };
const admin = { _id: 'a1', name: 'Ada Admin', email: 'admin@example.com', role: 'admin' };

const categories = [
  category({ _id: 'c00000000000000000000001', name: 'Web Development', description: 'Build for the browser', slug: 'web-development' }),
  category({ _id: 'c00000000000000000000002', name: 'Photography', description: 'Light and LENSES', slug: 'photography', icon: '' }),
];

function DialogProbe() {
  const dialog = useAuthDialog();
  return <p>{dialog.open ? `dialog open on ${dialog.view}` : 'dialog closed'}</p>;
}

function CategoryProbe() {
  return <p>Category page {useParams().categorySlug}</p>;
}

function mount() {
  return render(
    <MemoryRouter initialEntries={['/browse']}>
      <Routes>
        <Route path="/browse" element={<BrowsePage />} />
        <Route path="/browse/category/:categorySlug" element={<CategoryProbe />} />
        <Route path="/subscription" element={<p>Plans page</p>} />
      </Routes>
      <DialogProbe />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  closeAuthDialog();
  await session.logout();
});

const pageOfCategories = (items = categories) => ok({ items, total: items.length, page: 1, limit: 100 });

describe('Browse Categories', () => {
  it('shows visitors the categories with Login Required, and a click opens the login dialog', async () => {
    stubApi({ '/categories': pageOfCategories() });
    mount();
    expect(screen.getByRole('heading', { name: 'Browse Categories' })).toBeTruthy();
    expect(await screen.findByText('Web Development')).toBeTruthy();
    expect(screen.getAllByText('Login Required')).toHaveLength(2);
    // a category without an icon shows its initial (never an emoji some systems draw as an empty box)
    expect(screen.getAllByTestId('data-icon').map((icon) => icon.textContent)).toContain('P');
    await userEvent.click(screen.getByText('Photography'));
    expect(screen.getByText('dialog open on login')).toBeTruthy();
  });

  it('shows a learner Premium Content and sends a click to /subscription', async () => {
    stubApi({ '/categories': pageOfCategories(), '/subscription/status': ok({ hasSubscription: false, plan: null, status: 'free', currentPeriodEnd: null }) });
    session.loadUser(learner);
    mount();
    await waitFor(() => expect(screen.getAllByText('Premium Content')).toHaveLength(2));
    await userEvent.click(screen.getByText('Web Development'));
    expect(await screen.findByText('Plans page')).toBeTruthy();
  });

  it('gives subscribers Full Access and opens the category at its slug', async () => {
    stubApi({ '/categories': pageOfCategories() });
    session.loadUser(admin);
    mount();
    await waitFor(() => expect(screen.getAllByText('Full Access')).toHaveLength(2));
    await userEvent.click(screen.getByText('Web Development'));
    expect(await screen.findByText(`Category page ${categories[0]!.slug}`)).toBeTruthy();
  });

  it('searches name and description case-insensitively, with its own empty state', async () => {
    stubApi({ '/categories': pageOfCategories() });
    mount();
    await screen.findByText('Web Development');
    const search = screen.getByLabelText('Search categories');
    await userEvent.type(search, 'lenses');
    expect(screen.queryByText('Web Development')).toBeNull();
    expect(screen.getByText('Photography')).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(screen.getByText('No categories found')).toBeTruthy();
  });

  it("says 'No categories available' when there are none", async () => {
    stubApi({ '/categories': pageOfCategories([]) });
    mount();
    expect(await screen.findByText('No categories available')).toBeTruthy();
  });

  it("says 'Failed to load categories' and Try Again loads them", async () => {
    let attempts = 0;
    stubApi({ '/categories': () => (++attempts === 1 ? fail(500, 'boom') : pageOfCategories()) });
    mount();
    expect(await screen.findByText('Failed to load categories')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Web Development')).toBeTruthy();
  });
});
