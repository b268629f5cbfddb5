// Catalyst as an LTI 1.3 tool in Chromium: an admin registers a test LMS (services/auth/src/lti/test-platform.ts,
// its own keys, on a loopback address of another site) on /admin/lti, then the LMS's course page frames
// Catalyst's launch, its learner lands signed in on the course inside the frame, and completing it sends the LMS
// a score (AGS) through progress's event feed.
import { ltiRoutes, routeUrl } from '@catalyst/contracts';
import { startTestPlatform, type TestPlatform } from '../services/auth/src/lti/test-platform';
import { baseURL } from './playwright.config';
import { dismissCookieBanner, expect, loginAs, test } from './fixtures';

const SLUG = 'html-css-from-scratch';
let lms: TestPlatform;

test.beforeAll(async () => {
  lms = await startTestPlatform({ toolJwks: `${baseURL}${routeUrl(ltiRoutes.jwks)}` });
});
test.afterAll(async () => {
  await lms?.close();
});

test('an LMS frames the launch, its learner lands signed in on the course, and completing it sends a score', async ({
  page,
  browser,
}) => {
  await dismissCookieBanner(page);
  await loginAs(page, 'admin');
  await page.goto('/admin/lti');
  const tool = page.getByTestId('lti-tool');
  await expect(tool).toContainText(`${baseURL}${routeUrl(ltiRoutes.login)}`);
  const form = page.getByRole('form', { name: 'Register a platform' });
  const { registration } = lms;
  await form.getByLabel('Name').fill(registration.name);
  await form.getByLabel('Issuer').fill(registration.issuer);
  await form.getByLabel('Client id').fill(registration.clientId);
  await form.getByLabel('Deployment ids').fill(registration.deploymentIds.join(', '));
  await form.getByLabel('OIDC authentication URL').fill(registration.authUrl);
  await form.getByLabel('Access token URL').fill(registration.tokenUrl);
  await form.getByLabel('Keyset (JWKS) URL').fill(registration.jwksUrl);
  await form.getByRole('button', { name: 'Register platform' }).click();
  await expect(page.getByTestId('lti-platform').filter({ hasText: registration.issuer })).toBeVisible();

  // The learner is the LMS's, in a browser that never saw Catalyst: 127.0.0.1 frames localhost, another site.
  const learner = await browser.newContext();
  const lmsPage = await learner.newPage();
  await dismissCookieBanner(lmsPage);
  lms.plan('student-1', { sub: 'lms-student-1', name: 'Sam Student', product: SLUG, ags: true });
  await lmsPage.goto(lms.coursePage('student-1', `${baseURL}${routeUrl(ltiRoutes.login)}`));
  await expect(lmsPage.getByRole('heading', { name: 'Test LMS course' })).toBeVisible();
  const frame = lmsPage.frameLocator('iframe[title="Catalyst"]');
  await expect(frame.getByRole('heading', { level: 1, name: /HTML/ })).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByTestId('progress-percent')).toBeVisible();
  // The video's stream opens in the frame: its media grant was handed as a frame of another site keeps it
  // (pointed at, the player loads it).
  await frame.getByTestId('video-player').hover();
  await expect
    .poll(
      () =>
        frame
          .locator('video')
          .first()
          .evaluate((v: HTMLVideoElement) => v.readyState),
      {
        timeout: 10_000,
      },
    )
    .toBeGreaterThanOrEqual(1);
  expect(
    lmsPage
      .frames()
      .find((f) => f.url().startsWith(baseURL))
      ?.url(),
  ).toBe(`${baseURL}/browse/premium/product/${SLUG}`);

  await frame.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(frame.getByTestId('progress-percent')).toHaveText('Completed · 100%');
  await expect.poll(() => lms.recorded.scores.length, { timeout: 15_000 }).toBe(1);
  expect(lms.recorded.scores[0]!.score).toMatchObject({
    userId: 'lms-student-1',
    scoreGiven: 1,
    scoreMaximum: 1,
    activityProgress: 'Completed',
  });
  await learner.close();
});
