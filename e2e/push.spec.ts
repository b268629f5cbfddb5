// Push on this device (the notifications' settings): the switches per type and device, the click that asks the
// browser for a subscription, and the worker showing a push with its link. In the full Chromium: the suite's
// headless shell (scripts/lib/chromium.ts) has no notification platform, its permission reads denied, granted or
// not; a browser option is a file's own (it starts a worker of its own), hence this file.
import { PUSH_TEXTS, type NotificationPreferences, type PushSubscriptions } from '@catalyst/contracts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { dismissCookieBanner, expect, loginAs, test } from './fixtures';
import { bearer } from './lib/course';

// The suite blocks service workers elsewhere (playwright.config.ts): push needs the app's worker.
test.use({
  serviceWorkers: 'allow',
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
});

// The system Chromium, headless and offline, cannot make a push subscription (its push service is Google's:
// `subscribe` rejects "Registration failed - permission denied"), so this journey proves the rest: the switches,
// the click that asks for a subscription and says plainly when the browser cannot, and the worker showing a
// push (delivered over the DevTools protocol) with its title, body and link, and a click on it opening that link.
// Delivery to a subscription is proven by services/community/src/notifications/push.test.ts with its test push
// service.
test('offers push per type and on this device, and the worker shows a push with its link', async ({
  page,
  request,
  baseURL,
}) => {
  await page.context().grantPermissions(['notifications'], { origin: baseURL });
  await dismissCookieBanner(page);
  const token = await loginAs(page, 'learner');
  await page.goto('/notifications/settings');
  await expect(page.getByRole('columnheader', { name: 'On your devices' })).toBeVisible();
  // a reply is pushed unless switched off; an answer marked only once switched on
  const answers = page.getByRole('checkbox', {
    name: 'Answers marked on your questions and replies: on your devices',
  });
  await expect(
    page.getByRole('checkbox', { name: 'Replies in discussions you follow: on your devices' }),
  ).toBeChecked();
  await expect(answers).not.toBeChecked();
  await answers.check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  const saved = await request.get('/api/v1/community/notifications/preferences', {
    headers: bearer(token),
  });
  expect(
    ((await saved.json()) as { data: NotificationPreferences }).data.preferences.find(
      (p) => p.type === 'answer',
    ),
  ).toMatchObject({ push: true });

  // the click asks the browser for a subscription; this one cannot make one and the page says so
  const device = page.getByRole('region', { name: 'On this device' });
  await expect(device.getByRole('status')).toHaveText(PUSH_TEXTS.off);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await device.getByRole('button', { name: PUSH_TEXTS.turnOn }).click();
  await expect(device.getByText(PUSH_TEXTS.failed)).toBeVisible();
  const stored = await request.get('/api/v1/community/notifications/push/subscriptions', {
    headers: bearer(token),
  });
  expect(((await stored.json()) as { data: PushSubscriptions }).data.subscriptions).toEqual([]);

  // a push reaching the worker is shown with its title and body, and keeps its link inside the app
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId: await registration,
    data: JSON.stringify({
      title: 'Ada Admin replied in “Grid gutters”',
      body: 'From the column gap of the layout grid.',
      url: '/notifications',
    }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
        })),
      ),
    )
    .toEqual([
      {
        title: 'Ada Admin replied in “Grid gutters”',
        body: 'From the column gap of the layout grid.',
        url: `${baseURL}/notifications`,
      },
    ]);

  // a click on it brings the app's open tab to its link. Headless Chromium shows no notification a person
  // could click, so the worker is handed the click event the browser would give it for the one it shows.
  const [worker] = page.context().serviceWorkers();
  expect(worker, 'the app runs its service worker').toBeDefined();
  await worker!.evaluate(async () => {
    // the worker's own globals (this file is typed for pages, not workers)
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [shown] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown! }));
  });
  await expect(page).toHaveURL(`${baseURL}/notifications`);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).getNotifications())).toEqual(
    [],
  );
});
