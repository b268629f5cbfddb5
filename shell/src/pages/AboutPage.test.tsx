import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { demoCreators } from '../../../services/content/src/demo/catalog';
import AboutPage from './AboutPage';

describe('the About page', () => {
  it("describes Catalyst and its real creators, each with the catalogue's own words, and no invented instructor", () => {
    render(
      <MemoryRouter>
        <AboutPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Learn from people who do the work');
    const creators = screen.getByRole('region', { name: 'The creators' });
    expect(
      within(creators)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(demoCreators.map((c) => c.name));
    for (const creator of demoCreators)
      expect(within(creators).getByText(creator.description).tagName).toBe('P');
    expect(document.body.textContent).not.toMatch(/Alex Morgan|instructor|Physics/);
    expect(screen.getByRole('link', { name: 'Start learning' }).getAttribute('href')).toBe('/browse');
  });
});
