import { act } from 'react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@catalyst/web-kit';
import AccountPage from './AccountPage';

describe('the account page', () => {
  afterEach(() => act(() => void session.logout({ revoke: false })));

  it('says who is signed in and links to each part of the account', () => {
    act(() =>
      session.loadUser({ _id: 'a'.repeat(24), name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' }),
    );
    render(
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your account');
    expect(screen.getByText(/^Signed in as/).textContent).toBe('Signed in as Ada Lovelace (ada@example.com)');
    const links = within(screen.getByRole('navigation', { name: 'Your account' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Profile', '/profile'],
      ['Subscription', '/subscription'],
      ['Billing', '/account/billing'],
      ['Give Premium', '/gift'],
      ['Team', '/team'],
      ['Learning record', '/learning'],
      ['Saved for later', '/saved'],
      ['Downloads', '/downloads'],
    ]);
    expect(document.title).toMatch(/^Your account/);
  });
});
