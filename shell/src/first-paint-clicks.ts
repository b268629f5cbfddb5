// A button of the first paint clicked before the app has taken the page over (its scripts still
// downloading or running) would do nothing: the early entry notes the last such click and the
// bootstrap clicks it again right after handing the page to React. Part of the early entry.
import { holdsFirstPaintOf, SERVED_PAGE_ATTRIBUTE } from '@catalyst/web-kit/first-paint';

let noted: HTMLButtonElement | null = null;
let stopNoting: (() => void) | null = null;

/**
 * Notes clicks on the first paint's buttons, or a served page's (a course page), until replayFirstPaintClick()
 * or replayServedPageClick() (nothing on other pages).
 */
export function noteFirstPaintClicks(doc: Document = document): void {
  const root = doc.getElementById('root');
  if (!root || !(holdsFirstPaintOf(root, doc.location.pathname) || root.hasAttribute(SERVED_PAGE_ATTRIBUTE)))
    return;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && root.contains(button)) noted = button;
  };
  doc.addEventListener('click', onClick, true);
  stopNoting = () => doc.removeEventListener('click', onClick, true);
}

/**
 * Called right after hydrateRoot(): React hears the click, hydrates at once what it needs and runs the
 * button's handler. Later clicks reach React itself (it replays those that come while it hydrates).
 */
export function replayFirstPaintClick(): void {
  stopNoting?.();
  stopNoting = null;
  const button = noted;
  noted = null;
  if (button?.isConnected) button.click();
}

/**
 * Called once the app's page has taken a served page's place (renderOver): the served button is gone, so the
 * app's button of the same text in `within` is clicked (the served course page's Sign up opens the dialog).
 */
export function replayServedPageClick(within: Element): void {
  stopNoting?.();
  stopNoting = null;
  const text = noted?.textContent?.trim();
  noted = null;
  if (!text) return;
  [...within.querySelectorAll('button')].find((button) => button.textContent?.trim() === text)?.click();
}
