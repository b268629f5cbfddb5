// A team's own e-mail domains, without any single sign-on: claimed by the owner, proved by a DNS TXT record that
// a real DNS server (dns2) on a loopback port answers, removed again; every change in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ssoDomainMessages,
  teamDomainMessages,
  teamDomainTakenMessage,
  teamMessages,
  type Identity,
} from '@catalyst/contracts';
import { learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';
import { startTestDnsServer, type TestDnsServer } from '../team-sso/test-dns-server';
import { makeTeam } from '../team-test-support';
import { verifyDomain } from './domain-test-support';

let world: BillingWorld;
let dns: TestDnsServer;
const newPerson = learnerFactory('3', 'Domains');

beforeAll(async () => {
  dns = await startTestDnsServer();
  world = await startBillingWorld({ config: { DNS_SERVERS: dns.server } });
}, 120_000);

afterAll(async () => {
  await world?.close();
  await dns?.close();
});

const domainsPath = (teamId: string) => `/teams/${teamId}/domains`;
const auditOf = async (owner: Identity, teamId: string) =>
  (await world.call('GET', `/teams/${teamId}/audit`, { as: owner })).body.data as {
    action: string;
    detail: string;
  }[];

describe("a team's own domains", () => {
  it('claims a domain unverified with its TXT record, verifies it by DNS, and removes it', async () => {
    const owner = newPerson();
    const team = await makeTeam(world, owner);
    const added = await world.call('POST', domainsPath(team.id), {
      as: owner,
      body: { domain: '@Own.Example' },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual([
      {
        domain: 'own.example',
        verified: false,
        record: {
          name: '_catalyst-verification.own.example',
          value: expect.stringMatching(/^catalyst-verification=[0-9a-f]{32}$/),
        },
      },
    ]);
    // A second claim of the same domain changes nothing (the TXT value stays the one published).
    const again = await world.call('POST', domainsPath(team.id), {
      as: owner,
      body: { domain: 'own.example' },
    });
    expect(again.body.data).toEqual(added.body.data);

    const unproved = await world.call('POST', `${domainsPath(team.id)}/own.example/verify`, { as: owner });
    expect(unproved.status).toBe(400);
    expect(unproved.body.message).toBe(ssoDomainMessages.noRecord('own.example'));

    dns.publish(added.body.data[0].record.name, added.body.data[0].record.value);
    const verified = await world.call('POST', `${domainsPath(team.id)}/own.example/verify`, { as: owner });
    expect(verified.status).toBe(200);
    expect(verified.body.data[0].verified).toBe(true);
    // No single sign-on is set: the team holds its domains all the same.
    expect((await world.call('GET', `/teams/${team.id}/sso`, { as: owner })).body.data).toBeNull();
    expect((await world.call('GET', domainsPath(team.id), { as: owner })).body.data[0].verified).toBe(true);

    const removed = await world.call('DELETE', `${domainsPath(team.id)}/own.example`, { as: owner });
    expect(removed).toMatchObject({ status: 200, body: { data: [] } });
    const gone = await world.call('DELETE', `${domainsPath(team.id)}/own.example`, { as: owner });
    expect(gone).toMatchObject({
      status: 404,
      body: { success: false, message: teamDomainMessages.notClaimed },
    });

    expect((await auditOf(owner, team.id)).slice(0, 3)).toMatchObject([
      { action: 'domain_removed', detail: 'own.example' },
      { action: 'domain_verified', detail: 'own.example verified by DNS' },
      { action: 'domain_added', detail: 'own.example (not verified yet)' },
    ]);
  });

  it('refuses shared mail domains and a domain another team has verified', async () => {
    const [owner, rival] = [newPerson(), newPerson()];
    const [team, rivals] = [await makeTeam(world, owner), await makeTeam(world, rival)];
    for (const shared of ['gmail.com', 'hotmail.co.uk', 'yahoo.fr']) {
      const refused = await world.call('POST', domainsPath(team.id), { as: owner, body: { domain: shared } });
      expect(refused.status, shared).toBe(400);
      expect(refused.body.errors[0].message).toBe(ssoDomainMessages.shared(shared));
    }
    // An unverified claim blocks nobody: both claim it, the first to verify holds it.
    const rivalClaim = await world.call('POST', domainsPath(rivals.id), {
      as: rival,
      body: { domain: 'contested.example' },
    });
    expect(rivalClaim.status).toBe(200);
    await verifyDomain(world, dns, owner, team.id, 'contested.example');
    expect((await world.call('GET', domainsPath(rivals.id), { as: rival })).body.data).toEqual([]);
    const taken = await world.call('POST', domainsPath(rivals.id), {
      as: rival,
      body: { domain: 'contested.example' },
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { success: false, message: teamDomainTakenMessage('contested.example') },
    });
  });

  it('keeps the domains to the owner: 403 for an admin or member, 404 for anyone outside the team', async () => {
    const [owner, admin, member, stranger] = [newPerson(), newPerson(), newPerson(), newPerson()];
    const team = await makeTeam(world, owner, {
      others: [
        { person: admin, role: 'admin' },
        { person: member, role: 'member' },
      ],
    });
    await verifyDomain(world, dns, owner, team.id, 'owned.example');
    for (const [method, path, body] of [
      ['GET', domainsPath(team.id), undefined],
      ['POST', domainsPath(team.id), { domain: 'mine.example' }],
      ['POST', `${domainsPath(team.id)}/owned.example/verify`, undefined],
      ['DELETE', `${domainsPath(team.id)}/owned.example`, undefined],
    ] as const) {
      for (const who of [admin, member]) {
        const refused = await world.call(method, path, { as: who, body });
        expect(refused, `${method} ${path}`).toMatchObject({
          status: 403,
          body: { message: teamMessages.ownerOnly },
        });
      }
      expect((await world.call(method, path, { as: stranger, body })).status, `${method} ${path}`).toBe(404);
      expect((await world.call(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    expect((await world.call('GET', domainsPath(team.id), { as: owner })).body.data).toHaveLength(1);
  });

  it('keeps the domains when single sign-on is removed: they are the team’s', async () => {
    const owner = newPerson();
    const team = await makeTeam(world, owner);
    await verifyDomain(world, dns, owner, team.id, 'kept.example');
    await world.db
      .insertInto('team_sso')
      .values({
        team_id: team.id,
        issuer: 'https://idp.example',
        client_id: 'c',
        client_secret_encrypted: '',
        required: false,
      })
      .execute();
    const sso = await world.call('GET', `/teams/${team.id}/sso`, { as: owner });
    expect(sso.body.data.domains).toMatchObject([{ domain: 'kept.example', verified: true }]);
    expect((await world.call('DELETE', `/teams/${team.id}/sso`, { as: owner })).status).toBe(200);
    expect((await world.call('GET', domainsPath(team.id), { as: owner })).body.data).toMatchObject([
      { domain: 'kept.example', verified: true },
    ]);
  });
});
