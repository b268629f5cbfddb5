import { act } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { SHELL_PATHS } from '@catalyst/contracts/route-manifest-terms';
import { setRemoteRoutes } from './federation/routeRemotes';
import { PUBLISHED_ROUTES } from './federation/testing';

// A remote's page is rendered by its remote: here a stand-in that names what it would load.
vi.mock('./federation/RemoteModule', () => ({
  RemoteModule: ({ remote, module }: { remote: string; module: string }) => (
    <p>
      remote page {remote} {module}
    </p>
  ),
}));

describe("the app's routes", () => {
  it("waits for the remotes' published pages before calling an address unknown, then mounts a new one or shows the 404", async () => {
    render(<App location="/browse/category/design" />);
    // /mf/remotes.json not in yet: no 404 for what may be a remote's page
    expect(screen.getByRole('status').closest('main')?.id).toBe('main');
    expect(screen.queryByRole('heading', { name: '404 - Page Not Found' })).toBeNull();

    act(() => setRemoteRoutes(PUBLISHED_ROUTES));
    expect((await screen.findByText(/^remote page/)).textContent).toBe('remote page catalog ./BrowseRoutes');
  });

  it("mounts a page a remote's release adds, and shows the shell's 404 at an address nobody publishes", async () => {
    act(() =>
      setRemoteRoutes({
        ...PUBLISHED_ROUTES,
        account: [
          ...PUBLISHED_ROUTES.account!,
          { path: '/account/help/', prefix: false, module: './HelpPage', audience: 'anyone' },
        ],
      }),
    );
    const { unmount } = render(<App location="/account/help" />);
    expect((await screen.findByText(/^remote page/)).textContent).toBe('remote page account ./HelpPage');
    unmount();
    render(<App location="/account/help/nothing-here" />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('404 - Page Not Found');
  });

  it('has a page of its own at every path the contracts keep from the remotes (SHELL_PATHS)', async () => {
    act(() => setRemoteRoutes({}));
    // the 404 first: its page's chunk is then loaded, and would show at once at any path below
    const unknown = render(<App location="/no-such-page" />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('404 - Page Not Found');
    unknown.unmount();
    for (const path of SHELL_PATHS) {
      const { unmount, container } = render(<App location={path} />);
      // the shell's page (or its guard) renders; never the 404 a path no route names gets
      await screen.findByRole('main');
      expect(container.querySelector('[data-testid="not-found"]'), path).toBeNull();
      unmount();
    }
  });
});
