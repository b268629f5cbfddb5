import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { closeAuthDialog, useAuthDialog } from '@catalyst/web-kit';
import { WelcomePage } from './WelcomePage';

// A remote's widget is rendered by its remote: here a stand-in that names what it would load.
vi.mock('../federation/RemoteModule', () => ({
  RemoteModule: ({ remote, module }: { remote: string; module: string }) => (
    <p>
      remote widget {remote} {module}
    </p>
  ),
}));

function DialogProbe() {
  const { open, view } = useAuthDialog();
  return <output data-testid="dialog">{open ? view : 'closed'}</output>;
}

afterEach(() => {
  closeAuthDialog();
  vi.unstubAllGlobals();
});

const renderWelcome = () =>
  render(
    <MemoryRouter>
      <WelcomePage />
    </MemoryRouter>,
  );

describe('WelcomePage', () => {
  it('shows a visitor what Premium costs and includes, with Sign Up opening registration', () => {
    render(
      <MemoryRouter>
        <WelcomePage />
        <DialogProbe />
      </MemoryRouter>,
    );
    const plan = screen.getByRole('region', { name: 'Premium' });
    expect(within(plan).getByRole('heading', { level: 2 }).nextElementSibling?.textContent).toBe(
      'Most popular choice',
    );
    expect(within(plan).getAllByRole('paragraph')[0]?.textContent).toBe('$14.99/month');
    const includes = within(plan).getByRole('list', { name: 'Premium includes' });
    expect(
      within(includes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Access to all courses',
      'Install Catalyst as an app on phone and desktop',
      'Advanced progress tracking',
      'Downloadable resources',
      'Questions & answers on every lesson',
      'Live Q&A sessions',
      'Certificate of completion',
    ]);
    fireEvent.click(within(plan).getByRole('button', { name: 'Sign Up for Premium' }));
    expect(screen.getByTestId('dialog').textContent).toBe('register');
    // the feature line reads the same plan
    const simplePlan = screen.getByRole('heading', { level: 2, name: 'One simple plan' }).closest('li')!;
    expect(within(simplePlan).getByRole('paragraph').textContent).toBe(
      'Premium opens the whole library for $14.99 a month. Cancel at any time.',
    );
  });

  it('shows a visitor the recommendation rows below the plan once they scroll near them', () => {
    // what the browser reports of the rows' place: out of reach, then within a screen of the viewport
    const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(report: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observers.push(report);
        }
        observe() {}
        disconnect() {}
      },
    );
    renderWelcome();
    expect(screen.queryByText(/^remote widget/)).toBeNull();
    act(() => observers[0]!([{ isIntersecting: false }]));
    expect(screen.queryByText(/^remote widget/)).toBeNull();
    act(() => observers[0]!([{ isIntersecting: true }]));
    const rows = screen.getByText(/^remote widget/);
    expect(rows.textContent).toBe('remote widget catalog ./RecommendationRows');
    // after the plan offer: the first screen is unchanged while they load
    const plan = screen.getByRole('region', { name: 'Premium' });
    expect(plan.compareDocumentPosition(rows) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
