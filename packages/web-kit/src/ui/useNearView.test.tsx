import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEAR_VIEW_MARGIN, useNearView } from './useNearView';

/** jsdom has no layout: a scroll is what an IntersectionObserver reports, driven here as the browser would. */
function scrollableViewport() {
  const watched: Array<{ report: (near: boolean) => void; margin: string | undefined }> = [];
  class ViewportObserver {
    constructor(
      private readonly callback: IntersectionObserverCallback,
      private readonly options?: IntersectionObserverInit,
    ) {}
    observe(target: Element) {
      watched.push({
        margin: this.options?.rootMargin,
        report: (near) =>
          this.callback(
            [{ isIntersecting: near, target } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          ),
      });
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', ViewportObserver);
  return watched;
}

function Section() {
  const anchor = useRef<HTMLElement>(null);
  const near = useNearView(anchor);
  return <section ref={anchor}>{near ? 'Reviews loaded' : 'Not yet'}</section>;
}

const shown = () => document.querySelector('section')?.textContent;

describe('a part below the fold', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('stays unloaded until it nears the screen, then stays loaded', () => {
    const watched = scrollableViewport();
    render(<Section />);
    expect(shown()).toBe('Not yet');
    expect(watched.map((w) => w.margin)).toEqual([NEAR_VIEW_MARGIN]);

    act(() => watched[0]!.report(false));
    expect(shown()).toBe('Not yet');
    act(() => watched[0]!.report(true));
    expect(shown()).toBe('Reviews loaded');
  });

  it('loads at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Section />);
    expect(shown()).toBe('Reviews loaded');
  });
});
