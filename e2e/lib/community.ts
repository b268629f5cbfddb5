// What the community journeys share: a product's _id, a webinar's live session scheduled and removed by the
// admin, a discussion read and retired through the API, a second browser signed in as someone, and the
// notification e-mail's unsubscribe link.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { LiveSession, Thread } from '../../packages/contracts/src/community';
import { dismissCookieBanner, expect, loginAs } from '../fixtures';
import { bearer } from './course';

async function dataOf<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  what: string,
  status = 200,
): Promise<T> {
  expect(response.status(), `${what} answered: ${await response.text()}`).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

/** A product's `_id` from its slug (the public product read). */
export async function productIdOf(request: APIRequestContext, slug: string): Promise<string> {
  return (
    await dataOf<{ _id: string }>(
      await request.get(`/api/v1/content/products/${slug}`),
      `the product ${slug}`,
    )
  )._id;
}

/** The admin schedules (or moves) a webinar's live session: this one started a minute ago and runs an hour. */
export async function scheduleLiveNow(
  request: APIRequestContext,
  adminToken: string,
  productId: string,
  joinUrl: string,
): Promise<LiveSession> {
  const startsAt = new Date(Date.now() - 60_000).toISOString();
  return dataOf<LiveSession>(
    await request.put(`/api/v1/admin/community/live/${productId}`, {
      headers: bearer(adminToken),
      data: { startsAt, durationMinutes: 60, joinUrl },
    }),
    'scheduling the live session',
  );
}

/** The admin removes a webinar's live session (its product page goes back to having none). */
export async function cancelLive(request: APIRequestContext, adminToken: string, productId: string) {
  const res = await request.delete(`/api/v1/admin/community/live/${productId}`, {
    headers: bearer(adminToken),
  });
  expect([200, 404], `removing the live session answered ${res.status()}`).toContain(res.status());
}

/** One discussion as `token`'s owner reads it. */
export async function threadAs(request: APIRequestContext, token: string, threadId: string): Promise<Thread> {
  return dataOf<Thread>(
    await request.get(`/api/v1/community/threads/${threadId}`, { headers: bearer(token) }),
    'the discussion',
  );
}

/** A lesson's discussions (newest first) as `token`'s owner reads them. */
export async function lessonThreads(
  request: APIRequestContext,
  token: string,
  productId: string,
  lessonId: string,
): Promise<Thread[]> {
  const query = new URLSearchParams({ productId, lessonId, limit: '50' });
  return (
    await dataOf<{ items: Thread[] }>(
      await request.get(`/api/v1/community/threads?${query}`, { headers: bearer(token) }),
      'the lesson discussions',
    )
  ).items;
}

/** A test's discussion retired by a moderator: the opening post deleted (kept for audit) and the thread locked. */
export async function retireThread(request: APIRequestContext, adminToken: string, thread: Thread) {
  const reason = { reason: 'end of an e2e journey' };
  const removed = await request.post(`/api/v1/admin/community/posts/${thread.opening._id}/delete`, {
    headers: bearer(adminToken),
    data: reason,
  });
  expect(removed.status(), 'deleting the opening post').toBe(200);
  const locked = await request.put(`/api/v1/admin/community/threads/${thread._id}/lock`, {
    headers: bearer(adminToken),
    data: reason,
  });
  expect(locked.status(), 'locking the discussion').toBe(200);
}

/** A browser of its own (another person at another computer), signed in, the cookie choice made. */
export async function signedInBrowser(browser: Browser, who: Parameters<typeof loginAs>[1]): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await dismissCookieBanner(page);
  await loginAs(page, who);
  return page;
}

/** The unsubscribe page's address in an e-mail's text (not the List-Unsubscribe header's API address). */
export function unsubscribePageLink(email: string): string | undefined {
  const links = email.match(/https?:\/\/[^\s<>"]+\/unsubscribe\?token=[A-Za-z0-9._~%-]+/g) ?? [];
  return links.find((link) => !new URL(link).pathname.startsWith('/api/'));
}

/** Marks a page so a later check can tell it was never reloaded (a reload forgets the mark). */
export const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
export const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);
