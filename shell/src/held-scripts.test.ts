import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_FRAME } from '@catalyst/web-kit/first-paint';
import { HELD_SCRIPTS_WAIT_MS, runHeldScripts, whenServedPageLoaded } from './held-scripts';

/** A stand-in for the browser's paint timing: the test decides when the first contentful paint shows. */
class PaintObserver {
  static supportedEntryTypes = ['paint'];
  static current: PaintObserver | undefined;
  disconnected = false;
  constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
    PaintObserver.current = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  paint(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

const HELD = ['/872.df1a044714.js', '/999.ce904a1966.js', '/main.76beea8778.js'];

/** index.html's scripts, and #root holding the first paint `paint` names (a page's path, or the app's frame). */
function servePage(held: string[], paint = '/') {
  document.head.innerHTML = [
    '<script defer src="/early.02b7938473.js"></script>',
    ...held.map((src) => `<script type="text/plain" data-after-first-paint src="${src}"></script>`),
  ].join('');
  document.body.innerHTML = `<div id="root" data-first-paint="${paint}"></div>`;
}

/** The scripts of the page: src and whether the browser would run them. */
const scripts = () =>
  [...document.querySelectorAll('script')].map((script) => ({
    src: script.getAttribute('src'),
    runs: script.type === '' || script.type === 'text/javascript',
    async: script.async,
  }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('PerformanceObserver', PaintObserver);
  PaintObserver.current = undefined;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-kept-session');
});

describe('the app scripts held back behind the first paint', () => {
  it('run, in their order, once the first contentful paint has shown', () => {
    servePage(HELD);
    runHeldScripts();
    PaintObserver.current?.paint('first-paint');
    expect(
      scripts()
        .filter((s) => s.runs)
        .map((s) => s.src),
    ).toEqual(['/early.02b7938473.js']);

    PaintObserver.current?.paint('first-contentful-paint');
    expect(PaintObserver.current?.disconnected).toBe(true);
    const app = scripts().slice(1);
    expect(app.map((s) => s.src)).toEqual(HELD);
    // Inserted scripts run in insertion order only when not async.
    expect(app.every((s) => s.runs && !s.async)).toBe(true);
  });

  it('run after a while in a tab that paints nothing (opened in the background), and only once', () => {
    servePage(HELD);
    runHeldScripts();
    vi.advanceTimersByTime(HELD_SCRIPTS_WAIT_MS - 1);
    expect(scripts().filter((s) => s.runs)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(
      scripts()
        .filter((s) => s.runs)
        .map((s) => s.src),
    ).toEqual(['/early.02b7938473.js', ...HELD]);
    PaintObserver.current?.paint('first-contentful-paint');
    expect(scripts()).toHaveLength(1 + HELD.length);
  });

  it("run at once in a tab keeping a session, where a page's first paint stays hidden", () => {
    document.documentElement.setAttribute('data-kept-session', '');
    servePage(HELD, '/');
    runHeldScripts();
    expect(scripts().filter((s) => s.runs)).toHaveLength(1 + HELD.length);
  });

  it("wait for the app's frame to show in a tab keeping a session too", () => {
    document.documentElement.setAttribute('data-kept-session', '');
    servePage(HELD, APP_FRAME);
    runHeldScripts();
    expect(scripts().filter((s) => s.runs)).toHaveLength(1);
    PaintObserver.current?.paint('first-contentful-paint');
    expect(scripts().filter((s) => s.runs)).toHaveLength(1 + HELD.length);
  });

  it('leave a page served without a first paint as it is', () => {
    servePage([]);
    const before = document.head.innerHTML;
    runHeldScripts();
    vi.advanceTimersByTime(HELD_SCRIPTS_WAIT_MS);
    expect(document.head.innerHTML).toBe(before);
  });
});

describe('a page served with its content', () => {
  it('starts the app once the window has loaded; any other page at once', () => {
    const started = vi.fn();
    document.body.innerHTML = '<div id="root" data-first-paint="*" data-served-page></div>';
    const loading = {
      readyState: 'interactive',
      getElementById: (id: string) => document.getElementById(id),
    };
    const win = new EventTarget() as unknown as Window;
    whenServedPageLoaded(started, loading as unknown as Document, win);
    expect(started).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    expect(started).toHaveBeenCalledTimes(1);

    document.body.innerHTML = '<div id="root" data-first-paint="*"></div>';
    const frame = vi.fn();
    whenServedPageLoaded(frame, loading as unknown as Document, win);
    expect(frame).toHaveBeenCalledTimes(1);
  });
});
