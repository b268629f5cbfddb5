import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAuthDialog, session, useAuthDialog } from '@catalyst/web-kit';
import { category } from '../testing/fixtures';
import { authRoutes, categoryRoutes, subscriptionRoutes } from '@catalyst/contracts';
import { failure, fakeApi, held } from '@catalyst/web-kit/testing';
import { BrowsePage } from './BrowsePage';

const learner = { _id: 'l1', name: 'Leo Learner', email: 'learner@example.com', role: 'user' };
const admin = { _id: 'a1', name: 'Ada Admin', email: 'admin@example.com', role: 'admin' };

const categories = [
  category({
    _id: 'c00000000000000000000001',
    name: 'Web Development',
    description: 'Build for the browser',
    slug: 'web-development',
  }),
  category({
    _id: 'c00000000000000000000002',
    name: 'Photography',
    description: 'Light and LENSES',
    slug: 'photography',
    icon: '',
  }),
];

function DialogProbe() {
  const dialog = useAuthDialog();
  return <p>{dialog.open ? `dialog open on ${dialog.view}` : 'dialog closed'}</p>;
}

function CategoryProbe() {
  return <p>Category page {useParams().categorySlug}</p>;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
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
      <Where />
    </MemoryRouter>,
  );
}

/** The names on the category cards, in order. */
const cardNames = (scope: Pick<typeof screen, 'queryAllByRole'> = screen) =>
  scope.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const dialogState = (scope: Pick<typeof screen, 'getByText'> = screen) =>
  scope.getByText(/^dialog /).textContent;

afterEach(async () => {
  vi.unstubAllGlobals();
  closeAuthDialog();
  await session.logout();
});

const SIGN_IN_BANNER = 'Sign in to open categories and start learning.';

