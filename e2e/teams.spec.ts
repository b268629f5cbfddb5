// Catalyst for Teams, first slice: an owner buys seats at the payments sandbox's hosted checkout, invites by
// CSV (two bad rows reported), and an invited person registers from the e-mail's link and joins; Northwind's
// owner assigns a path already past due, flagged overdue on the team page and on the member's dashboard; a
// colleague at the domain Northwind's owner verifies joins by the team's join link.
import { demoTeam } from '@catalyst/contracts';
import { startTestDnsServer } from '../services/billing/src/team-sso/test-dns-server';
import { dismissCookieBanner, expect, latestEmailTo, loginAs, test, uniqueEmail } from './fixtures';
import { newLearner } from './lib/members';
import { dnsPort } from './playwright.config';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('an owner buys 5 seats, invites by CSV with two bad rows, and an invited person joins', async ({
  page,
  browser,
}) => {
  await newLearner(page, 'team-owner', 'Olive Owner');
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'For teams' }).click();
  await expect(page.getByRole('heading', { name: 'Catalyst for Teams', level: 1 })).toBeVisible();
  await page.getByLabel('Team name').fill('Northwind Tests');
  await page.getByLabel('Seats', { exact: true }).fill('5');
  await expect(page.getByText('Total: $60 per month')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();

  // the sandbox's hosted checkout, the subscription's quantity the seats
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByText('$60.00').first()).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Subscribe/ }).click();

  await expect(
    page.getByText('Your team Northwind Tests is ready with 5 seats. Invite people below.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByText('1 of 5 seats used')).toBeVisible();

  const sam = uniqueEmail('team-sam');
  const kim = uniqueEmail('team-kim');
  const csv = ['email', sam, 'not-an-address', kim, sam.toUpperCase()].join('\n');
  await page.getByLabel('Upload a CSV file').check();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'invited' })).toHaveText('2 invited, 2 refused.');
  const report = page.getByRole('table', { name: 'Invitation report, row by row' }).getByRole('row');
  await expect(report).toHaveCount(5);
  await expect(report.nth(2)).toContainText('not-an-address');
  await expect(report.nth(2)).toContainText('not an e-mail address');
  await expect(report.nth(4)).toContainText('a duplicate in the list');
  const pending = page.getByRole('table', { name: 'Pending invitations' }).getByRole('row');
  await expect(pending).toHaveCount(3);

  let link: string | undefined;
  await expect
    .poll(() => (link = latestEmailTo(sam)?.match(/Join the team: (\S+)/)?.[1]), {
      message: 'the invitation reaches the outbox',
    })
    .toMatch(/\/team\/join\/\S+$/);
  expect(latestEmailTo(sam)).toContain("Subject: You're invited to join Northwind Tests on Catalyst");

  // The invited person, in a browser of their own: no account yet.
  const context = await browser.newContext();
  const invited = await context.newPage();
  await dismissCookieBanner(invited);
  await invited.goto(new URL(link!).pathname);
  await expect(
    invited.getByRole('heading', { name: 'Join Northwind Tests on Catalyst', level: 1 }),
  ).toBeVisible();
  await invited.getByRole('main').getByRole('button', { name: 'Sign Up' }).click();
  const dialog = invited.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByLabel('Name').fill('Sam Seat');
  await dialog.getByLabel('Email').fill(sam);
  await dialog.getByLabel('Password', { exact: true }).fill('Member-pass-2');
  await dialog.getByLabel('Confirm Password').fill('Member-pass-2');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toHaveCount(0);
  await invited.getByRole('button', { name: 'Join team' }).click();
  await expect(
    invited.getByText('You joined Northwind Tests. Premium is yours through your team.'),
  ).toBeVisible();
  await invited.getByRole('link', { name: 'Your team' }).click();
  await expect(
    invited.getByText(/^You are a member of Northwind Tests\. Your Premium comes from this team/),
  ).toBeVisible();
  await context.close();

  // The owner sees the seat taken, the member listed and the invitation gone.
  await page.reload();
  await expect(page.getByText('2 of 5 seats used')).toBeVisible();
  await expect(page.getByRole('table', { name: '2 members' })).toContainText('Sam Seat');
  await expect(page.getByRole('table', { name: 'Pending invitations' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Audit log, newest first' })).toContainText('Joined');

  // On a phone (390 px) the page keeps to the screen: wide tables scroll inside their own box.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('2 of 5 seats used')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("Northwind's owner assigns a path already past due: it is flagged overdue for the owner and the member", async ({
  page,
  browser,
}) => {
  const member = demoTeam.members[0];
  await loginAs(page, demoTeam.owner);
  await page.goto('/team');
  const learning = page.getByRole('table', { name: "Members' learning" });
  // every demo seat has its row (other journeys may seat more people in Northwind: single sign-on does)
  for (const person of [demoTeam.owner, ...demoTeam.members])
    await expect(learning.getByRole('row').filter({ hasText: person.email })).toHaveCount(1);
  await expect(
    page.getByRole('table', { name: "The team's learning by month" }).getByRole('row'),
  ).toHaveCount(7);

  const form = page.getByRole('form', { name: 'Assign learning' });
  await form
    .getByLabel('Learning path', { exact: true })
    .selectOption({ label: 'Data Analysis, Start to Finish' });
  await form.getByLabel('Choose members').check();
  await form.getByLabel(`${member.name} (${member.email})`).check();
  await form.getByLabel('Due date (optional)').fill('2020-01-31');
  await form.getByRole('button', { name: 'Assign learning' }).click();
  await expect(form.getByRole('status')).toHaveText('Assigned Data Analysis, Start to Finish to 1 people.');
  const assigned = page.getByTestId('team-assignment').filter({ hasText: 'Data Analysis, Start to Finish' });
  await expect(assigned.getByRole('rowheader')).toHaveText('Data Analysis, Start to Finish Overdue');
  await expect(assigned).toContainText(`${member.name}: Overdue`);
  await expect
    .poll(() => latestEmailTo(member.email), { message: 'the assignment reaches the outbox' })
    .toContain('Subject: Northwind assigned you Data Analysis, Start to Finish');

  // The member sees it on their dashboard, flagged.
  const context = await browser.newContext();
  const own = await context.newPage();
  await dismissCookieBanner(own);
  await loginAs(own, member);
  await own.goto('/');
  const card = own.getByTestId('assigned-to-you').filter({ hasText: 'Data Analysis, Start to Finish' });
  await expect(card).toContainText('Due Jan 31, 2020');
  await expect(card).toContainText('Overdue');
  await context.close();
});

