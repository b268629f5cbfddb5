// For tests: a team made as checkout leaves it, and a domain verified through the test DNS server.
import { expect } from 'vitest';
import type { Identity, TeamSsoDomain } from '@catalyst/contracts';
import type { TestDnsServer } from '../team-sso/test-dns-server';
import type { BillingWorld } from '../test-support';

/** A team of `owner` (and `others` as members with their roles), as checkout and joining leave it. */
export async function makeTeam(
  world: BillingWorld,
  owner: Identity,
  { seats = 3, others = [] as { person: Identity; role: 'admin' | 'member' }[] } = {},
) {
  const team = await world.db
    .insertInto('teams')
    .values({
      name: `${owner.name}'s team`,
      owner_user_id: owner.id,
      interval: 'month',
      seats,
      status: 'active',
      stripe_customer_id: `cus_${owner.id}`,
      stripe_subscription_id: `sub_${owner.id}`,
      checkout_session_id: `cs_${owner.id}`,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  await world.db
    .insertInto('team_members')
    .values([
      { team_id: team.id, user_id: owner.id, name: owner.name, email: owner.email, role: 'owner' },
      ...others.map(({ person, role }) => ({
        team_id: team.id,
        user_id: person.id,
        name: person.name,
        email: person.email,
        role,
      })),
    ])
    .execute();
  return team;
}

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
