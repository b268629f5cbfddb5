import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { closeAuthDialog, connection, rememberedUser, session, useAuthDialog } from '@catalyst/web-kit';
import { Header } from './Header';

function DialogProbe() {
  const { open, view } = useAuthDialog();
  return <output data-testid="dialog">{open ? view : 'closed'}</output>;
}
function PathProbe() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderHeader(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      <DialogProbe />
      <Routes>
        <Route path="*" element={<PathProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const ada = { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'ada lovelace', email: 'ada@example.com', role: 'user' };
const admin = { ...ada, name: 'Grace Hopper', email: 'grace@example.com', role: 'admin' };
const main = () => screen.getByRole('navigation', { name: 'Main' });

/** Every call answered as a success: the bell's unread count as an empty centre, anything else with no data. */
const answerOk = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const data = String(input instanceof Request ? input.url : input).includes('/community/notifications')
        ? { items: [], nextCursor: null, unread: 0 }
        : null;
      return new Response(JSON.stringify({ success: true, data }), { status: 200 });
    }),
  );
beforeEach(answerOk);
afterEach(async () => {
  answerOk();
  await act(async () => session.logout());
  closeAuthDialog();
  vi.unstubAllGlobals();
});

describe('Header', () => {
  it('names the person last signed in here when the app is opened offline, with the way to their downloads', async () => {
    await act(async () => {
      await rememberedUser.remember(ada);
      connection.unreachable();
    });
    try {
      renderHeader();
      expect(screen.getByText('Offline · ada')).toBeDefined();
      expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
      fireEvent.click(screen.getByRole('link', { name: 'Downloads' }));
      expect(screen.getByTestId('path').textContent).toBe('/downloads');
    } finally {
      act(() => connection.reached());
      await act(async () => rememberedUser.forget());
    }
  });

  it('offers only Login and Sign Up when signed out, opening the dialog on the matching view', () => {
    renderHeader();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByTestId('dialog').textContent).toBe('login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByTestId('dialog').textContent).toBe('register');
  });

  it('greets a signed-in user by the first word of the name with an upper-cased avatar letter', () => {
    act(() => session.loadUser(ada));
    renderHeader();
    expect(within(main()).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(within(main()).getByRole('link', { name: 'Browse' }).getAttribute('href')).toBe('/browse');
    expect(within(main()).getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
    expect(screen.getByText(/^Welcome,/).textContent).toBe('Welcome, ada');
    expect(screen.getByRole('button', { name: 'Open user menu' }).textContent).toBe('A');
    expect(within(main()).queryByRole('button', { name: /Admin/ })).toBeNull();
  });

  it('shows signed-in people the notification bell, never visitors', async () => {
    const { unmount } = renderHeader();
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    unmount();
    act(() => session.loadUser(ada));
    renderHeader();
    expect((await screen.findByRole('link', { name: 'Notifications' })).getAttribute('href')).toBe(
      '/notifications',
    );
  });

  it("falls back to 'User' and 'U' without a name", () => {
    act(() => session.loadUser({ ...ada, name: undefined }));
    renderHeader();
    expect(screen.getByText(/^Welcome,/).textContent).toBe('Welcome, User');
    expect(screen.getByRole('button', { name: 'Open user menu' }).textContent).toBe('U');
  });

  it('highlights the one link whose section the page is in; Dashboard only on /', () => {
    act(() => session.loadUser(ada));
    const { unmount } = renderHeader('/browse/category/design');
    const current = (name: string) => within(main()).getByRole('link', { name }).getAttribute('aria-current');
    expect(current('Browse')).toBe('page');
    expect(current('Dashboard')).toBeNull();
    expect(current('About')).toBeNull();
    unmount();
    renderHeader('/');
    expect(current('Dashboard')).toBe('page');
    expect(current('Browse')).toBeNull();
  });

  it('shows name, e-mail, Profile Settings, Subscription, Learning record and Saved for later in the user menu, and logs out to /', async () => {
    act(() => session.loadUser(ada));
    sessionStorage.setItem('token', 'live');
    renderHeader('/profile');
    fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(
      within(menu)
        .getAllByRole('paragraph')
        .map((line) => line.textContent?.trim()),
    ).toEqual(['ada lovelace', 'ada@example.com']);
    expect(within(menu).getByRole('menuitem', { name: 'Profile Settings' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Subscription' }).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Learning record' }).getAttribute('href')).toBe(
      '/learning',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Saved for later' }).getAttribute('href')).toBe(
      '/saved',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Creator studio' })).toBeNull();
    await act(async () => fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' })));
    expect(screen.queryByRole('menu', { name: 'User menu' })).toBeNull();
    expect(screen.getByTestId('path').textContent).toBe('/');
    expect(session.getState().isAuthenticated).toBe(false);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).endsWith('/auth/logout'))).toBe(true);
  });

  it('gives admins the Admin badge, the Admin Panel entry and the compact Admin link', async () => {
    act(() => session.loadUser(admin));
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(
      within(menu)
        .getAllByRole('paragraph')
        .map((line) => line.textContent?.trim()),
    ).toEqual(['Grace Hopper Admin', 'grace@example.com']);
    expect(within(menu).getByRole('menuitem', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
    expect(within(menu).getByRole('menuitem', { name: 'Creator studio' }).getAttribute('href')).toBe(
      '/studio',
    );
    const compact = screen.getByRole('navigation', { name: 'Compact' });
    expect(
      within(compact)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Browse', 'About', 'Dashboard', 'Admin']);
  });

  it('gives creators the Creator badge and the Creator studio entry, never the Admin Panel', async () => {
    act(() => session.loadUser({ ...admin, name: 'Maya Chen', role: 'creator' }));
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(within(menu).getAllByRole('paragraph')[0]!.textContent?.trim()).toBe('Maya Chen Creator');
    expect(within(menu).getByRole('menuitem', { name: 'Creator studio' }).getAttribute('href')).toBe(
      '/studio',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).toBeNull();
  });

  it('opens the Admin drop-down with four entries, closing on an outside click or on a choice', async () => {
    act(() => session.loadUser(admin));
    renderHeader();
    const toggle = await within(main()).findByRole('button', { name: /Admin/ });
    fireEvent.click(toggle);
    const entries = within(await screen.findByRole('menu', { name: 'Admin' })).getAllByRole('menuitem');
    expect(entries.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Manage Categories', '/admin/categories'],
      ['Manage Products', '/admin/products'],
      ['Add Category', '/admin/categories/new'],
      ['Add Product', '/admin/products/new'],
    ]);
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu', { name: 'Admin' })).toBeNull();
    fireEvent.click(toggle);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add Product' }));
    expect(screen.queryByRole('menu', { name: 'Admin' })).toBeNull();
    expect(screen.getByTestId('path').textContent).toBe('/admin/products/new');
  });

  it("keeps a phone's compact links in place while a kept session is checked, so the page does not move down when it answers", async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    sessionStorage.setItem('token', 'kept-token');
    let checked!: Promise<void>;
    act(() => {
      checked = session.start();
    });
    renderHeader();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    const links = () =>
      within(screen.getByRole('navigation', { name: 'Compact' }))
        .getAllByRole('link')
        .map((a) => a.textContent);
    expect(links()).toEqual(['Browse', 'About', 'Dashboard']);
    await act(async () => {
      answer(new Response(JSON.stringify({ success: true, data: admin }), { status: 200 }));
      await checked;
    });
    expect(screen.getByText(/^Welcome,/).textContent).toBe('Welcome, Grace');
    expect(links()).toEqual(['Browse', 'About', 'Dashboard', 'Admin']);
  });

  it('shows a spinner instead of the navigation while the session is loading', async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderHeader();
    let pending!: Promise<unknown>;
    act(() => {
      pending = session.login({ email: 'ada@example.com', password: 'x' });
    });
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await act(async () => {
      answer(
        new Response(JSON.stringify({ success: true, data: { user: ada, token: 't' } }), { status: 200 }),
      );
      await pending;
    });
    expect(screen.getByText(/^Welcome,/).textContent).toBe('Welcome, ada');
  });
});
