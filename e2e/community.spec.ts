import { renameSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiToken,
  dataDir,
  demo,
  dismissCookieBanner,
  expect,
  latestEmailTo,
  loginAs,
  test,
} from './fixtures';
import {
  bearer,
  courseProgressOf,
  lessonHeading,
  lessonTitled,
  lessonUrl,
  outlineOf,
  restoreCourse,
} from './lib/course';
import {
  cancelLive,
  lessonThreads,
  markPage,
  productIdOf,
  retireThread,
  scheduleLiveNow,
  signedInBrowser,
  stillSamePage,
  threadAs,
  unsubscribePageLink,
} from './lib/community';
import { newPremiumMember } from './lib/members';

const COURSE = 'ui-design-fundamentals';
const LESSON = 'Visual hierarchy';
const WEBINAR = 'fundraising-qa-webinar';

const discussion = (page: Page) => page.getByRole('region', { name: 'Questions & answers' });

/** The lesson's discussion, scrolled to as a learner does (it loads only once near the screen). */
async function scrollToDiscussion(page: Page) {
  await page.getByTestId('community-discussion').scrollIntoViewIfNeeded();
  return discussion(page);
}
const video = (page: Page) => page.getByTestId('video-player').locator('video');

/** A course's progress once no save is on its way any more (the same for two reads a second apart). */
async function settledProgress(request: APIRequestContext, token: string, productId: string) {
  let last = JSON.stringify(await courseProgressOf(request, token, productId));
  for (let reads = 0; reads < 15; reads++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = JSON.stringify(await courseProgressOf(request, token, productId));
    if (now === last) break;
    last = now;
  }
  return JSON.parse(last) as Awaited<ReturnType<typeof courseProgressOf>>;
}

/**
 * What a learner (and the other journeys) see of a course's progress: its figure, the lesson they were in and
 * each lesson begun (a zero row, as a reset leaves, reads as a lesson never opened).
 */
const figuresOf = ({ course, currentLessonId, lessons }: Awaited<ReturnType<typeof courseProgressOf>>) => ({
  course: { progress: course.progress, completed: course.completed },
  currentLessonId,
  lessons: lessons
    .filter((row) => row.completed || row.progress > 0 || row.lastPosition > 0)
    .map(({ lessonId, progress, lastPosition, completed }) => ({
      lessonId,
      progress,
      lastPosition,
      completed,
    })),
});

/**
 * The demo member's progress in a course, put back after the test if opening a lesson changed it. Call the
 * restore once the member's pages have left the lesson: their last saves (the unload save) land first.
 */
async function keepProgress(request: APIRequestContext, productId: string) {
  const token = await apiToken(request, 'member');
  const before = await courseProgressOf(request, token, productId);
  return async () => {
    if (
      JSON.stringify(figuresOf(await settledProgress(request, token, productId))) ===
      JSON.stringify(figuresOf(before))
    )
      return;
    await restoreCourse(request, token, productId, before);
    expect(
      figuresOf(await settledProgress(request, token, productId)),
      "the demo member's course is as it was",
    ).toEqual(figuresOf(before));
  };
}

/** What the demo member watched last (the dashboard's Continue watching). */
async function recentOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/content/progress/recent', { headers: bearer(token) });
  expect(res.status(), 'recent progress').toBe(200);
  return ((await res.json()) as { data: unknown[] }).data;
}

