// Team single sign-on in the browser: Northwind's owner sets up its identity provider (a real oidc-provider
// the test starts on a loopback port), verifies the team's domain by the DNS TXT record it publishes (a real
// DNS server the test runs, which billing asks), and a new person signs in through it and lands in the team;
// then a new person signs in through a SAML 2.0 IdP (samlify on loopback) whose page posts back to our ACS.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Page } from '@playwright/test';
import { authSsoRoutes, demoTeam, routeUrl } from '@catalyst/contracts';
import { startTestSamlIdp } from '../services/auth/src/sso/test-saml-idp';
import { startTestDnsServer, type TestDnsServer } from '../services/billing/src/team-sso/test-dns-server';
import { baseURL, dnsPort } from './playwright.config';
import { dismissCookieBanner, expect, loginAs, test, uniqueEmail } from './fixtures';

const CLIENT_ID = 'catalyst-e2e';
const CLIENT_SECRET = 'the-e2e-provider-client-secret';
let issuer = '';
let close = async () => {};
let dns: TestDnsServer | undefined;

test.beforeAll(async () => {
  dns = await startTestDnsServer(dnsPort);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${baseURL}${routeUrl(authSsoRoutes.ssoCallback)}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['e2e-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true, name: 'Sandy Single' }),
    }),
  });
  server.on('request', provider.callback());
  close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
});

test.afterAll(async () => {
  await close();
  await dns?.close();
});

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

const ssoCard = (page: Page) => page.getByRole('region', { name: 'Single sign-on' });

test('an owner sets up single sign-on and a new person signs in through it into the team', async ({
  page,
  browser,
}) => {
  await loginAs(page, demoTeam.owner);
  await page.goto('/team');
  const card = ssoCard(page);
  await card.getByLabel('Issuer URL').fill(issuer);
  await card.getByLabel('Client ID').fill(CLIENT_ID);
  await card.getByLabel('Client secret').fill(CLIENT_SECRET);
  await card.getByLabel('E-mail domains').fill('northwind.example');
  await card.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(card.getByText('Single sign-on saved.')).toBeVisible();

  // The domain signs nobody in until the owner publishes the TXT record shown and verifies it.
  const domain = card.getByRole('listitem').filter({ hasText: 'northwind.example' });
  await expect(domain.getByText('Not verified')).toBeVisible();
  const recordName = await domain.locator('code').nth(0).textContent();
  const recordValue = await domain.locator('code').nth(1).textContent();
  expect(recordName).toBe('_catalyst-verification.northwind.example');
  await domain.getByRole('button', { name: 'Verify northwind.example' }).click();
  await expect(domain.getByText(/No TXT record was found/)).toBeVisible();
  dns!.publish(recordName!, recordValue!);
  await domain.getByRole('button', { name: 'Verify northwind.example' }).click();
  await expect(domain.getByText('Verified', { exact: true })).toBeVisible();

  const visitor = await browser.newContext();
  const person = await visitor.newPage();
  await dismissCookieBanner(person);
  const email = uniqueEmail('sso').replace(/@.*/, '@northwind.example');
  await person.goto('/browse');
  await person.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await person.getByRole('dialog').getByLabel('Email').fill(email);
  await person.getByRole('button', { name: 'Continue with single sign-on' }).click();

  // The provider's own sign-in and consent pages.
  await person.locator('input[name="login"]').fill(email);
  await person.locator('input[name="password"]').fill('any');
  await person.getByRole('button', { name: 'Sign-in' }).click();
  await person.getByRole('button', { name: 'Continue' }).click();

  // Back where the sign-in started, signed in; the team's seat is theirs.
  await expect(person).toHaveURL(/\/browse$/);
  // Named as the provider calls them: the account was made from its claims.
  await expect(person.getByRole('banner').getByText('Welcome, Sandy')).toBeVisible();
  await person.goto('/team');
  await expect(person.getByRole('heading', { name: demoTeam.name, level: 1 })).toBeVisible();
  await expect(person.getByText(/You are a member of Northwind/)).toBeVisible();
  await visitor.close();

  // The owner takes single sign-on away again: the demo team stays as seeded for other journeys.
  await page.reload();
  await ssoCard(page).getByRole('button', { name: 'Remove single sign-on' }).click();
  await expect(ssoCard(page).getByText('Single sign-on removed.')).toBeVisible();
  // The domain is the team's, not the provider's: it outlives single sign-on until the owner removes it.
  const domains = page.getByRole('region', { name: 'Domains' });
  await domains.getByRole('button', { name: 'Remove northwind.example' }).click();
  await expect(domains.getByText('No domains yet.')).toBeVisible();
});

test('a new person signs in through the team’s SAML identity provider and lands in the team', async ({
  browser,
  request,
}) => {
  const idp = await startTestSamlIdp(await (await request.get(routeUrl(authSsoRoutes.samlMetadata))).text());
  const { email: ownerEmail, password } = demoTeam.owner;
  const login = await request.post('/api/v1/auth/login', { data: { email: ownerEmail, password } });
  const owner = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const team = `/api/v1/teams/${demoTeam.id}`;
  const sso = `${team}/sso`;
  /** Frees the seats single sign-on journeys took (their people only), so the demo team has room again. */
  const freeJourneySeats = async () => {
    const detail = (await (await request.get(team, { headers: owner })).json()) as {
      data: { members: { userId: string; email: string }[] };
    };
    for (const member of detail.data.members.filter((m) => /^(sso|saml)-\d+-/.test(m.email)))
      await request.delete(`${team}/members/${member.userId}`, { headers: owner });
  };
  await freeJourneySeats();
  try {
    // Set up as the owner's card does (the card's fields are the OpenID journey's): the IdP, then the domain.
    const saved = await request.put(sso, {
      headers: owner,
      data: {
        protocol: 'saml',
        entityId: idp.entityId,
        ssoUrl: idp.ssoUrl,
        certificate: idp.certificate,
        domains: ['northwind.example'],
        required: false,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const { record } = (
      (await saved.json()) as { data: { domains: { record: { name: string; value: string } }[] } }
    ).data.domains[0]!;
    dns!.publish(record.name, record.value);
    const verified = await request.post(`${sso}/domains/northwind.example/verify`, { headers: owner });
    expect(verified.status(), await verified.text()).toBe(200);

    const visitor = await browser.newContext();
    const person = await visitor.newPage();
    await dismissCookieBanner(person);
    const email = uniqueEmail('saml').replace(/@.*/, '@northwind.example');
    idp.state.user = email;
    await person.goto('/browse');
    await person.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await person.getByRole('dialog').getByLabel('Email').fill(email);
    const acs = person.waitForResponse((response) =>
      response.url().endsWith(routeUrl(authSsoRoutes.samlAcs)),
    );
    await person.getByRole('button', { name: 'Continue with single sign-on' }).click();

    // The IdP's page posts its signed response back to the ACS by itself; the person is back, signed in.
    expect((await acs).status()).toBe(303);
    await expect(person).toHaveURL(/\/browse$/);
    await expect(person.getByRole('banner').getByText(/Welcome, saml-/)).toBeVisible();
    await person.goto('/team');
    await expect(person.getByRole('heading', { name: demoTeam.name, level: 1 })).toBeVisible();
    await expect(person.getByText(/You are a member of Northwind/)).toBeVisible();
    await visitor.close();
  } finally {
    // The demo team stays as seeded for other journeys.
    await freeJourneySeats();
    await freeJourneySeats();
    await request.delete(sso, { headers: owner });
    await request.delete(`${team}/domains/northwind.example`, { headers: owner });
    await idp.close();
  }
});
