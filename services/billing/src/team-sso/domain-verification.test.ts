// SSO domains are proved by DNS: a real DNS server (dns2) on a loopback port answers billing's resolver.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ssoDomainMessages,
  ssoVerificationRecordName,
  teamSsoDomainTakenMessage,
  teamSsoMessages,
  type Identity,
  type TeamSsoDomain,
} from '@catalyst/contracts';
import { internalHeaders } from '@catalyst/service-kit/testing';
import { startBillingWorld, type BillingWorld } from '../test-support';
import { makeTeam as makeTeamOf } from '../team-test-support';
import { startTestDnsServer, type TestDnsServer } from './test-dns-server';

let world: BillingWorld;
let dns: TestDnsServer;
let discovery: Server;
let issuer = '';
const owners: Identity[] = ['a', 'b'].map(
  (letter) =>
    ({
      id: `${letter.repeat(4)}cdefabcdefabcdefabcd`,
      role: 'user',
      email: `owner-${letter}@teams.example`,
      name: `Owner ${letter}`,
    }) as Identity,
);
const teamIds: string[] = [];

/** A team of `owner`, as checkout leaves it. */
const makeTeam = async (owner: Identity, name: string) => (await makeTeamOf(world, owner, { name })).id;

const save = (team: number, domains: string[]) =>
  world.call('PUT', `/teams/${teamIds[team]}/sso`, {
    as: owners[team],
    body: { issuer, clientId: 'catalyst', clientSecret: 'a-secret', domains, required: true },
  });
const verify = (team: number, domain: string) =>
  world.call('POST', `/teams/${teamIds[team]}/sso/domains/${domain}/verify`, { as: owners[team] });
const lookup = (domain: string) => world.internal(`/internal/teams/sso?domain=${domain}`);
const domainOf = (body: { data: { domains: TeamSsoDomain[] } }, domain: string) =>
  body.data.domains.find((d) => d.domain === domain)!;

