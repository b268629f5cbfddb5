/**
 * Scenario 7: the community service killed (SIGKILL) during a live session. A member watches a webinar's
 * page with the live question board open; community dies: its routes answer 503 JSON at once, the page
 * stays usable (its video plays, no blank page, no 500), the board says it is reconnecting; the supervisor
 * restarts community and the board's stream comes back by itself: a question asked then appears without a
 * reload. Then, with community kept down (the supervisor paused), a course's lesson page still plays its
 * video and shows the discussion's contained fallback.
 */
import type { Page, Response } from 'playwright-core';
import { demoAccounts, type LiveSession } from '@catalyst/contracts';
import { demoLessonId } from '@catalyst/demo';
import { launchTestChromium } from '../../scripts/lib/chromium';
import { BROWSER_WAIT_MS, visible } from './lib/browser';
import type { Checks } from './lib/checks';
import { isAlive, login, type Environment } from './lib/environment';
import { NOT_SERVING_AGAIN, RESTART_WAIT_MS, call, sleep, waitFor, type ApiBody } from './lib/http';

const WEBINAR = 'scaling-postgres-webinar';
/** A demo course and a lesson of it only the plan opens (the member has it). */
const COURSE = { slug: 'css-grid-layout-workshop', lesson: 'first-grid' };
const TAGLINE = 'Where the change happens.';

/** The page's video plays: Play pressed (when it shows), its time moves on. */
async function videoPlays(page: Page): Promise<{ ok: boolean; detail: string }> {
  const video = page.getByTestId('video-player').locator('video').first();
  const there = await video.waitFor({ state: 'attached', timeout: BROWSER_WAIT_MS }).then(
    () => true,
    () => false,
  );
  if (!there) return { ok: false, detail: 'no video on the page' };
  await page
    .getByRole('button', { name: 'Play video' })
    .first()
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await video
    .evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play().catch(() => undefined);
    })
    .catch(() => undefined);
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime).catch(() => 0);
  const moved = await waitFor(
    async () => (await video.evaluate((v: HTMLVideoElement) => v.currentTime)) > start + 0.5,
    20_000,
    250,
  );
  const end = await video.evaluate((v: HTMLVideoElement) => v.currentTime).catch(() => -1);
  return { ok: moved !== undefined, detail: `currentTime ${start.toFixed(1)} → ${end.toFixed(1)} s` };
}

/** Every answer of 500 or more the page got, but the 503s community's routes give while it is down. */
function serverErrors(page: Page) {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    const expected = response.status() === 503 && url.pathname.startsWith('/api/v1/community/');
    if (response.status() >= 500 && !expected) seen.push(`${response.status()} ${url.pathname}`);
  });
  return seen;
}

async function memberPage(env: Environment, token: string, path: string): Promise<Page> {
  const browser = await launchTestChromium();
  const context = await browser.newContext({ baseURL: env.url });
  await context.addInitScript((t) => {
    sessionStorage.setItem('token', t);
    if (!localStorage.getItem('cookieConsent')) localStorage.setItem('cookieConsent', 'essential');
  }, token);
  const page = await context.newPage();
  page.once('close', () => void browser.close());
  await page.goto(path);
  return page;
}

