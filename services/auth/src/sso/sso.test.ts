// Single sign-on against a real OpenID Provider (oidc-provider on a loopback port), with billing and its
// Postgres as in production: discovery, PKCE, state, nonce and the id_token checked by openid-client.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  authSsoRoutes,
  routeUrl,
  ssoRequiredMessage,
  teamMessages,
  teamSsoDomainTakenMessage,
  teamSsoMessages,
  type Identity,
} from '@catalyst/contracts';
import { startTestDnsServer, type TestDnsServer } from '../../../billing/src/team-sso/test-dns-server';
import { startBillingWorld } from '../../../billing/src/test-support';
import { makeTeam } from '../../../billing/src/team-test-support';
import { PUBLIC_URL, createTestAuth, type TestAuth } from '../test-support';

const CLIENT_ID = 'catalyst';
const CLIENT_SECRET = 'a-client-secret-of-the-test-provider';
const CALLBACK = `${PUBLIC_URL}${routeUrl(authSsoRoutes.ssoCallback)}`;
const owner: Identity = {
  id: 'abcdefabcdefabcdefabcdef',
  role: 'user',
  email: 'owner@northwind.example',
  name: 'Olive Owner',
} as Identity;

type Tamper = (claims: Record<string, unknown>) => Record<string, unknown>;

/** The provider's signing key, so a test can hand back an id_token the provider signed with other claims. */
const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const privateJwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
/** A key the provider never published, for an id_token whose signature must not verify. */
const { privateKey: strangerKey } = await generateKeyPair('RS256');

/** A real OpenID Provider on a free loopback port: one client (our callback), accounts named by e-mail. */
async function startProvider() {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: ['cookie-key-of-the-test-provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true, name: `Person ${sub.split('@')[0]}` }),
    }),
  });
  const state: { tamper?: Tamper; signWithStranger?: boolean } = {};
  // The provider's own token answer, its id_token re-signed with the provider's key and other claims.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && state.tamper && body?.id_token) {
      const claims = state.tamper({ ...decodeJwt(body.id_token) });
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .sign(state.signWithStranger ? strangerKey : privateKey);
      ctx.body = { ...body, id_token: idToken };
    }
  });
  handler = provider.callback();
  return {
    issuer,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Provider_ = Awaited<ReturnType<typeof startProvider>>;

/**
 * What a browser does at the provider: follows its redirects with its cookies, fills in the login form and
 * the consent form, until the provider sends it back to our callback. Answers that callback address.
 */
async function throughProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let next: { url: string; method: 'GET' | 'POST'; form?: URLSearchParams } = {
    url: authorizationUrl,
    method: 'GET',
  };
  for (let step = 0; step < 20; step += 1) {
    if (next.url.startsWith(CALLBACK)) return new URL(next.url);
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.form?.toString(),
    });
    remember(response);
    const location = response.headers.get('location');
    if (location) {
      next = { url: new URL(location, next.url).href, method: 'GET' };
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page at the provider (${response.status}): ${html}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any');
    }
    next = { url: new URL(action.replace(/&amp;/g, '&'), next.url).href, method: 'POST', form };
  }
  throw new Error('the provider never sent the browser back');
}

let auth: TestAuth;
let world: Awaited<ReturnType<typeof startBillingWorld>>;
let idp: Provider_;
let dns: TestDnsServer;
let teamId: string;

async function putSso(body: Record<string, unknown>, id = teamId, as = owner) {
  return world.call('PUT', `/teams/${id}/sso`, { as, body });
}

