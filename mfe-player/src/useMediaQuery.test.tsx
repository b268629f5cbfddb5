import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './useMediaQuery';

function Layout() {
  return (
    <p>{useMediaQuery('(max-width: 960px)', false) ? 'Lessons in a drawer' : 'Lessons beside the video'}</p>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useMediaQuery', () => {
  it('follows the query as the window changes, and stops listening once unmounted', () => {
    const listeners = new Set<() => void>();
    let matches = true;
    vi.stubGlobal('matchMedia', () => ({
      get matches() {
        return matches;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    const { container, unmount } = render(<Layout />);
    expect(container.textContent).toBe('Lessons in a drawer');
    matches = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(container.textContent).toBe('Lessons beside the video');
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('answers what it is told where the browser cannot say', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { container } = render(<Layout />);
    expect(container.textContent).toBe('Lessons beside the video');
  });
});
