import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeAuthDialog,
  createApiClient,
  createSessionStore,
  createSubscriptionStore,
  setLanguage,
  useAuthDialog,
} from '@catalyst/web-kit';
import { Footer } from '../layout/Footer';
import PricingPage from './PricingPage';

function DialogProbe() {
  const { open, view } = useAuthDialog();
  return <output data-testid="dialog">{open ? view : 'closed'}</output>;
}

/** A session (signed in or not) and a subscription store over an API answering the plan status. */
function stores(user: 'visitor' | 'learner' | 'member') {
  const fetch = vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          success: true,
          data:
            user === 'member'
              ? { hasSubscription: true, status: 'active', plan: 'premium' }
              : { hasSubscription: false, status: 'free' },
        }),
      ),
  ) as unknown as typeof globalThis.fetch;
  const api = createApiClient({ fetch, baseUrl: '/api/v1' });
  const session = createSessionStore({ api });
  if (user !== 'visitor')
    session.loadUser({ _id: 'u1', name: 'Lena', email: 'lena@example.com', role: 'user' });
  return { store: createSubscriptionStore(session, { api, navigate: vi.fn() }), session };
}

afterEach(async () => {
  closeAuthDialog();
  await setLanguage('en', { keep: false });
});

describe('the pricing page', () => {
  it('shows a visitor the plan, what it includes and the common questions, with Sign Up and Log in', () => {
    render(
      <MemoryRouter initialEntries={['/pricing']}>
        <PricingPage store={stores('visitor').store} />
        <DialogProbe />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pricing');
    const plan = screen.getByRole('region', { name: 'Premium' });
    expect(within(plan).getAllByRole('paragraph')[0]?.textContent).toBe('$14.99/month');
    expect(within(plan).getAllByRole('listitem')).toHaveLength(7);
    const questions = within(screen.getByRole('region', { name: 'Questions' }))
      .getAllByRole('group')
      .map((item) => item.querySelector('summary')?.textContent);
    expect(questions).toEqual([
      'What can I open without paying?',
      'How is Premium billed?',
      'Can I cancel at any time?',
      'Do you give refunds?',
      'Can I learn offline?',
      'Do I get a certificate?',
    ]);
    expect(screen.getByText(/charged in advance/).textContent).toBe(
      '$14.99/month, charged in advance through our card payment provider. It renews automatically each month until you cancel.',
    );
    expect(screen.getByRole('link', { name: 'For teams' }).getAttribute('href')).toBe('/team');
    expect(screen.getByRole('link', { name: 'For teams' }).parentElement?.textContent).toBe(
      'Buying for 3 to 500 people? For teams: $12 per seat per month, or $120 per seat per year.',
    );
    fireEvent.click(within(plan).getByRole('button', { name: 'Sign Up for Premium' }));
    expect(screen.getByTestId('dialog').textContent).toBe('register');
    fireEvent.click(within(plan).getByRole('button', { name: 'Already a member? Log in' }));
    expect(screen.getByTestId('dialog').textContent).toBe('login');
  });

  it('leads a signed-in learner to the plans page, and a member to manage the plan', async () => {
    const { session } = await import('@catalyst/web-kit');
    session.loadUser({ _id: 'u1', name: 'Lena', email: 'lena@example.com', role: 'user' });
    const learner = render(
      <MemoryRouter>
        <PricingPage store={stores('learner').store} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Choose Premium' }).getAttribute('href')).toBe('/subscription');
    learner.unmount();
    const member = stores('member').store;
    void member.refresh();
    render(
      <MemoryRouter>
        <PricingPage store={member} />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Manage your plan' }).getAttribute('href')).toBe(
        '/subscription',
      ),
    );
    await session.logout({ revoke: false });
  });

  it('reads in German, the plan and team prices written as they are there', async () => {
    await act(() => setLanguage('de', { keep: false }));
    render(
      <MemoryRouter>
        <PricingPage store={stores('visitor').store} />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Preise');
    expect(screen.getByRole('link', { name: 'Für Teams' }).parentElement?.textContent).toBe(
      'Für 3 bis 500 Personen kaufen? Für Teams: 12\u00a0$ pro Platz und Monat oder 120\u00a0$ pro Platz und Jahr.',
    );
    expect(screen.getByText(/im Voraus/).textContent).toMatch(/^14,99\u00a0\$ pro Monat, im Voraus/);
    expect(screen.getByText(/Monat$/).textContent).toBe('14,99\u00a0$/Monat');
    const plan = screen.getByRole('region', { name: 'Premium' });
    expect(within(plan).getByText('Am beliebtesten')).toBeTruthy();
    expect(within(plan).getAllByRole('listitem')[0]?.textContent).toBe('Zugriff auf alle Kurse');
  });
});

describe('the footer', () => {
  it("links a visitor's Pricing to the public pricing page and reopens the cookie choice", async () => {
    localStorage.setItem('cookieConsent', 'essential');
    const { CookieBanner } = await import('../layout/CookieBanner');
    render(
      <MemoryRouter>
        <Footer />
        <CookieBanner />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('heading', { name: 'We use cookies' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    expect(screen.getByRole('heading', { name: 'We use cookies' }).tagName).toBe('H2');
    expect(screen.getByText('Your current choice: essential only.').tagName).toBe('P');
    fireEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(localStorage.getItem('cookieConsent')).toBe('all');
    expect(screen.queryByRole('heading', { name: 'We use cookies' })).toBeNull();
  });
});