/** The lesson's video plays (started by its Play button when it waits for one, which loads it too). */
async function expectVideoPlays(page: Page) {
  if (await video(page).evaluate((v: HTMLVideoElement) => v.paused))
    await page.getByRole('button', { name: 'Play video' }).click();
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/*
 * The one who asks is a new Premium member and the one who answers is the demo member: notification e-mails are
 * batched to at most one an hour per person, so a fresh asker gets theirs whatever else ran before (a retry too).
 */
test('a member asks on a lesson, another member answers in another browser, and the first gets the answer live and by e-mail', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const outline = await outlineOf(request, COURSE);
  const lesson = lessonTitled(outline, LESSON);
  const restoreProgress = await keepProgress(request, outline.productId);
  const adminToken = await apiToken(request, 'admin');
  const stamp = Date.now();
  const title = `Why does the heading win over the button? ${stamp}`;
  const answer = `Size and contrast come first; the button is **smaller** and paler. ${stamp}`;
  const lessonPath = `/browse/premium/product/${COURSE}/lesson/${lesson.id}`;

  // member A: a new account with its own Premium plan; member B, the demo member, in a browser of its own
  const asker = await newPremiumMember(request, 'Ada Asker', 'community');
  const other = await signedInBrowser(browser, 'member');
  try {
    // member A asks in the lesson's discussion
    await loginAs(page, asker);
    await page.goto(lessonPath);
    await expect(lessonHeading(page, lesson.title)).toBeVisible();
    const mine = await scrollToDiscussion(page);
    await expect(
      mine.getByText('No questions yet. Be the first to ask one.').or(mine.getByTestId('thread-list')),
    ).toBeVisible();
    await mine.getByRole('button', { name: 'Ask a question' }).click();
    const ask = mine.getByRole('form', { name: 'Ask a question' });
    await ask.getByLabel('Title').fill(title);
    await ask
      .getByLabel('Details')
      .fill('The *Visual hierarchy* lesson says the eye goes to the heading first. Why not the button?');
    await ask.getByRole('button', { name: 'Post question' }).click();
    // the posted discussion opens, as the server rendered it
    const thread = mine.getByTestId('thread-view');
    await expect(thread.getByRole('heading', { level: 3, name: title })).toBeVisible();
    await expect(thread.getByTestId('post').first().locator('em')).toHaveText('Visual hierarchy');
    await expect(thread.getByRole('heading', { name: '0 replies' })).toBeVisible();
    // asking follows the discussion
    await expect(thread.getByRole('button', { name: 'Unfollow' })).toHaveAttribute('aria-pressed', 'true');
    await markPage(page);

    // member B opens the same lesson in the other browser, sees the question and answers it
    await other.goto(lessonPath);
    await expect(lessonHeading(other, lesson.title)).toBeVisible();
    const theirs = await scrollToDiscussion(other);
    await theirs.getByRole('button', { name: title, exact: true }).click();
    const opened = theirs.getByTestId('thread-view');
    await expect(opened.getByRole('heading', { level: 3, name: title })).toBeVisible();
    // the author is shown by profile name, never by e-mail address
    await expect(opened.getByTestId('post').first()).toContainText(asker.name);
    await expect(opened).not.toContainText(asker.email);
    await opened.getByLabel('Your reply').fill(answer);
    await opened.getByRole('button', { name: 'Post reply' }).click();
    await expect(opened.getByRole('heading', { name: '1 reply' })).toBeVisible();
    await expect(opened.getByTestId('post').nth(1).locator('strong')).toHaveText('smaller');

    // member A, still on the page, gets the answer without reloading
    const reply = thread.getByTestId('post').filter({ hasText: 'Size and contrast come first' });
    await expect(reply, 'the answer appears in the open discussion by itself').toBeVisible({
      timeout: 30_000,
    });
    await expect(reply).toContainText(demo.member.name);
    await expect(reply).not.toContainText(demo.member.email);
    await expect(thread.getByRole('heading', { name: '1 reply' })).toBeVisible();
    await expect(mine.getByTestId('discussion-announcer')).toHaveText('1 new reply');
    expect(await stillSamePage(page), 'member A never reloaded the page').toBe(true);
    // the one who asked marks it as the answer
    await reply.getByRole('button', { name: 'Mark as answer' }).click();
    await expect(reply.getByText('Answer', { exact: true })).toBeVisible();
    await expect(thread.getByText('Answered', { exact: true })).toBeVisible();

    // and by e-mail: the notification names the discussion and who answered, with an unsubscribe link
    let email: string | undefined;
    await expect
      .poll(() => (email = latestEmailTo(asker.email))?.includes(title) ?? false, {
        message: 'the answer e-mail reaches the outbox',
        timeout: 30_000,
      })
      .toBe(true);
    expect(email).toContain(demo.member.name);
    expect(email).not.toContain(demo.member.email);
    expect(email).toMatch(/^List-Unsubscribe: /m);
    const link = unsubscribePageLink(email!);
    expect(link, 'the e-mail carries a link to the unsubscribe page').toMatch(
      /^https?:\/\/[^\s/]+\/unsubscribe\?token=\S+$/,
    );
    const threadId = (await lessonThreads(request, asker.token, outline.productId, lesson.id)).find(
      (t) => t.title === title,
    )!._id;
    expect((await threadAs(request, asker.token, threadId)).following).toBe(true);

    // the link works in a browser where nobody is signed in
    const anonymous = await browser.newContext();
    try {
      const signedOut = await anonymous.newPage();
      await dismissCookieBanner(signedOut);
      await signedOut.goto(link!);
      await expect(signedOut).toHaveURL(/\/unsubscribe\?token=/);
      await expect(signedOut.getByRole('heading', { name: 'Unsubscribe from e-mails' })).toBeVisible();
      // opening it changed nothing (mail scanners open links): the person confirms
      expect((await threadAs(request, asker.token, threadId)).following).toBe(true);
      await signedOut.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(signedOut.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
      await expect(signedOut.getByRole('status').filter({ hasText: 'You will no longer get' })).toContainText(
        title,
      );
    } finally {
      await anonymous.close();
    }
    expect(
      (await threadAs(request, asker.token, threadId)).following,
      'member A no longer follows the discussion',
    ).toBe(false);
  } finally {
    await other.goto('/about').catch(() => undefined);
    await other.context().close();
    for (const thread of (await lessonThreads(request, adminToken, outline.productId, lesson.id)).filter(
      (t) => t.title === title,
    ))
      await retireThread(request, adminToken, thread);
    await restoreProgress();
  }
});

test('two members on a live webinar: a question appears for the other without reloading, and its upvote comes back live', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const adminToken = await apiToken(request, 'admin');
  const productId = await productIdOf(request, WEBINAR);
  const joinUrl = `https://meet.example.com/catalyst-e2e-${Date.now()}`;
  const question = `Will the pitch deck template be shared afterwards? ${Date.now()}`;
  const second = await newPremiumMember(request, 'Bea Second', 'live');
  const memberToken = await apiToken(request, 'member');
  const recentBefore = await recentOf(request, memberToken);
  await scheduleLiveNow(request, adminToken, productId, joinUrl);
  const other = await signedInBrowser(browser, second);
  try {
    await loginAs(page, 'member');
    for (const viewer of [page, other]) {
      await viewer.goto(`/browse/premium/product/${WEBINAR}`);
      const board = viewer.getByRole('region', { name: 'Live Q&A session' });
      await expect(board.getByText('Live now')).toBeVisible();
      const join = board.getByRole('link', { name: /Join session/ });
      await expect(join).toHaveAttribute('href', joinUrl);
      await expect(join).toHaveAttribute('target', '_blank');
      await expect(board.getByTestId('live-questions')).toBeVisible();
      await markPage(viewer);
    }

    // member A asks
    const mine = page.getByTestId('live-questions');
    await mine.getByLabel('Your question').fill(question);
    await mine.getByRole('button', { name: 'Ask', exact: true }).click();
    const asked = mine.getByTestId('live-question').filter({ hasText: question });
    await expect(asked).toContainText(`${demo.member.name} (you)`);
    const myVotes = asked.getByRole('button', { name: `Upvote: ${question}` });
    await expect(myVotes).toHaveText('0');

    // member B sees it arrive and upvotes it
    const theirs = other.getByTestId('live-questions');
    const arrived = theirs.getByTestId('live-question').filter({ hasText: question });
    await expect(arrived, 'the question arrives over the event stream').toBeVisible({ timeout: 15_000 });
    await expect(arrived).toContainText(demo.member.name);
    const theirVote = arrived.getByRole('button', { name: `Upvote: ${question}` });
    await theirVote.click();
    await expect(theirVote).toHaveAttribute('aria-pressed', 'true');
    await expect(theirVote).toHaveText('1');

    // member A sees the count change by itself
    await expect(myVotes, 'the upvote arrives over the event stream').toHaveText('1', { timeout: 15_000 });
    await expect(myVotes).toHaveAttribute('aria-pressed', 'false');
    expect(await stillSamePage(page), 'member A never reloaded the page').toBe(true);
    expect(await stillSamePage(other), 'member B never reloaded the page').toBe(true);
    // taking part kept no progress for the demo member (what Continue watching shows is as it was)
    await page.goto('/about');
    expect(await recentOf(request, memberToken)).toEqual(recentBefore);
  } finally {
    await other.context().close();
    await cancelLive(request, adminToken, productId);
  }
});