export async function communityKilled(env: Environment, checks: Checks) {
  checks.begin('7. Community killed during a live session, then restarted by the supervisor');
  const base = env.url;
  const admin = await login(base, demoAccounts.admin.email, demoAccounts.admin.password);
  const member = await login(base, demoAccounts.member.email, demoAccounts.member.password);
  const webinar = (await call(base, 'GET', `/api/v1/content/products/${WEBINAR}`)).body?.data as
    { _id: string; title: string } | undefined;
  if (!checks.check('a demo webinar to hold the session', !!webinar?._id) || !webinar) return;
  const scheduled = await call<ApiBody<LiveSession>>(
    base,
    'PUT',
    `/api/v1/admin/community/live/${webinar._id}`,
    {
      token: admin,
      body: {
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        durationMinutes: 120,
        joinUrl: 'https://meet.example.com/fault-suite',
      },
    },
  );
  if (
    !checks.check(
      'the admin schedules a live session running now',
      scheduled.status === 200 && scheduled.body?.data?.status === 'live',
      `${scheduled.status} ${JSON.stringify(scheduled.body).slice(0, 200)}`,
    )
  )
    return;
  const ask = (body: string) =>
    call(base, 'POST', `/api/v1/community/live/${webinar._id}/questions`, { token: member, body: { body } });
  const tag = Date.now().toString(36);

  const page = await memberPage(env, member, `/browse/premium/product/${WEBINAR}`);
  const errors = serverErrors(page);
  try {
    const boardShown = await visible(page.getByTestId('live-questions'));
    if (!checks.check("the member's webinar page shows the live board", boardShown)) return;
    // The stream is open before the first question, so it arrives over it.
    await waitFor(async () => !(await page.getByText('Reconnecting…').isVisible()), 5_000);
    await sleep(1_000);
    const first = await ask(`Before the fault ${tag}?`);
    const arrived = await visible(page.getByText(`Before the fault ${tag}?`), 10_000);
    checks.check(
      'a question asked through the API appears on the board (stream open)',
      first.status === 201 && arrived,
      `${first.status}, shown ${arrived}`,
    );
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The kill.
    const pid = env.runtime().pids.community!;
    const gatewayPid = env.runtime().pids.gateway!;
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    await waitFor(async () => !isAlive(pid), 2_000, 10);
    const down = await call(base, 'GET', `/api/v1/community/live/${webinar._id}/questions`, {
      token: member,
      timeoutMs: 2_000,
    });
    checks.check(
      'community down: its routes answer 503 JSON within a second',
      down.status === 503 && down.shaped && down.ms < 1_000,
      `${down.status} in ${Math.round(down.ms)} ms`,
    );
    const product = await call(base, 'GET', `/api/v1/content/premium/products/${WEBINAR}`, { token: member });
    checks.check(
      'community down: the product itself still answers',
      product.status === 200,
      String(product.status),
    );
    const reconnecting = await visible(page.getByText('Reconnecting…'), 15_000);
    checks.check(
      'the board says it is reconnecting',
      reconnecting,
      reconnecting ? `after ${Date.now() - killedAt} ms` : 'no "Reconnecting…" within 15 s',
    );
    const plays = await videoPlays(page);
    checks.check('community down: the webinar page still plays its video', plays.ok, plays.detail);
    const usable =
      (await visible(page.getByText(TAGLINE), 5_000)) &&
      (await visible(page.getByRole('heading', { name: webinar.title }), 5_000));
    checks.check('community down: the page is whole (shell, the product title), not blank', usable);

    // The supervisor restarts it: the board's stream reconnects without a reload.
    const servedIn = await waitFor(
      async () =>
        (
          await call(base, 'GET', `/api/v1/community/live/${webinar._id}/questions`, {
            token: member,
            timeoutMs: 2_000,
          })
        ).status === 200,
      RESTART_WAIT_MS,
      250,
    );
    const after = env.runtime().pids;
    checks.check(
      'community restarted by the supervisor serves again through the same gateway',
      servedIn !== undefined && after.community !== pid && after.gateway === gatewayPid,
      servedIn !== undefined
        ? `serving ${Date.now() - killedAt} ms after the kill (pid ${pid} → ${after.community})`
        : NOT_SERVING_AGAIN,
    );
    const duringGap = await ask(`Asked while the board was away ${tag}?`);
    const reopened = await waitFor(
      async () => !(await page.getByText('Reconnecting…').isVisible()),
      45_000,
      250,
    );
    checks.check(
      'the board reconnects by itself',
      reopened !== undefined,
      reopened !== undefined ? `${Date.now() - killedAt} ms after the kill` : 'still reconnecting after 45 s',
    );
    await sleep(500);
    const second = await ask(`After the restart ${tag}?`);
    const secondShown = await visible(page.getByText(`After the restart ${tag}?`), 15_000);
    const sameDocument = await page
      .evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)
      .catch(() => false);
    checks.check(
      'a question asked after the restart appears on the board without a reload',
      second.status === 201 && secondShown && sameDocument,
      `${second.status}, shown ${secondShown}, same document ${sameDocument}`,
    );
    const gapShown = await visible(page.getByText(`Asked while the board was away ${tag}?`), 5_000);
    checks.check(
      'a question asked before the stream came back is on the board too (nothing missed across the reconnect)',
      duringGap.status === 201 && gapShown,
      `${duringGap.status}, shown ${gapShown}`,
    );
    const stillFirst = await visible(page.getByText(`Before the fault ${tag}?`), 2_000);
    checks.check('the questions from before the fault are still shown', stillFirst);
    checks.check(
      'no answer of 500 or more reached the page (but community’s own 503s)',
      errors.length === 0,
      errors.slice(0, 5).join(', ') || 'none',
    );
  } finally {
    await page.close();
  }

  // Community kept down: a course's lesson page plays, its discussion shows the contained fallback.
  const lessonPath = `/browse/premium/product/${COURSE.slug}/lesson/${demoLessonId(COURSE.slug, COURSE.lesson)}`;
  const launcherPid = env.runtime().pids.launcher!;
  const communityPid = env.runtime().pids.community!;
  process.kill(launcherPid, 'SIGSTOP');
  let resumed = false;
  const resume = () => {
    if (!resumed) process.kill(launcherPid, 'SIGCONT');
    resumed = true;
  };
  try {
    process.kill(communityPid, 'SIGKILL');
    await waitFor(async () => !isAlive(communityPid), 2_000, 10);
    const lesson = await memberPage(env, member, lessonPath);
    const lessonErrors = serverErrors(lesson);
    try {
      const plays = await videoPlays(lesson);
      checks.check('community down: a course lesson page still plays its video', plays.ok, plays.detail);
      // the discussion loads once it nears the screen: scrolled to, as a reader does
      await lesson.getByTestId('community-discussion').scrollIntoViewIfNeeded({ timeout: BROWSER_WAIT_MS });
      const area = lesson.getByTestId('remote-community');
      const contained = await visible(area.getByRole('button', { name: /Try again|Retry/ }));
      const fallbackText = contained
        ? (await area.first().innerText()).replace(/\s+/g, ' ').slice(0, 160)
        : '';
      checks.check(
        '…and its discussion shows the contained fallback (with a way to try again)',
        contained,
        fallbackText || 'no Try again/Retry inside the discussion',
      );
      const curriculum = await visible(lesson.getByText(TAGLINE), 5_000);
      checks.check('…the rest of the page is whole', curriculum);
      checks.check(
        '…with no answer of 500 or more',
        lessonErrors.length === 0,
        lessonErrors.slice(0, 5).join(', ') || 'none',
      );
    } finally {
      await lesson.close();
    }
  } finally {
    resume();
  }
  const back = await waitFor(
    async () =>
      (await call(base, 'GET', `/api/v1/community/live/${webinar._id}`, { token: member, timeoutMs: 2_000 }))
        .status === 200,
    RESTART_WAIT_MS,
    250,
  );
  checks.check(
    'the supervisor, resumed, restarts community',
    back !== undefined && env.runtime().pids.community !== communityPid,
    back !== undefined ? `serving ${back} ms after resuming` : NOT_SERVING_AGAIN,
  );
}
