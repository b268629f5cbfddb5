import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creator, product } from '../testing/fixtures';
import { creatorRoutes, progressRoutes } from '@catalyst/contracts';
import { PREMIUM_REFUSAL, failure, fakeApi, held, type FakeApi } from '@catalyst/web-kit/testing';
import { CreatorLibraryPage } from './CreatorLibraryPage';

/** Shows the query string, to prove what the address holds. */
function AddressProbe() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function ProductProbe() {
  return <p>Product page {useParams().productSlug}</p>;
}

/** Shows the path, to prove which page the router is on. */
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const LIBRARY = '/users/premium/products/d00000000000000000000001/category/web-development';

function mount(path = '/browse/category/web-development/creator/d00000000000000000000001') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/browse/category/:categorySlug" element={<p>Category page</p>} />
        <Route
          path="/browse/category/:categorySlug/creator/:creatorId"
          element={
            <>
              <CreatorLibraryPage />
              <AddressProbe />
            </>
          }
        />
        <Route path="/browse/premium/product/:productSlug" element={<ProductProbe />} />
        <Route path="/subscription" element={<p>Plans page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const products = [
  product({
    _id: 'e00000000000000000000001',
    productId: 'DONE0001',
    title: 'Finished course',
    tags: ['react', 'hooks', 'jsx', 'state', 'effects'],
    duration: 90,
  }),
  product({
    _id: 'e00000000000000000000002',
    productId: 'HALF0002',
    title: 'Half watched',
    tags: ['css'],
    duration: 25,
    type: 'video',
    difficulty: 'beginner',
  }),
  product({
    _id: 'e00000000000000000000003',
    productId: 'NEW00003',
    title: 'Untouched',
    tags: [],
    duration: null,
  }),
];
/** The learner's progress over the category's products (every one of them; the untouched at 0). */
const progressRows = {
  category: 'web-development',
  items: [
    {
      productId: 'e00000000000000000000001',
      progress: 100,
      lastPosition: 30,
      completed: true,
      completedAt: null,
      updatedAt: null,
    },
    {
      productId: 'e00000000000000000000002',
      progress: 40,
      lastPosition: 12,
      completed: false,
      completedAt: null,
      updatedAt: null,
    },
    {
      productId: 'e00000000000000000000003',
      progress: 0,
      lastPosition: 0,
      completed: false,
      completedAt: null,
      updatedAt: null,
    },
  ].map((row, i) => ({ ...row, furthestPosition: row.lastPosition, product: products[i]! })),
  total: 3,
  started: 2,
  completed: 1,
  percent: 47,
};

beforeEach(() => sessionStorage.setItem('token', 'test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Five days after the fixtures' products were published (Jan 5, 2026): inside the 14 days of 'New'. */
const fiveDaysAfterPublishing = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-10T00:00:00Z'));
};
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const address = () => screen.getByTestId('address').textContent ?? '';
const libraryCalls = (api: FakeApi) =>
  api.requests().filter((request) => request.startsWith(`GET ${LIBRARY}`));

const where = () => screen.getByTestId('where').textContent;

const cards = () => screen.getAllByTestId('library-product');
/** Each card's corner badge ('Completed', a percentage, 'New'), or null where it has none. */
const badges = () =>
  cards().map((card) => within(card).queryByText(/^(Completed|New|\d+%)$/)?.textContent ?? null);
/** A card's facts as its description list reads them: { Level: 'beginner', ... }. */
const facts = (card: HTMLElement) =>
  Object.fromEntries(
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
const layoutShown = (container: HTMLElement) =>
  container.querySelector('[data-layout]')?.getAttribute('data-layout');

describe('creator library', () => {
  it("waits for the creator's card before showing the header, so nothing moves when it arrives (CLS)", async () => {
    const creatorsAnswer = held([creator()]);
    fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, creatorsAnswer.reply)
      .on(progressRoutes.forCategory, progressRows);
    mount();
    expect((await screen.findByText(/^Loading/)).textContent).toBe('Loading products...');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    creatorsAnswer.release();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Maya Chen');
    expect(cards()).toHaveLength(3);
  });

  it('shows each product with its progress badge, bar, level, type, duration, date and tags', async () => {
    fiveDaysAfterPublishing();
    fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    mount();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Maya Chen');
    await waitFor(() => expect(badges()).toEqual(['Completed', '40%', 'New']));
    const [done, half, fresh] = cards().map((card) => within(card));
    expect(half!.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(done!.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(half!.getByRole('progressbar').getAttribute('aria-label')).toBe('40% watched');
    expect(half!.getByRole('progressbar').nextElementSibling?.textContent).toBe('40% watched');
    expect(fresh!.queryByRole('progressbar')).toBeNull();
    expect(facts(cards()[0]!)).toEqual({
      Level: 'intermediate',
      Type: 'course',
      Duration: '1 h 30 min',
      Added: 'Jan 5, 2026',
    });
    expect(facts(cards()[1]!)).toEqual({
      Level: 'beginner',
      Type: 'video',
      Duration: '25 min',
      Added: 'Jan 5, 2026',
    });
    expect(done!.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'react',
      'hooks',
      'jsx',
      '+2 more',
    ]);
  });

  it('shows New on every recent card when progress cannot be read', async () => {
    fiveDaysAfterPublishing();
    fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, failure(503, 'down'));
    mount();
    await screen.findByText('Finished course');
    expect(screen.getAllByText('New')).toHaveLength(3);
  });

  it('badges New only what was published in the last 14 days, and nothing on an older unstarted product', async () => {
    const recent = product({
      _id: 'e00000000000000000000004',
      productId: 'RECENT04',
      title: 'Published last week',
      createdAt: daysAgo(7),
    });
    const older = product({
      _id: 'e00000000000000000000005',
      productId: 'OLDER005',
      title: 'Published last year',
      createdAt: daysAgo(365),
    });
    fakeApi()
      .on(creatorRoutes.listProductsInCategory, [recent, older])
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, {
        category: 'web-development',
        items: [],
        total: 0,
        started: 0,
        completed: 0,
        percent: 0,
      });
    mount();
    await screen.findByText('Published last year');
    expect(badges()).toEqual(['New', null]);
    expect(within(cards()[1]!).queryByRole('progressbar')).toBeNull();
  });

  it('asks the server with the search, type, level and sort chosen', async () => {
    const api = fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    mount();
    await screen.findByText('Finished course');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Webinar');
    await userEvent.selectOptions(screen.getByLabelText('Level'), 'Advanced');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Duration');
    await userEvent.type(screen.getByLabelText('Search content'), 'hooks');
    await waitFor(() => expect(libraryCalls(api).some((p) => p.includes('search=hooks'))).toBe(true));
    const last = libraryCalls(api).at(-1)!;
    expect(last).toContain('type=webinar');
    expect(last).toContain('difficulty=advanced');
    expect(last).toContain('sort=duration');
  });

  it('offers every content type of the shared list in the Type filter', async () => {
    fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    mount();
    await screen.findByText('Finished course');
    const options = within(screen.getByLabelText('Type'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All types', 'Course', 'Tutorial', 'Video', 'Document', 'Webinar']);
  });

  it('keeps the search, filters, sort and layout in the address', async () => {
    const api = fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    const { container } = mount();
    await screen.findByText('Finished course');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Tutorial');
    await userEvent.selectOptions(screen.getByLabelText('Level'), 'Beginner');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Recently added');
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    await userEvent.type(screen.getByLabelText('Search content'), 'css');
    await waitFor(() =>
      expect(address()).toBe('?type=tutorial&level=beginner&sort=newest&layout=list&search=css'),
    );
    // The read follows the address in the page's effect, after the render that wrote it.
    await waitFor(() => expect(libraryCalls(api).at(-1)).toContain('search=css'));
    expect(layoutShown(container)).toBe('list');
  });

  it('keeps both of two choices made before the page renders again (a slow device)', async () => {
    const api = fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    mount('/browse/category/web-development/creator/d00000000000000000000001?layout=list');
    await screen.findByText('Finished course');
    act(() => {
      fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'video' } });
      fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'beginner' } });
    });
    await waitFor(() => expect(address()).toBe('?layout=list&type=video&level=beginner'));
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('video');
    await waitFor(() =>
      expect(libraryCalls(api).at(-1)).toMatch(
        /type=video.*difficulty=beginner|difficulty=beginner.*type=video/,
      ),
    );
  });

  it('opens with the view the address holds, ignoring values it does not know', async () => {
    const api = fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    const { container } = mount(
      '/browse/category/web-development/creator/d00000000000000000000001?search=hooks&type=webinar&level=expert&sort=duration&layout=list',
    );
    await screen.findByText('Finished course');
    expect((screen.getByLabelText('Search content') as HTMLInputElement).value).toBe('hooks');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('webinar');
    expect((screen.getByLabelText('Level') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('duration');
    expect(layoutShown(container)).toBe('list');
    const first = libraryCalls(api)[0]!;
    expect(first).toContain('search=hooks');
    expect(first).toContain('type=webinar');
    expect(first).not.toContain('difficulty=');
  });

  it('shows Clear filters only while a filter is set, and it resets search, type and level', async () => {
    const api = fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    mount(
      '/browse/category/web-development/creator/d00000000000000000000001?search=hooks&type=video&level=advanced&sort=title&layout=list',
    );
    await screen.findByText('Finished course');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((screen.getByLabelText('Search content') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Level') as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(address()).toBe('?sort=title&layout=list'));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await waitFor(() => expect(libraryCalls(api).at(-1)).not.toContain('search='));
    await userEvent.selectOptions(screen.getByLabelText('Level'), 'Beginner');
    expect((screen.getByRole('button', { name: 'Clear filters' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('switches between grid and list', async () => {
    fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    const { container } = mount();
    await screen.findByText('Finished course');
    expect(layoutShown(container)).toBe('grid');
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(layoutShown(container)).toBe('list');
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('opens a product by its productId and goes back to the category', async () => {
    fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    mount();
    await userEvent.click(await screen.findByText('Half watched'));
    await waitFor(() => expect(where()).toBe('/browse/premium/product/HALF0002'));
  });

  it('has a back button to the category', async () => {
    fakeApi()
      .on(creatorRoutes.listProductsInCategory, products)
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    mount();
    await userEvent.click(await screen.findByRole('button', { name: /Back to category/ }));
    await waitFor(() => expect(where()).toBe('/browse/category/web-development'));
    expect(screen.queryAllByTestId('library-product')).toEqual([]);
  });

  it("reports 'Failed to load products: {message}' with Try Again", async () => {
    fakeApi()
      .on(creatorRoutes.listProductsInCategory, failure(500, 'Database unavailable'))
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    mount();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('paragraph').textContent).toBe(
      'Failed to load products: Database unavailable',
    );
    expect((within(alert).getByRole('button', { name: 'Try Again' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows the not-found page, without Try Again, for a creator the category does not have', async () => {
    fakeApi()
      .on(creatorRoutes.listProductsInCategory, failure(404, 'Creator not found'))
      .on(creatorRoutes.listOfCategory, [creator()])
      .on(progressRoutes.forCategory, progressRows);
    mount();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 - Page Not Found'),
    );
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('sends a user refused by the server to /subscription', async () => {
    fakeApi()
      .on(creatorRoutes.listProductsInCategory, PREMIUM_REFUSAL)
      .on(creatorRoutes.listOfCategory, PREMIUM_REFUSAL)
      .on(progressRoutes.forCategory, progressRows);
    mount();
    await waitFor(() => expect(where()).toBe('/subscription'));
  });
});