/** A tab that kept its session: the page renders while /auth/me (then the plan) is still on its way. */
function keptSession() {
  const me = held({
    user: {
      _id: 'm1',
      name: 'Maya Member',
      email: 'member@example.com',
      role: 'user' as const,
      emailVerified: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  });
  const plan = held({
    hasSubscription: true,
    plan: 'premium' as const,
    status: 'active' as const,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
  });
  fakeApi()
    .on(categoryRoutes.list, pageOfCategories())
    .on(authRoutes.me, me.reply)
    .on(subscriptionRoutes.status, plan.reply);
  sessionStorage.setItem('token', 'kept-token');
  let checked!: Promise<void>;
  act(() => {
    checked = session.start();
  });
  return { me, plan, checked: () => checked };
}

const pageOfCategories = (items = categories) => ({ items, total: items.length, page: 1, limit: 100 });

describe('Browse Categories', () => {
  it('shows visitors the categories with Login Required, and a click opens the login dialog', async () => {
    fakeApi().on(categoryRoutes.list, pageOfCategories());
    mount();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Browse Categories');
    await waitFor(() => expect(cardNames()).toEqual(['Web Development', 'Photography']));
    expect(screen.getAllByText('Login Required')).toHaveLength(2);
    // a category without an icon shows its initial (never an emoji some systems draw as an empty box)
    expect(screen.getAllByTestId('data-icon').map((icon) => icon.textContent)).toContain('P');
    await userEvent.click(screen.getByText('Photography'));
    expect(dialogState()).toBe('dialog open on login');
  });

  it('shows a learner Premium Content and sends a click to /subscription', async () => {
    fakeApi().on(categoryRoutes.list, pageOfCategories()).on(subscriptionRoutes.status, {
      hasSubscription: false,
      plan: null,
      status: 'free',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    session.loadUser(learner);
    mount();
    await waitFor(() => expect(screen.getAllByText('Premium Content')).toHaveLength(2));
    await userEvent.click(screen.getByText('Web Development'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/subscription'));
  });

  it('gives subscribers Full Access and opens the category at its slug', async () => {
    fakeApi().on(categoryRoutes.list, pageOfCategories());
    session.loadUser(admin);
    mount();
    await waitFor(() => expect(screen.getAllByText('Full Access')).toHaveLength(2));
    await userEvent.click(screen.getByText('Web Development'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/browse/category/web-development'),
    );
  });

  it("shows a member whose kept session is being checked neither the visitor's banner nor their badges, so the grid does not move when the answer comes", async () => {
    const { me, plan, checked } = keptSession();
    const page = within(mount().container);
    await waitFor(() => expect(cardNames(page)).toEqual(['Web Development', 'Photography']));
    expect(page.queryByText(SIGN_IN_BANNER)).toBeNull();
    expect(page.getAllByText('Checking access')).toHaveLength(2);

    // A card clicked meanwhile opens its category, whose own guard waits for the answer and decides.
    const other = mount();
    await userEvent.click(await within(other.container).findByText('Photography'));
    await waitFor(() =>
      expect(within(other.container).getByTestId('where').textContent).toBe('/browse/category/photography'),
    );
    expect(dialogState(within(other.container))).toBe('dialog closed');
    other.unmount();

    await act(async () => {
      me.release();
      await checked();
    });
    // Signed in; the plan is still being read.
    expect(page.getAllByText('Checking access')).toHaveLength(2);
    plan.release();
    await waitFor(() => expect(page.getAllByText('Full Access')).toHaveLength(2));
    expect(page.queryByText(SIGN_IN_BANNER)).toBeNull();
    expect(page.queryByText('Login Required')).toBeNull();
  });

  it('searches name and description case-insensitively, with its own empty state', async () => {
    fakeApi().on(categoryRoutes.list, pageOfCategories());
    mount();
    await screen.findByText('Web Development');
    const search = screen.getByLabelText('Search categories');
    await userEvent.type(search, 'lenses');
    expect(cardNames()).toEqual(['Photography']);
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(cardNames()).toEqual([]);
    expect(screen.getByText(/^No categories/).textContent).toBe('No categories found');
  });

  it("says 'No categories available' when there are none", async () => {
    fakeApi().on(categoryRoutes.list, pageOfCategories([]));
    mount();
    expect((await screen.findByText(/^No categories/)).textContent).toBe('No categories available');
  });

  it("says 'Failed to load categories' and Try Again loads them", async () => {
    let attempts = 0;
    fakeApi().on(categoryRoutes.list, () => (++attempts === 1 ? failure(500, 'boom') : pageOfCategories()));
    mount();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('paragraph').textContent).toBe('Failed to load categories');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cardNames()).toEqual(['Web Development', 'Photography']));
  });

  describe('a catalogue larger than one read', () => {
    const many = Array.from({ length: 130 }, (_, i) =>
      category({
        _id: `c${String(i + 1).padStart(23, '0')}`,
        name: `Topic ${i + 1}`,
        description: i === 124 ? 'Underwater basket weaving' : 'Learn it',
        slug: `topic-${i + 1}`,
      }),
    );
    /** The server's paging and search over the 130 (name or description, case-insensitive). */
    const server = ({ query }: { query: URLSearchParams }) => {
      const limit = Number(query.get('limit'));
      const page = Number(query.get('page') ?? 1);
      const needle = (query.get('search') ?? '').toLowerCase();
      const matching = many.filter((c) => `${c.name} ${c.description}`.toLowerCase().includes(needle));
      return { items: matching.slice((page - 1) * limit, page * limit), total: matching.length, page, limit };
    };
    // Read once the page has settled (a wait looks for one name): reading 100 cards by role takes jsdom a second.
    const cards = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    const pagerButton = (name: string) =>
      within(screen.getByRole('navigation', { name: 'Category pages' })).getByRole('button', { name });
    /** The pager as a person reads it: the page they are on, and which ways they may go. */
    const pager = () => {
      const nav = within(screen.getByRole('navigation', { name: 'Category pages' }));
      const enabled = (name: string) => !(nav.getByRole('button', { name }) as HTMLButtonElement).disabled;
      return {
        page: nav.getByText(/^Page /).textContent,
        previous: enabled('Previous'),
        next: enabled('Next'),
      };
    };
    // 100 cards take a while to render in jsdom on a busy machine (CI runs every suite at once)
    const slow = { timeout: 10_000 };
    const LONG_TEST_MS = 30_000;

    it(
      'pages through every category, not only the first 100',
      async () => {
        const api = fakeApi().on(categoryRoutes.list, server);
        mount();
        await screen.findByText('Topic 1', {}, slow);
        expect(cards()).toHaveLength(100);
        expect(pager()).toEqual({ page: 'Page 1 of 2', previous: false, next: true });
        await userEvent.click(pagerButton('Next'));
        await screen.findByText('Topic 130', {}, slow);
        expect(cards()).toEqual(many.slice(100).map((c) => c.name));
        expect(pager()).toEqual({ page: 'Page 2 of 2', previous: true, next: false });
        expect(api.requests()).toEqual(['GET /categories?limit=100', 'GET /categories?limit=100&page=2']);
      },
      LONG_TEST_MS,
    );

    it(
      'searches the whole catalogue on the server, once the typing settles, and finds a category past the first 100',
      async () => {
        const api = fakeApi().on(categoryRoutes.list, server);
        mount();
        await screen.findByText('Topic 1', {}, slow);
        const search = screen.getByLabelText('Search categories');
        // typing, a few changes in quick succession (a change a keystroke would render the 100 cards each time)
        for (const typed of ['B', 'BAS', 'BASKET']) fireEvent.change(search, { target: { value: typed } });
        await screen.findByText('Topic 125', {}, slow);
        expect(cards()).toEqual(['Topic 125']);
        expect(screen.queryByRole('navigation', { name: 'Category pages' })).toBeNull();
        expect(api.requests().filter((request) => request.includes('search='))).toEqual([
          'GET /categories?limit=100&page=1&search=basket',
        ]);
        fireEvent.change(search, { target: { value: 'nothing like it' } });
        expect((await screen.findByText(/^No categories/, {}, slow)).textContent).toBe('No categories found');
        fireEvent.change(search, { target: { value: '' } });
        await screen.findByText('Topic 1', {}, slow);
        expect(cards()).toHaveLength(100);
      },
      LONG_TEST_MS,
    );
  });
});
