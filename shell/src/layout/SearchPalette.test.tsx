import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { searchRoutes, type SearchSuggestion } from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import { rememberSearch } from './recentSearches';
import { SearchPalette } from './SearchPalette';

// The dialog's chunk arrives when the first test lets it (a first open on a slow line); later opens find it loaded.
const dialogChunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('./SearchPaletteDialog', async (original) => {
  await dialogChunk.arrived;
  return original();
});

const suggestion = (over: Partial<SearchSuggestion>): SearchSuggestion => ({
  kind: 'product',
  _id: '0000000000000000000e0101',
  slug: 'python-for-beginners',
  title: 'Python for Beginners',
  type: 'course',
  titleMarks: [],
  lesson: null,
  ...over,
});
const SUGGESTIONS = [
  suggestion({}),
  suggestion({
    kind: 'category',
    _id: '0000000000000000000c0002',
    slug: 'data-science',
    title: 'Data Science',
    type: 'category',
  }),
  suggestion({
    kind: 'creator',
    _id: '0000000000000000000a0003',
    slug: 'ada',
    title: 'Ada Py',
    type: 'creator',
  }),
  suggestion({
    _id: '0000000000000000000e0104',
    title: 'Web Scraping',
    lesson: { _id: '0000000000000000000f0105', title: 'Parsing with Python', atSeconds: 12 },
  }),
];

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function page() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <button type="button">Before</button>
      <input aria-label="Notes" />
      <SearchPalette />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}
const where = () => screen.getByTestId('where').textContent;
const palette = () => screen.queryByRole('dialog', { name: 'Search' });
/** The palette's dialog is its own chunk: it shows once that has loaded. */
const opened = () => screen.findByRole('dialog', { name: 'Search' });

describe('SearchPalette', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the words typed while it was still loading', async () => {
    fakeApi().on(searchRoutes.suggest, { items: [] });
    page();
    await userEvent.keyboard('/pyx{Backspace}');
    expect(palette()).toBeNull();
    dialogChunk.arrive();
    await opened();
    const box = screen.getByRole('combobox', { name: 'Search for' }) as HTMLInputElement;
    expect(box.value).toBe('py');
    await userEvent.keyboard('t');
    expect(box.value).toBe('pyt');
  });

  it('opens on Ctrl-K and on / outside a text field, with its box focused', async () => {
    fakeApi().on(searchRoutes.suggest, { items: [] });
    page();
    expect(palette()).toBeNull();
    await userEvent.keyboard('{Control>}k{/Control}');
    await opened();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search for' }));
    await userEvent.keyboard('{Escape}');
    expect(palette()).toBeNull();
    await userEvent.keyboard('/');
    await opened();
    const box = screen.getByRole('combobox', { name: 'Search for' });
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('leaves / to the text field it is typed in', async () => {
    fakeApi().on(searchRoutes.suggest, { items: [] });
    page();
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'a/b');
    expect(palette()).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLInputElement).value).toBe('a/b');
  });

  it('gives focus back to where it was on Escape', async () => {
    fakeApi().on(searchRoutes.suggest, { items: [] });
    page();
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.keyboard('{Meta>}k{/Meta}');
    await opened();
    await userEvent.keyboard('{Escape}');
    expect(palette()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }));
  });

  it('groups the suggestions by kind and opens the one chosen with the arrow keys', async () => {
    const api = fakeApi().on(searchRoutes.suggest, { items: SUGGESTIONS });
    page();
    await userEvent.keyboard('/');
    await opened();
    await userEvent.keyboard('py');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    await within(listbox).findAllByRole('option');
    expect(api.callsTo(searchRoutes.suggest).at(-1)!.query.get('q')).toBe('py');
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((g) => g.textContent)).toEqual([
      'CategoriesData Science',
      'CreatorsAda Py',
      'Courses and productsPython for BeginnersCourse',
      'LessonsWeb ScrapingParsing with Python',
    ]);
    expect(within(screen.getByRole('group', { name: 'Lessons' })).getByRole('option').textContent).toBe(
      'Web ScrapingParsing with Python',
    );
    const box = screen.getByRole('combobox', { name: 'Search for' });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    const chosen = document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    expect(chosen?.textContent).toBe('Web ScrapingParsing with Python');
    expect(chosen?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(where()).toBe('/browse/premium/product/0000000000000000000e0101');
    expect(palette()).toBeNull();
  });

  it('searches the words typed on Enter and offers them again as a recent search, until cleared', async () => {
    fakeApi().on(searchRoutes.suggest, { items: SUGGESTIONS });
    page();
    await userEvent.keyboard('/');
    await opened();
    await userEvent.keyboard('pyhton{Enter}');
    expect(where()).toBe('/search?q=pyhton');
    expect(palette()).toBeNull();

    await userEvent.keyboard('/');
    await opened();
    const recent = screen.getByRole('group', { name: 'Recent searches' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['pyhton']);
    await userEvent.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('group', { name: 'Recent searches' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear recent searches' })).toBeNull();
    await userEvent.keyboard('{Escape}/');
    await opened();
    expect(screen.queryByRole('group', { name: 'Recent searches' })).toBeNull();
  });

  it('opens a recent search with the arrow keys and Enter', async () => {
    fakeApi().on(searchRoutes.suggest, { items: [] });
    rememberSearch('sql');
    rememberSearch('café');
    page();
    await userEvent.click(screen.getByRole('button', { name: 'Open search' }));
    await opened();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(where()).toBe('/search?q=sql');
  });
});
