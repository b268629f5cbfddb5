// The video player as a journey drives it: the element, its clock, and watching to the end as a person does.
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

export const video = (page: Page) => page.getByTestId('video-player').locator('video');
export const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/**
 * The video's metadata has loaded (its length is known). The player loads it once a person shows they mean to
 * watch: they point at it first.
 */
export async function mediaReady(page: Page): Promise<number> {
  await page.getByTestId('video-player').hover();
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  return video(page).evaluate((v: HTMLVideoElement) => v.duration);
}

/** Moves the playhead near the end, as the seek bar does, and plays with the keyboard until the video ends. */
export async function watchToTheEnd(page: Page) {
  const length = await mediaReady(page);
  await video(page).evaluate((v: HTMLVideoElement, to) => {
    v.currentTime = to;
  }, length - 1.5);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(length - 2);
  if (await video(page).evaluate((v: HTMLVideoElement) => v.paused)) {
    await page.getByTestId('video-player').focus();
    await page.keyboard.press('Space');
  }
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.ended), { timeout: 15_000 })
    .toBe(true);
}

/** Whether the element with this test id is in what the browser shows full screen. */
export const inFullScreen = (page: Page, testId: string) =>
  page.evaluate(
    (id) => !!document.fullscreenElement?.contains(document.querySelector(`[data-testid="${id}"]`)),
    testId,
  );