test("with the community remote's files gone, the lesson still plays and its discussion shows the contained fallback", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const outline = await outlineOf(request, COURSE);
  const lesson = lessonTitled(outline, LESSON);
  const restoreProgress = await keepProgress(request, outline.productId);
  const dist = path.join(dataDir, 'static', 'mfe-community', 'dist');
  const hidden = `${dist}.hidden`;
  await loginAs(page, 'member');
  renameSync(dist, hidden);
  try {
    await page.goto(`/browse/premium/product/${COURSE}/lesson/${lesson.id}`);
    await expect(page).toHaveURL(lessonUrl(COURSE, lesson.id));
    await expect(lessonHeading(page, lesson.title)).toBeVisible();
    const section = page.getByTestId('community-discussion');
    await section.scrollIntoViewIfNeeded();
    // contained: in the discussion's place, under the lesson
    await expect(section.getByText("This section couldn't be loaded")).toBeVisible();
    await expect(section.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expectVideoPlays(page);
    // the rest of the lesson page works: the curriculum and Mark Complete are there
    await expect(page.getByTestId('curriculum')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark Complete', exact: true })).toBeVisible();

    // the files back: Retry loads the discussion in place
    renameSync(hidden, dist);
    await section.getByRole('button', { name: 'Retry' }).click();
    await expect(discussion(page)).toBeVisible();
    await expect(page.getByText("This section couldn't be loaded")).toHaveCount(0);
  } finally {
    if (existsSync(hidden)) {
      rmSync(dist, { recursive: true, force: true });
      renameSync(hidden, dist);
    }
    await page.goto('/about').catch(() => undefined);
    await restoreProgress();
  }
});