beforeAll(async () => {
  dns = await startTestDnsServer();
  // The identity provider's discovery document: what a save checks before the domains are stored.
  discovery = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        code_challenge_methods_supported: ['S256'],
      }),
    );
  });
  await new Promise<void>((resolve) => discovery.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(discovery.address() as AddressInfo).port}`;
  world = await startBillingWorld({ config: { SSO_ALLOW_LOOPBACK_HTTP: 'true', DNS_SERVERS: dns.server } });
  teamIds.push(await makeTeam(owners[0]!, 'Acme'), await makeTeam(owners[1]!, 'Rival'));
}, 120_000);

afterAll(async () => {
  await world?.close();
  await dns?.close();
  discovery?.closeAllConnections();
  await new Promise<void>((resolve) => (discovery ? discovery.close(() => resolve()) : resolve()));
});

describe('verifying a team single sign-on domain by DNS', () => {
  it('stores a new domain unverified, with the TXT record to publish, and routes nobody to it', async () => {
    const saved = await save(0, ['acme.example']);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const domain = domainOf(saved.body, 'acme.example');
    expect(domain.verified).toBe(false);
    expect(domain.record.name).toBe('_catalyst-verification.acme.example');
    expect(domain.record.value).toMatch(/^catalyst-verification=[0-9a-f]{32}$/);
    expect((await lookup('acme.example')).status).toBe(404);
  });

  it('refuses to verify without a record, with a wrong record, and when the lookup fails', async () => {
    const none = await verify(0, 'acme.example');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(ssoDomainMessages.noRecord('acme.example'));

    dns.publish(ssoVerificationRecordName('acme.example'), 'catalyst-verification=not-the-token');
    const wrong = await verify(0, 'acme.example');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      ssoDomainMessages.wrongValue('acme.example', ['catalyst-verification=not-the-token']),
    );

    dns.fail(ssoVerificationRecordName('acme.example'));
    const failed = await verify(0, 'acme.example');
    expect(failed.status).toBe(400);
    expect(failed.body.message).toBe(ssoDomainMessages.lookupFailed('acme.example', 'ESERVFAIL'));
    expect((await lookup('acme.example')).status).toBe(404);
  });

  it('lets an unverified claim not block another team, and the first to verify wins', async () => {
    const rival = await save(1, ['acme.example']);
    expect(rival.status, JSON.stringify(rival.body)).toBe(200);

    const settings = await world.call('GET', `/teams/${teamIds[0]}/sso`, { as: owners[0] });
    const { record } = domainOf(settings.body, 'acme.example');
    dns.publish(record.name, 'v=spf1 -all', record.value);
    const verified = await verify(0, 'acme.example');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(domainOf(verified.body, 'acme.example').verified).toBe(true);
    const routed = await lookup('acme.example');
    expect(routed.status).toBe(200);
    expect(routed.body.data).toMatchObject({ teamId: teamIds[0], teamName: 'Acme', required: true });

    // The loser's unverified claim is gone; it can neither verify nor save the domain again.
    const rivalNow = await world.call('GET', `/teams/${teamIds[1]}/sso`, { as: owners[1] });
    expect(rivalNow.body.data.domains).toEqual([]);
    const again = await save(1, ['acme.example']);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(teamSsoDomainTakenMessage('acme.example'));
    const audit = await world.call('GET', `/teams/${teamIds[0]}/audit`, { as: owners[0] });
    expect(audit.body.data[0]).toMatchObject({ action: 'sso_domain_verified' });
  });

  it('keeps a verified domain verified when the settings are saved again', async () => {
    const saved = await save(0, ['acme.example', 'acme-labs.example']);
    expect(domainOf(saved.body, 'acme.example').verified).toBe(true);
    expect(domainOf(saved.body, 'acme-labs.example').verified).toBe(false);
  });

  it("never drops the team's other domains when the settings are saved with fewer", async () => {
    const saved = await save(0, ['acme.example']);
    expect(saved.body.data.domains.map((d: TeamSsoDomain) => d.domain)).toEqual([
      'acme-labs.example',
      'acme.example',
    ]);
  });

  it('refuses shared mail domains outright', async () => {
    for (const shared of ['gmail.com', 'outlook.com', 'gmx.de', 'yandex.ru', 'proton.me']) {
      const refused = await save(1, [shared]);
      expect(refused.status, shared).toBe(400);
      expect(refused.body.errors[0].message).toBe(ssoDomainMessages.shared(shared));
    }
    // Even a row claiming gmail.com as verified routes nobody.
    await world.db
      .insertInto('team_sso_domains')
      .values({ team_id: teamIds[0]!, domain: 'gmail.com', token: 'x', verified_at: new Date() })
      .execute();
    expect((await lookup('gmail.com')).status).toBe(404);
    await world.db.deleteFrom('team_sso_domains').where('domain', '=', 'gmail.com').execute();
  });

  it('refuses a verification by anyone but the owner, and of a domain the team does not claim', async () => {
    const notClaimed = await verify(0, 'other.example');
    expect(notClaimed.status).toBe(404);
    expect(notClaimed.body.message).toBe(ssoDomainMessages.notClaimed);
    const stranger = await world.call('POST', `/teams/${teamIds[0]}/sso/domains/acme.example/verify`, {
      as: owners[1],
    });
    expect(stranger.status).toBe(404);
  });

  it('gives a seat only for an address of a verified domain', async () => {
    const seat = (email: string) =>
      world.call('POST', `/internal/teams/${teamIds[0]}/members`, {
        headers: internalHeaders(),
        body: { userId: 'ffffffffffffffffffffff01', email, name: 'Someone' },
      });
    const refused = await seat('someone@acme-labs.example');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(teamSsoMessages.notSet);
    expect((await seat('someone@acme.example')).status).toBe(200);
  });
});
