// Single sign-on through a real SAML 2.0 IdP (samlify on a loopback port), with billing and its Postgres as in
// production: node-saml checks the signature, issuer, audience, time conditions and InResponseTo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  authSsoRoutes,
  routeUrl,
  ssoRequiredMessage,
  teamSsoMessages,
  type Identity,
} from '@catalyst/contracts';
import { startTestDnsServer, type TestDnsServer } from '../../../billing/src/team-sso/test-dns-server';
import { startBillingWorld } from '../../../billing/src/test-support';
import { makeTeam } from '../../../billing/src/team-test-support';
import { PUBLIC_URL, createTestAuth, type TestAuth } from '../test-support';
import { startTestSamlIdp, type ResponseTags, type TestSamlIdp } from './test-saml-idp';

const ACS = `${PUBLIC_URL}${routeUrl(authSsoRoutes.samlAcs)}`;
const SP_ENTITY_ID = `${PUBLIC_URL}${routeUrl(authSsoRoutes.samlMetadata)}`;
const owner: Identity = {
  id: 'abcdefabcdefabcdefabcdef',
  role: 'user',
  email: 'owner@northwind.example',
  name: 'Olive Owner',
} as Identity;

let auth: TestAuth;
let world: Awaited<ReturnType<typeof startBillingWorld>>;
let idp: TestSamlIdp;
let dns: TestDnsServer;
let teamId: string;

interface Posted {
  action: string;
  form: { SAMLResponse: string; RelayState: string };
}

/** Starts a sign-in as the dialog does and follows the browser to the IdP: the form it would post back. */
async function startAtIdp(email: string, returnTo = '/learning'): Promise<Posted> {
  const started = await auth.call('POST', '/auth/sso/start', { body: { email, returnTo } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const page = await fetch(started.body.data.url);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const field = (name: string) =>
    html
      .match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]
      ?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))) ?? '';
  return {
    action: html.match(/action="([^"]+)"/)![1]!,
    form: { SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') },
  };
}

/** The browser's cross-site POST of the IdP's form to our ACS, through the gateway. */
async function post(posted: Posted) {
  const url = new URL(posted.action);
  const res = await auth.app.request(url.pathname.replace(API_PREFIX, ''), {
    method: 'POST',
    body: new URLSearchParams(posted.form),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(idp.ssoUrl).origin,
      'sec-fetch-site': 'cross-site',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'catalyst.test',
    },
  });
  return {
    status: res.status,
    location: res.headers.get('location') ?? '',
    cookies: res.headers.getSetCookie(),
  };
}

const ssoError = (location: string) =>
  location.startsWith('/?sso_error=') ? decodeURIComponent(location.slice('/?sso_error='.length)) : null;

async function members() {
  return world.db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).execute();
}

/** Signs in at the IdP with the response changed as `tamper` says, and posts it back. */
async function withTamper(tamper: (tags: ResponseTags) => ResponseTags) {
  idp.state.tamper = tamper;
  try {
    return await post(await startAtIdp('ann@northwind.example'));
  } finally {
    idp.state.tamper = undefined;
  }
}

