import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, appHasTakenOver, demo, dismissCookieBanner, expect, test } from './fixtures';

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');
const html = (page: Page) => page.locator('html');

/** The learner's account as the API shows it: its name, e-mail and the language it keeps. */
async function learnerAccount(request: APIRequestContext) {
  const token = await apiToken(request, 'learner');
  const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const { user } = (
    (await me.json()) as { data: { user: { name: string; email: string; locale?: string | null } } }
  ).data;
  return { token, user };
}

// The learner keeps no language, as seeded: the next journeys that sign in as the learner start in English.
test.afterAll(async ({ request }) => {
  const { token, user } = await learnerAccount(request);
  const reset = await request.put('/api/v1/users/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: user.name, email: user.email, locale: null },
  });
  expect(reset.status()).toBe(200);
});

test('a visitor picks Arabic in the footer: the page turns right to left, stays Arabic, and the learner keeps it', async ({
  page,
  request,
}, testInfo) => {
  await dismissCookieBanner(page);
  await page.goto('/');
  await appHasTakenOver(page, 'Welcome');
  await expect(html(page)).toHaveAttribute('lang', 'en');

  await footer(page).getByLabel('Language').selectOption('ar');
  await expect(html(page)).toHaveAttribute('lang', 'ar');
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أهلًا بك في Catalyst');
  await expect(header(page).getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'إنشاء حساب' })).toBeVisible();
  await expect(footer(page).getByRole('link', { name: 'سياسة الخصوصية' })).toBeVisible();
  await expect(page).toHaveTitle('أهلًا بك | Catalyst');
  // mirrored: the logo is now on the right of the header's buttons
  const logo = await header(page).getByRole('link', { name: 'الصفحة الرئيسية لـ Catalyst' }).boundingBox();
  const login = await header(page).getByRole('button', { name: 'تسجيل الدخول' }).boundingBox();
  expect(logo!.x).toBeGreaterThan(login!.x);
  const screenshot = testInfo.outputPath('welcome-ar.png');
  await page.screenshot({ path: screenshot, fullPage: true });
  await testInfo.attach('welcome page in Arabic', { path: screenshot, contentType: 'image/png' });

  // A reload starts in Arabic, and its English first paint does not flash: with the app's scripts refused, the
  // gateway's head script alone has set the language and keeps that paint hidden, and only for a while: a page
  // whose scripts never run shows its English rather than nothing.
  await page.route('**/*.js', (route) => route.abort());
  await page.reload();
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('#root')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 10_000 });
  await page.unroute('**/*.js');
  await page.reload();
  await expect(header(page).getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(footer(page).getByLabel('اللغة')).toHaveValue('ar');

  // The learner signs in through the account's dialog, in Arabic: Arabic stays, and the account keeps it.
  await header(page).getByRole('button', { name: 'تسجيل الدخول' }).click();
  const dialog = page.getByRole('dialog', { name: 'مرحبًا بعودتك' });
  await dialog.getByLabel('البريد الإلكتروني', { exact: true }).fill(demo.learner.email);
  await dialog.getByLabel('كلمة المرور', { exact: true }).fill(demo.learner.password);
  await dialog.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(header(page).getByText(/^مرحبًا، /)).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'لوحة التحكم' }).first()).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'ar');
  await expect.poll(async () => (await learnerAccount(request)).user.locale).toBe('ar');
  // The dashboard's Top Courses in Arabic, from the catalogue's small widgets table.
  await expect(page.getByRole('heading', { level: 2, name: 'أفضل الدورات' })).toBeVisible();
  // The account's pages in Arabic too: the profile loads the account remote's own strings.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('إعدادات الملف الشخصي');
  await expect(page.getByRole('button', { name: 'تحديث الملف الشخصي' })).toBeVisible();

  // The catalogue's and the community's pages in Arabic: each remote loads its own strings for it.
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تصفّح الفئات');
  await expect(page.getByText('محتوى مميز').first()).toBeVisible();
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الإشعارات');

  // The player's product page in Arabic, its video controls still left to right (Play first, Full screen last).
  await page.goto('/browse/premium/product/html-css-from-scratch');
  await expect(page.getByRole('heading', { name: 'الوصف' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'وضع علامة كمكتمل' })).toBeVisible();
  const player = page.getByTestId('video-player');
  const play = await player.getByRole('button', { name: 'تشغيل', exact: true }).boundingBox();
  const fullScreen = await player.getByRole('button', { name: 'ملء الشاشة' }).boundingBox();
  expect(play!.x).toBeLessThan(fullScreen!.x);

  // Back to English in the footer: the spec's English texts again, kept on the account.
  await footer(page).getByLabel('اللغة').selectOption('en');
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
  await expect(header(page).getByText(/^Welcome, /)).toBeVisible();
  await expect(
    header(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }),
  ).toBeVisible();
  await expect(footer(page).getByRole('heading', { name: 'Explore' })).toBeVisible();
  await expect(footer(page).getByRole('link', { name: 'Terms and Conditions' })).toBeVisible();
  await expect(footer(page)).toContainText('All rights reserved.');
  await expect.poll(async () => (await learnerAccount(request)).user.locale).toBe('en');
});
