/**
 * Team single sign-on over SAML 2.0, against a real IdP (samlify) on loopback: one team's IdP response never
 * signs anybody in to another team, whichever RelayState, signature, issuer or address it carries.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { demoTeam, teamSsoMessages } from '@catalyst/contracts';
import { startTestSamlIdp, type ResponseTags } from '../../services/auth/src/sso/test-saml-idp';
import type { Suite } from './harness';

const fixture = (name: string) =>
  readFileSync(new URL(`../../services/auth/src/sso/fixtures/${name}`, import.meta.url), 'utf8');

export async function teamSsoSamlAttacks(suite: Suite) {
  const metadata = await suite.request('GET', '/auth/sso/saml/metadata');
  suite.check(
    "the service provider's SAML metadata is public XML naming its entity ID",
    metadata.status === 200 &&
      /<(md:)?EntityDescriptor[^>]*entityID="[^"]+\/auth\/sso\/saml\/metadata"/.test(metadata.text),
    '200 with an EntityDescriptor',
    () => `${metadata.status} ${metadata.text.slice(0, 200)}`,
  );

  const forged = await postToAcs(suite, { SAMLResponse: 'PHNhbWxwOlJlc3BvbnNlLz4=', RelayState: 'made-up' });
  suite.check(
    'a SAML response for a sign-in nobody started signs nobody in',
    forged.error === teamSsoMessages.startAgain && forged.cookies === 0,
    `303 to /?sso_error=${teamSsoMessages.startAgain}, no cookie`,
    () => forged.seen,
  );

  // Two teams on SAML: Northwind (the demo team) and Contoso, each with its own IdP entity and certificate.
  const idp = await startTestSamlIdp(metadata.text);
  const northwind = { entityId: idp.entityId, certificate: fixture('idp-cert.pem') };
  const contoso = { entityId: `${idp.entityId}/contoso`, certificate: fixture('other-idp-cert.pem') };
  const contosoId = randomUUID();
  const restores: (() => Promise<unknown>)[] = [];
  const teamRow = async (teamId: string, provider: typeof northwind, domain: string) => {
    await suite.db.query(
      `insert into billing.team_sso (team_id, protocol, issuer, client_id, client_secret_encrypted, saml_sso_url, saml_certificate, required)
       values ($1, 'saml', $2, '', '', $3, $4, false)`,
      [teamId, provider.entityId, idp.ssoUrl, provider.certificate],
    );
    // A domain row may outlive a team's SSO settings (the team's domains): kept, verified for this area only.
    const before = await suite.db.query<{ verified_at: Date | null }>(
      'select verified_at from billing.team_sso_domains where team_id = $1 and domain = $2',
      [teamId, domain],
    );
    if (before.rows.length === 0)
      await suite.db.query(
        `insert into billing.team_sso_domains (team_id, domain, token) values ($1, $2, 'proved')`,
        [teamId, domain],
      );
    await suite.db.query(
      'update billing.team_sso_domains set verified_at = now() where team_id = $1 and domain = $2',
      [teamId, domain],
    );
    restores.push(() =>
      before.rows.length === 0
        ? suite.db.query('delete from billing.team_sso_domains where team_id = $1 and domain = $2', [
            teamId,
            domain,
          ])
        : suite.db.query(
            'update billing.team_sso_domains set verified_at = $3 where team_id = $1 and domain = $2',
            [teamId, domain, before.rows[0]!.verified_at],
          ),
    );
  };
  try {
    await suite.db.query(
      `insert into billing.teams (id, name, owner_user_id, interval, seats, status, stripe_customer_id,
         stripe_subscription_id, checkout_session_id)
       values ($1, 'Contoso', $2, 'month', 3, 'active', $3, $3, $3)`,
      [contosoId, randomUUID().replace(/-/g, '').slice(0, 24), `security_${contosoId}`],
    );
    await teamRow(demoTeam.id, northwind, 'northwind.example');
    await teamRow(contosoId, contoso, 'contoso.example');

    /** Starts a sign-in for `email`, lets the IdP answer as `as` says, and posts it with `relayFrom`'s RelayState. */
    const attempt = async (
      email: string,
      as: (tags: ResponseTags) => ResponseTags,
      signWith: 'idp' | 'other',
    ) => {
      const started = await suite.request<{ url: string }>('POST', '/auth/sso/start', { body: { email } });
      const url = started.body?.success ? (started.body.data?.url ?? '') : '';
      idp.state.signWith = signWith;
      idp.state.tamper = as;
      try {
        const page = await (await fetch(url)).text();
        const field = (name: string) =>
          (page.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '').replace(
            /&#(\d+);/g,
            (_, c: string) => String.fromCharCode(Number(c)),
          );
        return { SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') };
      } finally {
        idp.state.signWith = 'idp';
        idp.state.tamper = undefined;
      }
    };
    const asContoso = (tags: ResponseTags) => ({ ...tags, Issuer: contoso.entityId });

    const cases: [string, RegExp, () => Promise<{ SAMLResponse: string; RelayState: string }>][] = [
      [
        "Contoso's IdP answering a Northwind sign-in",
        /not signed with the certificate/,
        () => attempt('ann@northwind.example', asContoso, 'other'),
      ],
      [
        "Northwind's IdP answering a Contoso sign-in",
        /not signed with the certificate/,
        () => attempt('ann@contoso.example', (tags) => ({ ...tags, NameID: 'ann@contoso.example' }), 'idp'),
      ],
      [
        "Northwind's IdP vouching for a Contoso address",
        /contoso\.example does not sign in with Northwind/,
        () =>
          attempt('ann@northwind.example', (tags) => ({ ...tags, NameID: 'boss@contoso.example' }), 'idp'),
      ],
      [
        "Northwind's valid response posted with a Contoso sign-in's RelayState",
        /answers another sign-in/,
        async () => {
          const valid = await attempt('ann@northwind.example', (tags) => tags, 'idp');
          const other = await attempt('ann@contoso.example', asContoso, 'other');
          return { ...valid, RelayState: other.RelayState };
        },
      ],
    ];
    for (const [what, why, make] of cases) {
      const answer = await postToAcs(suite, await make());
      suite.check(
        `SAML mix-up between teams refused: ${what}`,
        answer.error !== null &&
          answer.error.startsWith('Single sign-on failed: ') &&
          why.test(answer.error) &&
          answer.cookies === 0,
        `303 to /?sso_error=Single sign-on failed: … ${why.source}, no cookie`,
        () => answer.seen,
      );
    }
  } finally {
    await idp.close();
    for (const restore of restores) await restore();
    await suite.db.query('delete from billing.team_sso where team_id = any($1)', [[demoTeam.id, contosoId]]);
    await suite.db.query('delete from billing.team_sso_domains where team_id = $1', [contosoId]);
    await suite.db.query('delete from billing.teams where id = $1', [contosoId]);
  }
}

/** The browser's cross-site form POST to the ACS: where it is sent back, and whether a session cookie came. */
async function postToAcs(suite: Suite, form: { SAMLResponse: string; RelayState: string }) {
  const res = await suite.request('POST', '/auth/sso/saml/acs', {
    raw: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
  });
  const location = res.headers.get('location') ?? '';
  const error = location.startsWith('/?sso_error=')
    ? decodeURIComponent(location.slice('/?sso_error='.length))
    : null;
  return {
    error: res.status === 303 ? error : null,
    cookies: res.headers.getSetCookie().length,
    seen: `${res.status} ${location} ${res.headers.getSetCookie().join(' | ')}`,
  };
}