beforeAll(async () => {
  dns = await startTestDnsServer();
  world = await startBillingWorld({ config: { SSO_ALLOW_LOOPBACK_HTTP: 'true', DNS_SERVERS: dns.server } });
  auth = await createTestAuth({ BILLING_URL: world.billing.url, SSO_ALLOW_LOOPBACK_HTTP: 'true' });
  const metadata = await auth.app.request(routeUrl(authSsoRoutes.samlMetadata).replace(API_PREFIX, ''));
  idp = await startTestSamlIdp(await metadata.text());
  teamId = (await makeTeam(world, owner, { name: 'Northwind', seats: 5 })).id;
  const saved = await world.call('PUT', `/teams/${teamId}/sso`, {
    as: owner,
    body: {
      protocol: 'saml',
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      certificate: idp.certificate,
      domains: ['northwind.example'],
      required: true,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const { record } = saved.body.data.domains[0];
  dns.publish(record.name, record.value);
  const verified = await world.call('POST', `/teams/${teamId}/sso/domains/northwind.example/verify`, {
    as: owner,
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await auth?.close();
  await world?.close();
  await idp?.close();
  await dns?.close();
});

describe('team single sign-on through a real SAML 2.0 IdP', () => {
  it('publishes the service provider metadata an IdP administrator imports', async () => {
    const res = await auth.app.request(routeUrl(authSsoRoutes.samlMetadata).replace(API_PREFIX, ''));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const xml = await res.text();
    expect(xml).toContain(`entityID="${SP_ENTITY_ID}"`);
    expect(xml).toContain(`Location="${ACS}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
  });

  it('signs a new person in: an account, a seat in the team and a session, back where they started', async () => {
    const posted = await startAtIdp('ann@northwind.example');
    expect(posted.action).toBe(ACS);
    const answer = await post(posted);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/learning');
    const cookie = answer.cookies.find((c) => c.startsWith('catalyst_refresh='))!.split(';')[0]!;
    const session = await auth.call('POST', '/auth/refresh', {
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(session.status).toBe(200);
    expect(session.body.data.user).toMatchObject({ email: 'ann@northwind.example', emailVerified: true });
    expect((await members()).map((m) => m.email)).toContain('ann@northwind.example');
  });

  it('refuses a replayed response: the sign-in it answers was used up', async () => {
    const posted = await startAtIdp('ann@northwind.example');
    expect((await post(posted)).status).toBe(303);
    const replay = await post(posted);
    expect(ssoError(replay.location)).toBe(teamSsoMessages.startAgain);
    expect(replay.cookies).toEqual([]);
  });

  it('refuses a response with a tampered RelayState, or carrying another sign-in’s', async () => {
    const posted = await startAtIdp('ann@northwind.example');
    const tampered = await post({
      ...posted,
      form: { ...posted.form, RelayState: `${posted.form.RelayState}x` },
    });
    expect(ssoError(tampered.location)).toBe(teamSsoMessages.startAgain);
    const other = await startAtIdp('ann@northwind.example');
    const swapped = await post({ ...posted, form: { ...posted.form, RelayState: other.form.RelayState } });
    expect(ssoError(swapped.location)).toMatch(/answers another sign-in/);
    expect(swapped.cookies).toEqual([]);
  });

  it('refuses a response signed by another key than the team’s certificate', async () => {
    idp.state.signWith = 'other';
    try {
      const answer = await post(await startAtIdp('ann@northwind.example'));
      expect(ssoError(answer.location)).toMatch(/not signed with the certificate saved/);
      expect(answer.cookies).toEqual([]);
    } finally {
      idp.state.signWith = 'idp';
    }
  });

  const refusals: [string, (tags: ResponseTags) => ResponseTags, RegExp][] = [
    ['for another audience', (t) => ({ ...t, Audience: 'https://other-sp.example/metadata' }), /audience/i],
    [
      'from another issuer',
      (t) => ({ ...t, Issuer: 'https://attacker.example' }),
      /came from https:\/\/attacker/,
    ],
    [
      'with an expired assertion',
      (t) => {
        const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
        return {
          ...t,
          IssueInstant: hoursAgo(2),
          ConditionsNotBefore: hoursAgo(2),
          ConditionsNotOnOrAfter: hoursAgo(1),
          SubjectConfirmationDataNotOnOrAfter: hoursAgo(1),
        };
      },
      /expired/,
    ],
    ['that answers no request (unsolicited)', (t) => ({ ...t, InResponseTo: '' }), /nobody started here/],
    [
      'for an address outside the team’s verified domains',
      (t) => ({ ...t, NameID: 'eve@elsewhere.example' }),
      /elsewhere\.example does not sign in with Northwind/,
    ],
  ];
  for (const [what, tamper, named] of refusals) {
    it(`refuses a response ${what}`, async () => {
      const answer = await withTamper(tamper);
      expect(answer.status).toBe(303);
      expect(ssoError(answer.location)).toMatch(/^Single sign-on failed: /);
      expect(ssoError(answer.location)).toMatch(named);
      expect(answer.cookies).toEqual([]);
    });
  }

  it('refuses a POST with no sign-in started here (no RelayState)', async () => {
    const posted = await startAtIdp('ann@northwind.example');
    const answer = await post({ ...posted, form: { ...posted.form, RelayState: '' } });
    expect(ssoError(answer.location)).toBe(teamSsoMessages.startAgain);
  });

  it('refuses password sign-in for the team’s domain, naming the team', async () => {
    const login = await auth.call('POST', '/auth/login', {
      body: { email: 'ann@northwind.example', password: 'Whatever-pass-1' },
    });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ success: false, message: ssoRequiredMessage('Northwind') });
  });
});
