/**
 * Team single sign-on: only a team's owner reads or changes its settings; an issuer is https (loopback http
 * only where configured, never in the product) and is checked before anything is saved; a callback with a
 * state nobody started signs nobody in; only a team's DNS-verified domains route anybody, never a shared one.
 */
import {
  demoTeam,
  ssoDomainMessages,
  teamMessages,
  teamSsoMessages,
  type SessionResponse,
} from '@catalyst/contracts';
import { dataOf, describe, isErrorShape, type Suite } from './harness';
import { teamSsoSamlAttacks } from './team-sso-saml';

export async function teamSsoAttacks(suite: Suite) {
  const signIn = async (email: string, password: string) =>
    dataOf(await suite.request<SessionResponse>('POST', '/auth/login', { body: { email, password } })).token;
  const owner = await signIn(demoTeam.owner.email, demoTeam.owner.password);
  const member = await signIn(demoTeam.members[0]!.email, demoTeam.members[0]!.password);
  const path = `/teams/${demoTeam.id}/sso`;
  const settings = (issuer: string) => ({
    issuer,
    clientId: 'catalyst',
    clientSecret: 'a-secret-of-the-security-suite',
    domains: ['northwind.example'],
    required: true,
  });

  for (const method of ['GET', 'PUT', 'DELETE']) {
    const body = method === 'PUT' ? settings('https://idp.example.com') : undefined;
    const asMember = await suite.request(method, path, { token: member, body });
    suite.check(
      `${method} a team's single sign-on as one of its members is refused`,
      asMember.status === 403 && asMember.body?.message === teamMessages.ownerOnly,
      `403 '${teamMessages.ownerOnly}'`,
      () => describe(asMember),
    );
    const asStranger = await suite.request(method, path, { token: suite.fixtures.tokens.learner, body });
    suite.check(
      `${method} a team's single sign-on as someone outside it is a 404`,
      asStranger.status === 404 && isErrorShape(asStranger.body),
      '404 in the one error shape',
      () => describe(asStranger),
    );
  }

  // The product's own services are loopback: an owner cannot make billing fetch them as an "issuer".
  const loopback = await suite.request('PUT', path, {
    token: owner,
    body: settings(`http://127.0.0.1:${suite.runtime.services.auth}`),
  });
  suite.check(
    'an issuer over plain http to a loopback address is refused in the product',
    loopback.status === 400 && loopback.body?.message === teamSsoMessages.issuerNotHttps,
    `400 '${teamSsoMessages.issuerNotHttps}'`,
    () => describe(loopback),
  );
  const unknown = await suite.request('PUT', path, { token: owner, body: settings('https://idp.invalid') });
  suite.check(
    'an issuer whose discovery document cannot be read is refused, naming the problem',
    unknown.status === 400 && /discovery document/.test(String(unknown.body?.message)),
    "400 naming the issuer's discovery document",
    () => describe(unknown),
  );
  const kept = await suite.request<unknown>('GET', path, { token: owner });
  suite.check(
    'a refused save leaves the team without single sign-on',
    kept.status === 200 && kept.body?.success === true && kept.body.data === null,
    'null settings',
    () => describe(kept),
  );

  const forged = await suite.request('GET', '/auth/sso/callback?code=made-up&state=made-up-state');
  const location = forged.headers.get('location') ?? '';
  suite.check(
    'a callback with a state nobody started signs nobody in',
    forged.status === 303 &&
      location === `/?sso_error=${encodeURIComponent(teamSsoMessages.startAgain)}` &&
      forged.headers.getSetCookie().length === 0,
    `303 to /?sso_error=${teamSsoMessages.startAgain}, no cookie`,
    () => `${forged.status} ${location} ${forged.headers.getSetCookie().join(' | ')}`,
  );
  const start = await suite.request('POST', '/auth/sso/start', {
    body: { email: 'someone@no-sso.example', returnTo: 'https://evil.example/' },
  });
  suite.check(
    'single sign-on cannot start for an address no team signs in',
    start.status === 404 && start.body?.message === teamSsoMessages.notSet,
    `404 '${teamSsoMessages.notSet}'`,
    () => describe(start),
  );

  const shared = await suite.request('PUT', path, {
    token: owner,
    body: { ...settings('https://idp.example.com'), domains: ['gmail.com'] },
  });
  suite.check(
    'a shared mail domain cannot be claimed for single sign-on',
    shared.status === 400 && shared.body?.errors?.[0]?.message === ssoDomainMessages.shared('gmail.com'),
    `400 '${ssoDomainMessages.shared('gmail.com')}'`,
    () => describe(shared),
  );

  // What a save leaves (the product refuses any issuer it cannot reach, so the rows are written as billing
  // writes them): Northwind claims its own domain, unverified, and a verified shared one, requiring SSO.
  await suite.db.query(
    `insert into billing.team_sso (team_id, issuer, client_id, client_secret_encrypted, required)
     values ($1, 'https://idp.example.com', 'catalyst', '', true)`,
    [demoTeam.id],
  );
  try {
    await suite.db.query(
      `insert into billing.team_sso_domains (team_id, domain, token, verified_at)
       values ($1, 'northwind.example', 'unproved', null), ($1, 'gmail.com', 'unproved', now())`,
      [demoTeam.id],
    );
    for (const email of [demoTeam.members[0]!.email, 'someone@gmail.com']) {
      const lookup = await suite.request<unknown>(
        'GET',
        `/auth/sso/lookup?email=${encodeURIComponent(email)}`,
      );
      const started = await suite.request('POST', '/auth/sso/start', { body: { email } });
      suite.check(
        `single sign-on routes nobody through ${email.split('@')[1]} (${email.endsWith('gmail.com') ? 'a shared domain' : 'not verified'})`,
        lookup.status === 200 &&
          lookup.body?.success === true &&
          lookup.body.data === null &&
          started.status === 404 &&
          started.body?.message === teamSsoMessages.notSet,
        `lookup null, start 404 '${teamSsoMessages.notSet}'`,
        () => `${describe(lookup)} / ${describe(started)}`,
      );
    }
    const password = await suite.request('POST', '/auth/login', {
      body: { email: demoTeam.members[0]!.email, password: demoTeam.members[0]!.password },
    });
    suite.check(
      'an unverified domain never refuses its people their password (SSO required is not in force)',
      password.status === 200,
      '200',
      () => describe(password),
    );
  } finally {
    await suite.db.query('delete from billing.team_sso where team_id = $1', [demoTeam.id]);
    // A team's domains outlive its single sign-on.
    await suite.db.query(
      `delete from billing.team_sso_domains where team_id = $1 and domain in ('northwind.example', 'gmail.com')`,
      [demoTeam.id],
    );
  }
  await teamSsoSamlAttacks(suite);
}