/** Starts a single sign-on as the dialog does; answers the address the provider sends the browser back to. */
async function startAndLogIn(email: string, returnTo = '/learning') {
  const started = await auth.call('POST', '/auth/sso/start', { body: { email, returnTo } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return throughProvider(started.body.data.url, email);
}

/** Our callback, as the browser calls it through the gateway. */
async function callback(url: URL, language = 'en') {
  const res = await auth.app.request(`${url.pathname.replace(API_PREFIX, '')}${url.search}`, {
    headers: {
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'catalyst.test',
      'accept-language': language,
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

/** The page at returnTo restores the sign-in from the cookie, as a new tab does. */
async function restore(cookies: string[]) {
  const cookie = cookies.find((c) => c.startsWith('catalyst_refresh='))!.split(';')[0]!;
  const res = await auth.call('POST', '/auth/refresh', {
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { user: { _id: string; email: string; emailVerified: boolean } };
}

async function members() {
  return world.db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).execute();
}

beforeAll(async () => {
  idp = await startProvider();
  dns = await startTestDnsServer();
  world = await startBillingWorld({ config: { SSO_ALLOW_LOOPBACK_HTTP: 'true', DNS_SERVERS: dns.server } });
  auth = await createTestAuth({ BILLING_URL: world.billing.url, SSO_ALLOW_LOOPBACK_HTTP: 'true' });
  teamId = (await makeTeam(world, owner, { name: 'Northwind', seats: 3 })).id;
}, 120_000);

afterAll(async () => {
  await auth?.close();
  await world?.close();
  await idp?.close();
  await dns?.close();
});

describe('team single sign-on through a real OpenID Provider', () => {
  it("checks the issuer's discovery when saved, and never answers the secret", async () => {
    const wrong = await putSso({
      issuer: idp.issuer.replace('127.0.0.1', 'localhost'),
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      domains: ['northwind.example'],
      required: false,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('names the issuer');

    const saved = await putSso({
      issuer: idp.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      domains: ['northwind.example', '@Northwind.Example'],
      required: false,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({
      protocol: 'oidc',
      issuer: idp.issuer,
      clientId: CLIENT_ID,
      clientSecretSet: true,
      domains: [
        {
          domain: 'northwind.example',
          verified: false,
          record: { name: '_catalyst-verification.northwind.example', value: expect.any(String) },
        },
      ],
      required: false,
    });
    expect(JSON.stringify(saved.body)).not.toContain(CLIENT_SECRET);
    const stored = await world.db.selectFrom('team_sso').selectAll().executeTakeFirstOrThrow();
    expect(stored.client_secret_encrypted).not.toContain(CLIENT_SECRET);
    const read = await world.call('GET', `/teams/${teamId}/sso`, { as: owner });
    expect(read.body.data.clientSecretSet).toBe(true);
    const audit = await world.call('GET', `/teams/${teamId}/audit`, { as: owner });
    expect(audit.body.data[0]).toMatchObject({ action: 'sso_changed' });
  });

  it('routes nobody through a domain the team has not verified, even when SSO is required', async () => {
    const person = await auth.register({ email: 'val@northwind.example' });
    const required = await putSso({
      issuer: idp.issuer,
      clientId: CLIENT_ID,
      domains: ['northwind.example'],
      required: true,
    });
    expect(required.status, JSON.stringify(required.body)).toBe(200);
    expect((await auth.call('GET', '/auth/sso/lookup?email=ann@northwind.example')).body.data).toBeNull();
    const started = await auth.call('POST', '/auth/sso/start', { body: { email: 'ann@northwind.example' } });
    expect(started.status).toBe(404);
    expect(started.body.message).toBe(teamSsoMessages.notSet);
    const login = await auth.call('POST', '/auth/login', {
      body: { email: person.email, password: person.password },
    });
    expect(login.status).toBe(200);
  });

  it('verifies the domain by the DNS TXT record the owner publishes', async () => {
    const saved = await putSso({
      issuer: idp.issuer,
      clientId: CLIENT_ID,
      domains: ['northwind.example'],
      required: false,
    });
    const { record } = saved.body.data.domains[0];
    dns.publish(record.name, record.value);
    const verified = await world.call('POST', `/teams/${teamId}/sso/domains/northwind.example/verify`, {
      as: owner,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data.domains[0].verified).toBe(true);
  });

  it('refuses plain http issuers outside loopback and a domain another team holds', async () => {
    const insecure = await putSso({
      issuer: 'http://idp.example.com',
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      domains: ['northwind.example'],
      required: false,
    });
    expect(insecure.status).toBe(400);
    expect(insecure.body.message).toBe(teamSsoMessages.issuerNotHttps);

    const other: Identity = { ...owner, id: 'fedcbafedcbafedcbafedcba', email: 'boss@contoso.example' };
    const otherTeam = await makeTeam(world, other, { name: 'Contoso' });
    const taken = await putSso(
      {
        issuer: idp.issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        domains: ['contoso.example', 'northwind.example'],
        required: false,
      },
      otherTeam.id,
      other,
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(teamSsoDomainTakenMessage('northwind.example'));
    // Another team's owner cannot read this team's settings.
    expect((await world.call('GET', `/teams/${teamId}/sso`, { as: other })).status).toBe(404);
  });

  it('signs a new person in through the provider: a verified account and a seat in the team', async () => {
    const lookup = await auth.call('GET', '/auth/sso/lookup?email=ann@northwind.example');
    expect(lookup.body.data).toEqual({ teamName: 'Northwind' });
    expect((await auth.call('GET', '/auth/sso/lookup?email=ann@elsewhere.example')).body.data).toBeNull();

    const back = await startAndLogIn('ann@northwind.example');
    expect(back.searchParams.get('code')).toBeTruthy();
    const answer = await callback(back);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/learning');
    const session = await restore(answer.cookies);
    expect(session.user).toMatchObject({ email: 'ann@northwind.example', emailVerified: true });
    expect((await members()).map((m) => m.email)).toContain('ann@northwind.example');
    const entitlement = await world.internal(`/internal/entitlements/${session.user._id}`);
    expect(entitlement.body.data.entitled).toBe(true);
  });

  it('signs the same person in again with the same account and seat', async () => {
    const before = await members();
    const answer = await callback(await startAndLogIn('ann@northwind.example', '/courses/x?tab=1'));
    expect(answer.location).toBe('/courses/x?tab=1');
    const session = await restore(answer.cookies);
    const users = await auth.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ann@northwind.example')
      .execute();
    expect(users).toEqual([{ id: session.user._id }]);
    expect(await members()).toHaveLength(before.length);
  });

  it('goes home instead of another site after signing in', async () => {
    const answer = await callback(await startAndLogIn('ann@northwind.example', '//evil.example/x'));
    expect(answer.location).toBe('/');
  });

  it('refuses a state used once already', async () => {
    const back = await startAndLogIn('ann@northwind.example');
    expect((await callback(back)).status).toBe(303);
    const replay = await callback(back);
    expect(ssoError(replay.location)).toBe(teamSsoMessages.startAgain);
    expect(replay.cookies).toEqual([]);
    // in the browser's language (the provider's redirect carries no page's)
    expect(ssoError((await callback(back, 'de-DE,de;q=0.9')).location)).toBe(
      'Diese Anmeldung ist abgelaufen oder wurde bereits verwendet. Beginne von vorn.',
    );
  });

  it('refuses an answer naming another issuer (a mix-up)', async () => {
    const back = await startAndLogIn('ann@northwind.example');
    back.searchParams.set('iss', 'https://attacker.example');
    const answer = await callback(back);
    expect(ssoError(answer.location)).toMatch(/^Single sign-on failed: .*iss/);
    expect(answer.cookies).toEqual([]);
  });

  const tampered: [string, Tamper, RegExp][] = [
    ['an id_token for another audience', (c) => ({ ...c, aud: 'another-client' }), /aud/],
    [
      'an expired id_token',
      (c) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }),
      /exp/,
    ],
    ['an id_token with another nonce', (c) => ({ ...c, nonce: 'not-the-nonce-we-sent' }), /nonce/],
    ['an id_token from another issuer', (c) => ({ ...c, iss: 'https://attacker.example' }), /iss/],
  ];
  it('refuses an id_token whose signature is not the provider’s (its key id, another key)', async () => {
    const back = await startAndLogIn('ann@northwind.example');
    idp.state.tamper = (claims) => claims;
    idp.state.signWithStranger = true;
    try {
      const answer = await callback(back);
      expect(answer.status).toBe(303);
      expect(ssoError(answer.location)).toMatch(/signature/i);
      expect(answer.cookies).toEqual([]);
    } finally {
      idp.state.tamper = undefined;
      idp.state.signWithStranger = false;
    }
  });

  for (const [what, tamper, named] of tampered) {
    it(`refuses ${what}`, async () => {
      const back = await startAndLogIn('ann@northwind.example');
      idp.state.tamper = tamper;
      try {
        const answer = await callback(back);
        expect(answer.status).toBe(303);
        expect(ssoError(answer.location)).toMatch(named);
        expect(answer.cookies).toEqual([]);
      } finally {
        idp.state.tamper = undefined;
      }
    });
  }

  it('refuses a new person when the team has no free seat, with a clear message', async () => {
    const used = (await members()).length;
    await world.db
      .insertInto('team_members')
      .values(
        Array.from({ length: 3 - used }, (_, i) => ({
          team_id: teamId,
          user_id: `${'f'.repeat(23)}${i}`,
          name: `Filler ${i}`,
          email: `filler${i}@northwind.example`,
          role: 'member' as const,
        })),
      )
      .execute();
    const answer = await callback(await startAndLogIn('bob@northwind.example'));
    expect(ssoError(answer.location)).toBe(teamMessages.teamFull);
    expect(answer.cookies).toEqual([]);
    expect(world.mailer.sent.some((m) => m.to === owner.email && m.subject.includes('no free seats'))).toBe(
      true,
    );
  });

  it('refuses password sign-in and registration when the team requires single sign-on', async () => {
    const person = await auth.register({ email: 'pat@northwind.example' });
    const required = await putSso({
      issuer: idp.issuer,
      clientId: CLIENT_ID,
      domains: ['northwind.example'],
      required: true,
    });
    expect(required.status, JSON.stringify(required.body)).toBe(200);
    const login = await auth.call('POST', '/auth/login', {
      body: { email: person.email, password: person.password },
    });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ success: false, message: ssoRequiredMessage('Northwind') });
    const register = await auth.call('POST', '/auth/register', {
      body: { name: 'Quinn', email: 'quinn@northwind.example', password: 'Secret-pass-1' },
      headers: { 'accept-language': 'de' },
    });
    expect(register.status).toBe(403);
    // in the language the page asks for, the team's name inside
    expect(register.body.message).toBe(
      'Deine Organisation Northwind meldet sich per Single Sign-on an. Nutze „Mit Single Sign-on fortfahren“.',
    );
    // Other domains sign in with their password as before.
    const other = await auth.register({ email: 'someone@elsewhere.example' });
    expect(other.token).toBeTruthy();
  });

  it('lets the owner remove single sign-on: password sign-in works again', async () => {
    const removed = await world.call('DELETE', `/teams/${teamId}/sso`, { as: owner });
    expect(removed.body.data).toEqual({ removed: true });
    expect((await world.call('GET', `/teams/${teamId}/sso`, { as: owner })).body.data).toBeNull();
    expect((await auth.call('GET', '/auth/sso/lookup?email=pat@northwind.example')).body.data).toBeNull();
    const login = await auth.call('POST', '/auth/login', {
      body: { email: 'pat@northwind.example', password: 'Secret-pass-1' },
    });
    expect(login.status).toBe(200);
  });
});