test("someone at Northwind's verified domain joins by the team's join link", async ({ page, browser }) => {
  // The owner proves a domain of the company's (a fresh one each run) by the TXT record a test DNS server holds.
  const dns = await startTestDnsServer(dnsPort);
  const domain = `jl${Date.now()}.northwind.example`;
  const ownerToken = await loginAs(page, demoTeam.owner);
  const asOwner = { headers: { Authorization: `Bearer ${ownerToken}` } };
  let joinerId: string | undefined;
  try {
    await page.goto('/team');
    const domains = page.getByRole('region', { name: 'Domains' });
    await domains.getByLabel('Add a domain').fill(domain);
    await domains.getByRole('button', { name: 'Add domain' }).click();
    const row = domains.getByRole('listitem').filter({ hasText: domain });
    dns.publish(
      (await row.locator('code').nth(0).textContent())!,
      (await row.locator('code').nth(1).textContent())!,
    );
    await row.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect(row.getByText('Verified', { exact: true })).toBeVisible();

    const card = page.getByRole('region', { name: 'Join link' });
    await expect(
      card.getByText(new RegExp(`It admits addresses at .*${domain.replace(/\./g, '\\.')}`)),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Turn the join link on' }).click();
    const link = await card.getByLabel('The join link').inputValue();
    expect(link).toMatch(/\/team\/link\/[\w-]{43}$/);

    // A colleague with a verified address at the domain, signed in, in a browser of their own.
    const context = await browser.newContext();
    const colleague = await context.newPage();
    await dismissCookieBanner(colleague);
    const joiner = await newLearner(
      colleague,
      'team-link',
      'Lin Link',
      uniqueEmail('team-link').replace(/@.*/, `@${domain}`),
    );
    await colleague.goto(new URL(link).pathname);
    await expect(
      colleague.getByRole('heading', { name: 'Join Northwind on Catalyst', level: 1 }),
    ).toBeVisible();
    await colleague.getByRole('button', { name: 'Join team' }).click();
    await expect(
      colleague.getByText('You joined Northwind. Premium is yours through your team.'),
    ).toBeVisible();
    const me = await colleague.request.get('/api/v1/auth/me', {
      headers: { Authorization: `Bearer ${joiner.token}` },
    });
    joinerId = ((await me.json()) as { data: { user: { _id: string } } }).data.user._id;
    await context.close();

    await page.reload();
    await expect(page.getByRole('table', { name: 'Audit log, newest first' })).toContainText(
      `${joiner.email} by join link`,
    );
  } finally {
    // Northwind stays as seeded for other journeys: the seat freed, the link off, the domain gone.
    if (joinerId) await page.request.delete(`/api/v1/teams/${demoTeam.id}/members/${joinerId}`, asOwner);
    await page.request.delete(`/api/v1/teams/${demoTeam.id}/join-link`, asOwner);
    await page.request.delete(`/api/v1/teams/${demoTeam.id}/domains/${domain}`, asOwner);
    await dns.close();
  }
});
