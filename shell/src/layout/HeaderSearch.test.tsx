import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { searchRoutes, type SearchSuggestion } from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import { HeaderSearch } from './HeaderSearch';
import { readRecentSearches } from './recentSearches';

const PYTHON = '0000000000000000000e0101';
const suggestion = (over: Partial<SearchSuggestion>): SearchSuggestion => ({
  kind: 'product',
  _id: PYTHON,
  slug: 'python-for-beginners',
  title: 'Python for Beginners',
  type: 'course',
  titleMarks: [{ text: 'Python for Beginners', match: false }],
  lesson: null,
  ...over,
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function open(address = '/') {
  render(
    <MemoryRouter initialEntries={[address]}>
      <HeaderSearch />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('combobox', { name: 'Search the catalogue' });
}

describe('HeaderSearch', () => {
  it('searches the words typed on Enter, kept among the recent searches', async () => {
    localStorage.clear();
    fakeApi().on(searchRoutes.suggest, { items: [] });
    const box = open();
    await userEvent.type(box, 'pyhton{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/search?q=pyhton');
    expect(readRecentSearches()).toEqual(['pyhton']);
  });

  it('offers suggestions as one types, chosen with the arrow keys', async () => {
    const api = fakeApi().on(searchRoutes.suggest, {
      items: [
        suggestion({}),
        suggestion({
          kind: 'category',
          _id: '0000000000000000000c0002',
          slug: 'data-science',
          title: 'Data Science',
          type: 'category',
        }),
      ],
    });
    const box = open();
    await userEvent.type(box, 'pyt');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Python for BeginnersCourse', 'Data ScienceCategory']);
    expect(api.callsTo(searchRoutes.suggest).at(-1)!.query.get('q')).toBe('pyt');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/browse/category/data-science');
  });

  it('keeps the words of the results page it is on', () => {
    fakeApi().on(searchRoutes.suggest, { items: [] });
    expect((open('/search?q=caf%C3%A9') as HTMLInputElement).value).toBe('café');
  });
});
