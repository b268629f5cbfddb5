import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@catalyst/web-kit';
import DashboardPage from './DashboardPage';

const RETURNING = 'Keep your momentum: continue a course or discover something new today.';
const NEW_LEARNER =
  'Start by browsing the library: pick a topic, then a creator, and your first lesson is one click away.';

/** The learner's recent progress, held until released; no remotes are listed (the dashboard's widgets are other teams'). */
function holdRecentProgress() {
  let release!: (items: unknown[]) => void;
  const recent = new Promise<unknown[]>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/mf/remotes.json'))
        return new Response(JSON.stringify({ remotes: {} }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      if (url.includes('/content/progress/recent'))
        return new Response(JSON.stringify({ success: true, data: await recent }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      return new Response(JSON.stringify({ success: false, message: 'Not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return release;
}

/** The lead a reader is given: the one not hidden from them (both stay laid out, so the hero keeps its height). */
const shownLead = () => {
  const leads = [screen.getByText(RETURNING), screen.getByText(NEW_LEARNER)];
  expect(leads[0]!.parentElement).toBe(leads[1]!.parentElement);
  return leads.filter((lead) => lead.getAttribute('aria-hidden') !== 'true').map((lead) => lead.textContent);
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(async () => session.logout({ revoke: false }));
});

describe('Dashboard', () => {
  it('greets a learner coming back once their progress answers, in the place the first greeting took', async () => {
    const release = holdRecentProgress();
    act(() => session.loadUser({ _id: 'u1', name: 'Maya Member', email: 'maya@example.com', role: 'user' }));
    render(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Maya');
    expect(shownLead()).toEqual([NEW_LEARNER]);
    await act(async () => release([{ productId: 'p1', progress: 40 }]));
    expect((await screen.findByRole('heading', { level: 1, name: /^Welcome back/ })).textContent).toBe(
      'Welcome back, Maya',
    );
    expect(shownLead()).toEqual([RETURNING]);
  });
});

describe('the promo video', () => {
  /** The dashboard for a member whose system asks for `motion`. */
  function mountWith(motion: 'reduce' | 'no-preference') {
    holdRecentProgress();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === `(prefers-reduced-motion: ${motion})`,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    act(() => session.loadUser({ _id: 'u1', name: 'Maya Member', email: 'maya@example.com', role: 'user' }));
    render(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
    );
    return screen.getByLabelText(/./, { selector: 'video' }) as HTMLVideoElement;
  }

  it('plays on its own, with a button to pause it', () => {
    const video = mountWith('no-preference');
    expect(video.autoplay).toBe(true);
    expect(screen.getByRole('button', { name: 'Pause video' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('stays still for someone who asked for reduced motion, with a button to play it', () => {
    const video = mountWith('reduce');
    expect(video.autoplay).toBe(false);
    expect(screen.getByRole('button', { name: 'Play video' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('Your path', () => {
  function answer(followed: unknown[]) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        const json = (status: number, body: unknown) =>
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
        if (url.endsWith('/mf/remotes.json')) return json(200, { remotes: {} });
        if (url.includes('/content/progress/recent')) return json(200, { success: true, data: [] });
        if (url.endsWith('/content/progress/paths')) return json(200, { success: true, data: followed });
        return json(404, { success: false, message: 'Not found' });
      }),
    );
  }
  const mount = () => {
    act(() => session.loadUser({ _id: 'u1', name: 'Maya Member', email: 'maya@example.com', role: 'user' }));
    render(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
    );
  };
  const path = { _id: '0000000000000000000f0001', slug: 'start-with-the-web', title: 'Start with the Web' };

  it('shows each followed path with how far along it is and the next item to take', async () => {
    answer([
      {
        path,
        completedCount: 1,
        total: 3,
        next: {
          productId: '0000000000000000000e0002',
          publicId: 'P2',
          slug: 'js',
          title: 'Modern JavaScript Essentials',
          type: 'video',
          thumbnail: null,
          duration: 5,
          isPublished: true,
        },
        certificateCode: null,
        productIds: ['0000000000000000000e0001', '0000000000000000000e0002', '0000000000000000000e0003'],
      },
    ]);
    mount();
    const card = await screen.findByTestId('your-path');
    expect(screen.getByRole('heading', { level: 2, name: 'Your path' }).textContent).toBe('Your path');
    expect(card.textContent).toBe('Start with the Web1 of 3 finishedNext: Modern JavaScript Essentials');
    expect(screen.getByRole('link', { name: 'Modern JavaScript Essentials' }).getAttribute('href')).toBe(
      // opened from the path: its player counts down to the path's next item at the end
      '/browse/premium/product/P2?path=start-with-the-web',
    );
  });

  it('links a finished path to its certificate', async () => {
    answer([
      { path, completedCount: 3, total: 3, next: null, certificateCode: 'ABCDEFGHJK', productIds: [] },
    ]);
    mount();
    const link = await screen.findByRole('link', { name: 'View your path certificate' });
    expect(link.getAttribute('href')).toBe('/certificates/ABCDEFGHJK');
  });
});
