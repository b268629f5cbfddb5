import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_FRAME, FIRST_PAINT_ATTRIBUTE, SERVED_PAGE_ATTRIBUTE } from '@catalyst/web-kit/first-paint';
import { closeAuthDialog } from '@catalyst/web-kit';
import { App } from './App';
import { renderOver } from './bootstrap';
import { renderFirstPaint } from './first-paint';
import { noteFirstPaintClicks, replayFirstPaintClick } from './first-paint-clicks';

let root: Root | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
});

/** Serves the first paint of the current address as the gateway does (the early entry noting clicks on it). */
function serveFirstPaint(html: string): void {
  document.body.innerHTML = `<div id="root" data-first-paint="${window.location.pathname}">${html}</div>`;
  noteFirstPaintClicks();
}

/** Lets the app hydrate the page as bootstrap.tsx does; what React could not reuse. */
async function hydrate(): Promise<unknown[]> {
  const container = document.getElementById('root')!;
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <App />, { onRecoverableError: (error) => mismatches.push(error) });
    replayFirstPaintClick();
  });
  return mismatches;
}

async function hydrateFirstPaint(html: string): Promise<unknown[]> {
  serveFirstPaint(html);
  return hydrate();
}

describe("the shell's first paint", () => {
  it("is the welcome page a visitor sees, with the site's own name, and no cookie banner yet", async () => {
    const pages = await renderFirstPaint({ name: 'Acme Learning' });
    expect(Object.keys(pages)).toEqual(['/', '/privacy-policy', '/terms-and-conditions', APP_FRAME]);
    document.body.innerHTML = pages['/'] ?? '';
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Acme Learning');
    expect((screen.getByRole('button', { name: 'Sign Up for Free' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.getByRole('link', { name: 'Browse Categories' }).getAttribute('href')).toBe('/browse');
    expect(screen.queryByRole('region', { name: 'We use cookies' })).toBeNull();
  });

  it("is, on every other page, the app's frame: the logo, the header's and the page's spinners, no buttons and no footer", async () => {
    const frame = (await renderFirstPaint({ name: 'Acme Learning' }))[APP_FRAME] ?? '';
    document.body.innerHTML = frame;
    expect(screen.getByRole('link', { name: 'Acme Learning home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(screen.getByRole('main').textContent).toBe('Loading');
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('contentinfo')).toBeNull();
    // the phone's row of a kept session: none of its links is the current page's
    const compact = screen.getByRole('navigation', { name: 'Compact' });
    expect(
      [...compact.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('aria-current')]),
    ).toEqual([
      ['Browse', null],
      ['About', null],
      ['Dashboard', null],
    ]);
  });

  it("is replaced by the app's first render", async () => {
    window.history.replaceState(null, '', '/terms-and-conditions');
    const frame = (await renderFirstPaint({ name: 'Acme Learning' }))[APP_FRAME] ?? '';
    document.body.innerHTML = `<div id="root" ${FIRST_PAINT_ATTRIBUTE}="${APP_FRAME}">${frame}</div>`;
    const container = document.getElementById('root')!;
    await act(async () => {
      root = renderOver(container, <App />);
      // on screen until the app's first render is committed
      expect(screen.getByRole('status').textContent).toBe('Loading');
    });
    // then gone, before the next paint
    expect(screen.getAllByRole('link', { name: 'Acme Learning home' })).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.hasAttribute(FIRST_PAINT_ATTRIBUTE)).toBe(false);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Terms and Conditions');
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it("keeps a page served with its content on screen until the app's page shows its first content", async () => {
    window.history.replaceState(null, '', '/terms-and-conditions');
    const frame = (await renderFirstPaint({ name: 'Acme Learning' }))[APP_FRAME] ?? '';
    const served = frame.replace(
      /(<main\b[^>]*>)[\s\S]*?(<\/main>)/,
      '$1<h1>Served terms</h1><button type="button">Sign Up</button>$2',
    );
    document.body.innerHTML = `<div id="root" ${FIRST_PAINT_ATTRIBUTE}="${APP_FRAME}" ${SERVED_PAGE_ATTRIBUTE}>${served}</div>`;
    const container = document.getElementById('root')!;
    // a click on the served page's button before the app has taken over
    noteFirstPaintClicks();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    const clicked: Element[] = [];
    const onClick = (event: MouseEvent) => clicked.push(event.target as Element);
    document.addEventListener('click', onClick, true);
    let show = () => {};
    const shown = new Promise<void>((resolve) => (show = resolve));
    await act(async () => {
      root = renderOver(container, <App />, shown);
    });
    // the app's page is rendered beside it, unseen
    await waitFor(() => expect(container.lastElementChild?.childElementCount).toBe(1), { timeout: 5000 });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Served terms']);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    await act(async () => show());
    expect(screen.queryByText('Served terms')).toBeNull();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Terms and Conditions');
    expect(screen.getAllByRole('link', { name: 'Acme Learning home' })).toHaveLength(1);
    expect(container.hasAttribute(SERVED_PAGE_ATTRIBUTE)).toBe(false);
    // is clicked again on the app's button of the same name (the header's, here)
    document.removeEventListener('click', onClick, true);
    expect(clicked.map((target) => [target.textContent, target.isConnected])).toEqual([['Sign Up', true]]);
    act(() => closeAuthDialog());
  });

  it('is hydrated by the app as it is, and a new visitor then gets the cookie banner', async () => {
    window.history.replaceState(null, '', '/');
    const mismatches = await hydrateFirstPaint(
      (await renderFirstPaint({ name: 'Acme Learning' }))['/'] ?? '',
    );
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Acme Learning');
    const banner = screen.getByRole('region', { name: 'We use cookies' });
    expect(
      within(banner)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Essential Only', 'Accept All']);
  });

  it('is hydrated for a returning visitor too, who keeps no banner', async () => {
    // Rendered at build time, where no visitor's choice is known; this visitor made one long ago.
    const html = (await renderFirstPaint({ name: 'Acme Learning' }))['/'] ?? '';
    localStorage.setItem('cookieConsent', 'essential');
    window.history.replaceState(null, '', '/');
    const mismatches = await hydrateFirstPaint(html);
    expect(mismatches).toEqual([]);
    expect(screen.queryByRole('region', { name: 'We use cookies' })).toBeNull();
  });

  it('holds the legal pages whole, though their code is a chunk of its own', async () => {
    const pages = await renderFirstPaint({ name: 'Acme Learning', supportEmail: 'help@acme.example' });
    document.body.innerHTML = pages['/terms-and-conditions'] ?? '';
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms and Conditions');
    expect(document.querySelectorAll('article section h2')).toHaveLength(19);
    expect(screen.queryByText('Loading...')).toBeNull();
    document.body.innerHTML = pages['/privacy-policy'] ?? '';
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    expect(document.querySelectorAll('article section h2')).toHaveLength(13);
    expect(document.body.textContent).toContain('help@acme.example');
    // The day the text last changed, not today: the build-time paint holds it whole.
    expect(screen.getByText(/^Last updated:/).textContent).toBe('Last updated: December 5, 2026');
  });

  it('is hydrated on the privacy policy as it is, with the date its text last changed', async () => {
    const html = (await renderFirstPaint({ name: 'Acme Learning' }))['/privacy-policy'] ?? '';
    window.history.replaceState(null, '', '/privacy-policy');
    const mismatches = await hydrateFirstPaint(html);
    expect((await screen.findByText(/^Last updated:/)).textContent).toBe('Last updated: December 5, 2026');
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
  });

  it('clicks again, once the app has it, a button clicked while the app was still loading', async () => {
    window.history.replaceState(null, '', '/');
    serveFirstPaint((await renderFirstPaint({}))['/'] ?? '');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up for Free' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await hydrate()).toEqual([]);
    // The account remote cannot load here: the shell's stand-in dialog says so, under the view asked for.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(
      within(dialog)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Create Account', "This section couldn't be loaded"]);
  });
});
