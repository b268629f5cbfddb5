import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { pathRoutes, searchRoutes, type SearchHit, type SearchResult } from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import SearchPage from './SearchPage';

const PRODUCT = '0000000000000000000e0103';
const LESSON = '0000000000000000000f0202';
const WEB = '0000000000000000000c0001';

const lessonHit: SearchHit = {
  kind: 'product',
  _id: PRODUCT,
  slug: 'web-foundations',
  title: 'Web Foundations',
  type: 'course',
  titleMarks: [{ text: 'Web Foundations', match: false }],
  snippet: [
    { text: 'Pause any time: your ', match: false },
    { text: '<b>position</b>', match: true },
    { text: ' is saved', match: false },
  ],
  product: {
    productId: 'FOUNDS03',
    thumbnail: null,
    difficulty: 'beginner',
    duration: 70,
    isFree: false,
    categoryId: WEB,
    categoryName: 'Web Development',
    creatorId: '0000000000000000000d0001',
    creatorName: 'Alice Doe',
  },
  lesson: { _id: LESSON, title: 'Welcome', atSeconds: 12 },
};

const answer = (items: SearchHit[], extra: Partial<SearchResult> = {}): SearchResult => ({
  items,
  total: items.length,
  totalAtLeast: false,
  nextCursor: null,
  facets: {
    type: [{ value: 'course', label: 'Course', count: 1 }],
    categoryId: [{ value: WEB, label: 'Web Development', count: 1 }],
    level: [{ value: 'beginner', label: 'Beginner', count: 1 }],
    free: [{ value: false, label: 'Premium', count: 1 }],
    duration: [{ value: 'medium', label: '1–3 hours', count: 1 }],
  },
  facetsAtLeast: false,
  searchedFor: null,
  ...extra,
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function open(address: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/search" element={<SearchPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('SearchPage', () => {
  it('shows each result with its matching words marked as text, and the lesson and second they were found at', async () => {
    const api = fakeApi().on(searchRoutes.search, answer([lessonHit]));
    open('/search?q=position%20saved');
    const [result] = within(await screen.findByRole('list', { name: 'Results' })).getAllByRole('listitem');
    expect(within(result!).getByRole('link', { name: 'Web Foundations' }).getAttribute('href')).toBe(
      `/browse/premium/product/FOUNDS03/lesson/${LESSON}?t=12`,
    );
    expect(within(result!).getByRole('link', { name: 'Play from 0:12' }).getAttribute('href')).toBe(
      `/browse/premium/product/FOUNDS03/lesson/${LESSON}?t=12`,
    );
    expect(result!.querySelector('mark')?.textContent).toBe('<b>position</b>');
    expect(within(result!).getByText(/In lesson/).textContent).toBe('In lesson “Welcome” · Play from 0:12');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Results for “position saved”');
    expect(api.callsTo(searchRoutes.search)[0]!.query.get('q')).toBe('position saved');
  });

  it('names the learning paths every word of the search is in, under the results', async () => {
    fakeApi()
      .on(searchRoutes.search, answer([lessonHit]))
      .on(pathRoutes.list, [
        {
          _id: '0000000000000000000f0001',
          slug: 'start-with-the-web',
          title: 'Start with the Web',
          description: 'Your first steps into building for the browser.',
          level: 'beginner',
          estimatedHours: 2,
          isPublished: true,
          itemCount: 3,
          createdAt: '2026-12-01T00:00:00.000Z',
          updatedAt: '2026-12-01T00:00:00.000Z',
        },
        {
          _id: '0000000000000000000f0002',
          slug: 'data-analysis',
          title: 'Data Analysis, Start to Finish',
          description: 'From a dataset to a model.',
          level: 'intermediate',
          estimatedHours: 12,
          isPublished: true,
          itemCount: 4,
          createdAt: '2026-12-01T00:00:00.000Z',
          updatedAt: '2026-12-01T00:00:00.000Z',
        },
      ]);
    open('/search?q=Browser%20steps');
    const paths = await screen.findByRole('complementary', { name: 'Learning paths' });
    expect(
      within(paths)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Start with the Web']);
    expect(within(paths).getByRole('link', { name: 'Start with the Web' }).getAttribute('href')).toBe(
      '/paths/start-with-the-web',
    );
  });

  it('puts a filter and the sort in the address, and searches by them', async () => {
    const api = fakeApi().on(searchRoutes.search, answer([lessonHit]));
    open('/search?q=web');
    await userEvent.click(await screen.findByRole('link', { name: 'Beginner (1)' }));
    expect(screen.getByTestId('where').textContent).toBe('/search?q=web&level=beginner');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Newest');
    expect(screen.getByTestId('where').textContent).toBe('/search?q=web&level=beginner&sort=newest');
    await screen.findByRole('list', { name: 'Results' });
    const searches = api.requests().filter((request) => request.startsWith('GET /search'));
    expect(searches.at(-1)).toBe('GET /search?q=web&level=beginner&sort=newest');
  });

  it('shows exact counts as they are, and counts the search stopped at with a plus', async () => {
    const facets = answer([]).facets;
    const big = { ...facets, level: [{ value: 'beginner' as const, label: 'Beginner', count: 2000 }] };
    const fake = fakeApi().on(searchRoutes.search, answer([lessonHit], { total: 1200, facets: big }));
    open('/search?q=web');
    expect((await screen.findByText(/ results$/)).textContent).toBe('1,200 results');
    expect(screen.getByRole('link', { name: 'Beginner (2,000)' }).getAttribute('href')).toBe(
      '/search?q=web&level=beginner',
    );
    fake.on(
      searchRoutes.search,
      answer([lessonHit], { total: 1000, totalAtLeast: true, facets: big, facetsAtLeast: true }),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Course (1)' }));
    expect((await screen.findByRole('link', { name: 'Beginner (2,000+)' })).textContent).toBe(
      'Beginner (2,000+)',
    );
    expect(screen.getByRole('link', { name: 'Web Development (1+)' }).textContent).toBe(
      'Web Development (1+)',
    );
    expect(screen.getByText(/ results$/).textContent).toBe('1,000+ results');
  });

  it('says what was searched for instead of a misspelt word', async () => {
    fakeApi().on(searchRoutes.search, answer([lessonHit], { searchedFor: 'python' }));
    open('/search?q=pyhton');
    expect((await screen.findByText(/Showing results for/)).textContent).toBe('Showing results for python');
  });

  it('suggests what to try when nothing matches, filters first', async () => {
    fakeApi().on(searchRoutes.search, answer([]));
    open('/search?q=zzz&level=advanced');
    expect((await screen.findByRole('heading', { level: 2, name: /No results/ })).textContent).toBe(
      'No results for “zzz”',
    );
    expect(screen.getByRole('link', { name: 'Search without filters' }).getAttribute('href')).toBe(
      '/search?q=zzz',
    );
    expect(screen.getByRole('link', { name: 'Browse every category' }).getAttribute('href')).toBe('/browse');
  });

  it('asks nothing without words, and searches the words typed in its own box', async () => {
    const api = fakeApi().on(searchRoutes.search, answer([lessonHit]));
    open('/search');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search the catalogue');
    expect(api.calls).toHaveLength(0);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search for' }), 'css grid{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/search?q=css+grid');
    await screen.findByRole('list', { name: 'Results' });
    // the search, and the learning paths its words might name (asked once the results are drawn)
    await vi.waitFor(() => expect(api.requests()).toEqual(['GET /search?q=css+grid', 'GET /content/paths']));
  });

  it("shows the server's refusal of a bad address", async () => {
    fakeApi().fail(searchRoutes.search, 400, 'Sort must be one of: relevance, newest, rating, popular');
    open('/search?q=web&sort=cheapest');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sort must be one of: relevance, newest, rating, popular',
    );
  });
});
