import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the page's state (it lives as long as a page load) with the Spinner that reports to it. */
async function freshPage() {
  vi.resetModules();
  const pageShown = await import('./pageShown');
  const { Spinner } = await import('./Spinner');
  let shown = false;
  void pageShown.firstContentShown().then(() => (shown = true));
  // (the page is shown after the frame that paints it: an animation frame, then a task)
  const settled = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 50)));
  // Shown: waited for, not slept on (a loaded machine's frame can come after 50 ms).
  const shows = () => vi.waitFor(() => expect(shown).toBe(true));
  return { ...pageShown, Spinner, isShown: () => shown, settled, shows };
}

describe("a page load's first content", () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('is shown once the layout has rendered and the last loading spinner has gone, not before', async () => {
    const page = await freshPage();
    let finishLoading: () => void = () => undefined;
    function Layout() {
      page.useLayoutShown();
      const [loading, setLoading] = useState(true);
      finishLoading = () => setLoading(false);
      return <main>{loading ? <page.Spinner message="Loading..." /> : <h1>Browse Categories</h1>}</main>;
    }
    render(<Layout />);
    await page.settled();
    expect(page.isShown()).toBe(false);
    act(() => finishLoading());
    await page.shows();
  });

  it('waits for the layout, and a spinner inside a button is not the page loading', async () => {
    const page = await freshPage();
    const view = render(<page.Spinner inline />);
    await page.settled();
    expect(page.isShown()).toBe(false);
    function Layout() {
      page.useLayoutShown();
      return (
        <button type="button">
          Saving <page.Spinner inline />
        </button>
      );
    }
    view.rerender(<Layout />);
    await page.shows();
  });

  it('is not held by a spinner waiting for what waits for the first content (the downloads list, in the offline stores)', async () => {
    const page = await freshPage();
    function Layout() {
      page.useLayoutShown();
      return <page.Spinner message="Loading..." holdsFirstContent={false} />;
    }
    render(<Layout />);
    await page.shows();
  });
});
