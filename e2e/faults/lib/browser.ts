import type { Browser, Locator, Page } from 'playwright-core';

/**
 * How long a scenario waits for a browser to show something. The fault suite runs beside vitest and the
 * browser journeys on CI, where a cold page with its remotes has taken longer than 15 s to show.
 */
export const BROWSER_WAIT_MS = 30_000;

/** A page of a new context that has already answered the cookie banner (as a returning visitor has). */
export async function visitorPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  await context.addInitScript(() => {
    if (!localStorage.getItem('cookieConsent')) localStorage.setItem('cookieConsent', 'essential');
  });
  return context.newPage();
}

/** Whether the locator's first match becomes visible within `timeout`. */
export const visible = (locator: Locator, timeout = BROWSER_WAIT_MS) =>
  locator
    .first()
    .waitFor({ state: 'visible', timeout })
    .then(() => true)
    .catch(() => false);

/**
 * What the page shows, for a failed check's detail: its address, title and the start of its visible text,
 * so a failure on CI says whether the page was blank, still loading or showing something else.
 */
export async function whatShows(page: Page): Promise<string> {
  try {
    const { title, text } = await page.evaluate(() => ({
      title: document.title,
      text: (document.body?.innerText ?? '').replace(/\s+/g, ' ').trim(),
    }));
    return `${new URL(page.url()).pathname} "${title}": ${text.slice(0, 240) || '(no text)'}`;
  } catch (error) {
    return `${page.url()}: unreadable (${(error as Error).message.split('\n')[0]})`;
  }
}

/** A check's outcome for texts a page must show: all of them visible, or what it showed instead. */
export async function showsAll(page: Page, texts: string[]): Promise<{ ok: boolean; detail?: string }> {
  for (const text of texts) {
    if (!(await visible(page.getByText(text))))
      return { ok: false, detail: `no "${text}"; ${await whatShows(page)}` };
  }
  return { ok: true };
}
