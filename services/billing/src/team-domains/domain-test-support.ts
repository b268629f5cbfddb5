// For tests: a team's domain verified through the test DNS server, as its owner verifies it.
import { expect } from 'vitest';
import type { Identity, TeamSsoDomain } from '@catalyst/contracts';
import type { TestDnsServer } from '../team-sso/test-dns-server';
import type { BillingWorld } from '../test-support';

/** Claims `domain` for the team, publishes its TXT record and verifies it, as an owner does. */
export async function verifyDomain(
  world: BillingWorld,
  dns: TestDnsServer,
  owner: Identity,
  teamId: string,
  domain: string,
) {
  const added = await world.call('POST', `/teams/${teamId}/domains`, { as: owner, body: { domain } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const { record } = (added.body.data as TeamSsoDomain[]).find((d) => d.domain === domain)!;
  dns.publish(record.name, record.value);
  const verified = await world.call('POST', `/teams/${teamId}/domains/${domain}/verify`, { as: owner });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.data as TeamSsoDomain[];
}
