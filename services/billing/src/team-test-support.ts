// For team tests: a team bought on the hosted checkout or made as checkout leaves it, invitations read from the
// e-mail they were sent in, joining, a personal plan, and whether someone has Premium now.
import { expect } from 'vitest';
import { teamDetailSchema, type Identity, type TeamInterval } from '@catalyst/contracts';
import { PUBLIC_URL, type BillingWorld } from './test-support';

/** Pays a team checkout as `owner` on the hosted checkout page; answers its session, not yet confirmed. */
export async function payTeamCheckout(
  world: BillingWorld,
  owner: Identity,
  seats = 5,
  interval: TeamInterval = 'month',
) {
  const created = await world.call('POST', '/teams/checkout', {
    as: owner,
    body: { name: `${owner.name}'s team`, seats, interval },
  });
  expect(created.status).toBe(200);
  const { url, sessionId } = created.body.data as { url: string; sessionId: string };
  const paid = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }).toString(),
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`${PUBLIC_URL}/team?session_id=${sessionId}`);
  return sessionId;
}

/** Buys a team as `owner` on the hosted checkout page; answers the confirmed team. */
export async function buyTeam(
  world: BillingWorld,
  owner: Identity,
  seats = 5,
  interval: TeamInterval = 'month',
) {
  const sessionId = await payTeamCheckout(world, owner, seats, interval);
  const confirmed = await world.call('POST', '/teams/confirm', { as: owner, body: { sessionId } });
  expect(confirmed.status).toBe(200);
  return { team: teamDetailSchema.parse(confirmed.body.data), sessionId };
}

/**
 * A team of `owner` (and `others` with their roles) written straight to billing's tables, as checkout and
 * joining leave it, for tests about what a team does rather than how it is bought.
 */
export async function makeTeam(
  world: BillingWorld,
  owner: Identity,
  {
    name = `${owner.name}'s team`,
    seats = 3,
    interval = 'month' as TeamInterval,
    others = [] as { person: Identity; role: 'admin' | 'member' }[],
  } = {},
) {
  const team = await world.db
    .insertInto('teams')
    .values({
      name,
      owner_user_id: owner.id,
      interval,
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
    .values(
      [{ person: owner, role: 'owner' as const }, ...others].map(({ person, role }) => ({
        team_id: team.id,
        user_id: person.id,
        name: person.name,
        email: person.email,
        role,
      })),
    )
    .execute();
  return team;
}

/** Invites `people` as `by`; answers each one's token, read from the e-mail they were sent. */
export async function invite(world: BillingWorld, by: Identity, teamId: string, people: Identity[]) {
  const answer = await world.call('POST', `/teams/${teamId}/invitations`, {
    as: by,
    body: { emails: people.map((p) => p.email) },
  });
  expect(answer.status).toBe(200);
  return people.map((p) => tokenMailedTo(world, p.email));
}

/** The token of the last invitation mailed to `email`. */
export function tokenMailedTo(world: BillingWorld, email: string): string {
  const mail = world.mailer.sent.filter((m) => m.to === email).at(-1);
  const token = mail?.text.match(/\/team\/join\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

export const accept = (world: BillingWorld, as: Identity, token: string) =>
  world.call('POST', `/teams/invitations/${token}/accept`, { as });

/** Whether billing gives `person` Premium now, as content and progress ask it. */
export const entitled = async (world: BillingWorld, person: { id: string }) =>
  (await world.internal(`/internal/entitlements/${person.id}`)).body.data.entitled as boolean;

/** A personal Premium plan for `person`, paid on the hosted checkout and confirmed. */
export async function buyPersonalPremium(world: BillingWorld, person: Identity) {
  const paid = await world.checkout(person, '4242424242424242');
  const confirmed = await world.call('POST', '/subscription/confirm', {
    as: person,
    body: { sessionId: paid.sessionId },
  });
  expect(confirmed.status).toBe(200);
}
