// A team's join link: owners and admins turn it on (once a domain is verified), make a new one or turn it off;
// a person with a verified address at one of the team's verified domains takes a seat by it, as an accepted
// invitation does (a full team refused and its owner mailed, a personal plan ended). Domains verified by DNS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  joinLinkMessages,
  joinLinkWrongDomainMessage,
  teamMessages,
  teamSummarySchema,
  type Identity,
  type TeamJoinLink,
} from '@catalyst/contracts';
import { verifyDomain } from '../team-domains/domain-test-support';
import { accept, buyPersonalPremium, entitled, invite, makeTeam } from '../team-test-support';
import { startTestDnsServer, type TestDnsServer } from '../team-sso/test-dns-server';
import { learnerFactory, PUBLIC_URL, startBillingWorld, type BillingWorld } from '../test-support';

let world: BillingWorld;
let dns: TestDnsServer;
const newPerson = learnerFactory('4', 'Joiner');
let domainCount = 0;

beforeAll(async () => {
  dns = await startTestDnsServer();
  world = await startBillingWorld({ config: { DNS_SERVERS: dns.server } });
}, 120_000);

afterAll(async () => {
  await world?.close();
  await dns?.close();
});

/** Someone signed up at `domain`, their address verified (or not). */
const personAt = (domain: string, emailVerified = true): Identity => {
  const person = newPerson();
  return { ...person, email: person.email.replace(/@.*/, `@${domain}`), emailVerified };
};

/** A team whose owner verified a domain of its own and turned the link on: the team, the domain, the token. */
async function teamWithLink(seats = 3) {
  const owner = newPerson();
  const team = await makeTeam(world, owner, { seats });
  const domain = `team${++domainCount}.example`;
  await verifyDomain(world, dns, owner, team.id, domain);
  const link = await world.call('POST', `/teams/${team.id}/join-link`, { as: owner });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  return { owner, team, domain, token: tokenOf(link.body.data) };
}

const tokenOf = (link: TeamJoinLink) => {
  const match = link.url?.match(/\/team\/link\/([A-Za-z0-9_-]{43})$/);
  if (!match) throw new Error(`not a join link: ${link.url}`);
  return match[1]!;
};
const join = (as: Identity, token: string) => world.call('POST', `/teams/join-link/${token}/join`, { as });
const preview = (token: string) => world.call('GET', `/teams/join-link/${token}`);
const seatOf = (person: Identity) =>
  world.db.selectFrom('team_members').selectAll().where('user_id', '=', person.id).executeTakeFirst();

describe('turning the join link on and off', () => {
  it('refuses to turn it on before the team has a verified domain', async () => {
    const owner = newPerson();
    const team = await makeTeam(world, owner);
    await world.call('POST', `/teams/${team.id}/domains`, {
      as: owner,
      body: { domain: 'unproved.example' },
    });
    const refused = await world.call('POST', `/teams/${team.id}/join-link`, { as: owner });
    expect(refused).toMatchObject({
      status: 409,
      body: { success: false, message: joinLinkMessages.noVerifiedDomain },
    });
    const off = await world.call('GET', `/teams/${team.id}/join-link`, { as: owner });
    expect(off.body.data).toEqual({ url: null, createdAt: null, domains: [] });
  });

  it('gives owners and admins the same link again, a new one that retires the old, and off', async () => {
    const { owner, team, domain, token } = await teamWithLink();
    const admin = newPerson();
    await world.db
      .insertInto('team_members')
      .values({ team_id: team.id, user_id: admin.id, name: admin.name, email: admin.email, role: 'admin' })
      .execute();
    const shown = await world.call('GET', `/teams/${team.id}/join-link`, { as: admin });
    expect(shown.body.data).toMatchObject({ url: `${PUBLIC_URL}/team/link/${token}`, domains: [domain] });
    // Kept only as a hash and sealed: the database never holds the link itself.
    const row = await world.db.selectFrom('team_join_links').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await preview(token)).toMatchObject({
      status: 200,
      body: { data: { teamName: team.name, domains: [domain] } },
    });

    const renewed = await world.call('POST', `/teams/${team.id}/join-link`, { as: admin });
    const fresh = tokenOf(renewed.body.data);
    expect(fresh).not.toBe(token);
    expect(await preview(token)).toMatchObject({ status: 404, body: { message: joinLinkMessages.notFound } });
    const old = await join(personAt(domain), token);
    expect(old).toMatchObject({ status: 404, body: { success: false, message: joinLinkMessages.notFound } });
    expect((await preview(fresh)).status).toBe(200);

    const off = await world.call('DELETE', `/teams/${team.id}/join-link`, { as: owner });
    expect(off.body.data).toEqual({ url: null, createdAt: null, domains: [domain] });
    expect((await preview(fresh)).status).toBe(404);
    expect((await join(personAt(domain), fresh)).status).toBe(404);

    const audit = (await world.call('GET', `/teams/${team.id}/audit`, { as: owner })).body.data;
    expect(audit.slice(0, 3).map((e: { action: string }) => e.action)).toEqual([
      'join_link_off',
      'join_link_renewed',
      'join_link_on',
    ]);
  });

  it('keeps the link to owners and admins: 403 for a member, 404 outside the team', async () => {
    const { team } = await teamWithLink();
    const [member, stranger] = [newPerson(), newPerson()];
    await world.db
      .insertInto('team_members')
      .values({
        team_id: team.id,
        user_id: member.id,
        name: member.name,
        email: member.email,
        role: 'member',
      })
      .execute();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const path = `/teams/${team.id}/join-link`;
      expect(await world.call(method, path, { as: member })).toMatchObject({
        status: 403,
        body: { message: teamMessages.ownerOrAdminOnly },
      });
      expect((await world.call(method, path, { as: stranger })).status).toBe(404);
    }
  });

  it('answers 404 for an unknown link, and once the last verified domain is removed', async () => {
    expect(await preview('x'.repeat(43))).toMatchObject({
      status: 404,
      body: { message: joinLinkMessages.notFound },
    });
    const { owner, team, domain, token } = await teamWithLink();
    await world.call('DELETE', `/teams/${team.id}/domains/${domain}`, { as: owner });
    expect((await preview(token)).status).toBe(404);
    expect((await join(personAt(domain), token)).status).toBe(404);
  });
});

describe('joining by the link', () => {
  it('seats a verified address at a verified domain, with Premium, and audits it as by join link', async () => {
    const { owner, team, domain, token } = await teamWithLink();
    const person = personAt(domain);
    const joined = await join(person, token);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(teamSummarySchema.parse(joined.body.data)).toMatchObject({
      id: team.id,
      role: 'member',
      seatsUsed: 2,
    });
    expect(await seatOf(person)).toMatchObject({ team_id: team.id, role: 'member', email: person.email });
    expect(await entitled(world, person)).toBe(true);
    expect(world.evictions).toContain(person.id);
    const [entry] = (await world.call('GET', `/teams/${team.id}/audit`, { as: owner })).body.data;
    expect(entry).toMatchObject({ action: 'joined', detail: `${person.email} by join link` });
    // Joined already: a second use is refused, the seat kept.
    expect(await join(person, token)).toMatchObject({
      status: 409,
      body: { message: teamMessages.alreadyInTeam },
    });
  });

  it('refuses an address that is not verified, or not at one of the verified domains', async () => {
    const { owner, team, domain, token } = await teamWithLink();
    const unverified = await join(personAt(domain, false), token);
    expect(unverified).toMatchObject({
      status: 403,
      body: { success: false, message: joinLinkMessages.emailNotVerified },
    });
    // An unverified claim of the team admits nobody either.
    await world.call('POST', `/teams/${team.id}/domains`, {
      as: owner,
      body: { domain: 'claimed-only.example' },
    });
    for (const other of ['elsewhere.example', 'claimed-only.example', `sub.${domain}`]) {
      const refused = await join(personAt(other), token);
      expect(refused, other).toMatchObject({
        status: 403,
        body: { success: false, message: joinLinkWrongDomainMessage([domain]) },
      });
    }
  });

  it('refuses someone already in a team', async () => {
    const { domain, token } = await teamWithLink();
    const person = personAt(domain);
    const otherOwner = newPerson();
    await makeTeam(world, otherOwner, { others: [{ person, role: 'member' }] });
    expect(await join(person, token)).toMatchObject({
      status: 409,
      body: { success: false, message: teamMessages.alreadyInTeam },
    });
  });

  it('refuses a full team with 409 and mails its owner', async () => {
    const { owner, team, domain, token } = await teamWithLink(3);
    expect((await join(personAt(domain), token)).status).toBe(200);
    expect((await join(personAt(domain), token)).status).toBe(200);
    const late = personAt(domain);
    const full = await join(late, token);
    expect(full).toMatchObject({ status: 409, body: { success: false, message: teamMessages.teamFull } });
    expect(await seatOf(late)).toBeUndefined();
    const told = world.mailer.sent.filter((m) => m.to === owner.email).at(-1)!;
    expect(told.subject).toBe(`${late.email} could not join ${team.name}: no free seats`);
    expect(told.text).toContain(
      `${late.email} used the join link of ${team.name}, but all 3 seats are taken.`,
    );
  });

  it('keeps the seats open invitations hold: the link takes only a seat nobody was invited to', async () => {
    const { owner, team, domain, token } = await teamWithLink(3);
    const invited = personAt(domain);
    const [invitation] = await invite(world, owner, team.id, [invited]);
    expect((await join(personAt(domain), token)).status).toBe(200);
    // Owner, one joiner and one invitation: the third seat is the invited person's.
    expect(await join(personAt(domain), token)).toMatchObject({
      status: 409,
      body: { message: teamMessages.teamFull },
    });
    // The invited person may use the link as well as their invitation: their own seat is theirs.
    expect((await join(invited, token)).status).toBe(200);
    // Their invitation is closed by it, holding no seat of its own any more.
    const detail = await world.call('GET', `/teams/${team.id}`, { as: owner });
    expect(detail.body.data).toMatchObject({ seatsUsed: 3, invitations: [] });
    expect((await accept(world, invited, invitation!)).status).toBe(410);
  });

  it("ends a joining subscriber's personal plan at its period's end and says so", async () => {
    const { domain, token } = await teamWithLink();
    const subscriber = personAt(domain);
    await buyPersonalPremium(world, subscriber);
    const joined = await join(subscriber, token);
    expect(joined.status).toBe(200);
    const personal = await world.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', subscriber.id)
      .executeTakeFirstOrThrow();
    expect(personal.cancel_at_period_end).toBe(true);
    const day = personal.current_period_end!.toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(joined.body.message).toBe(
      `Your personal Premium plan will end on ${day}; your team's seat covers you from now on.`,
    );
  });

  it("never seats into another team: a link admits to its own team, at that team's domains only", async () => {
    const a = await teamWithLink();
    const b = await teamWithLink();
    // B's person with A's link: refused, for A's link admits A's domain only.
    const bPerson = personAt(b.domain);
    expect((await join(bPerson, a.token)).status).toBe(403);
    // A's person with A's link lands in A, never in B.
    const aPerson = personAt(a.domain);
    expect((await join(aPerson, a.token)).body.data.id).toBe(a.team.id);
    expect((await seatOf(aPerson))!.team_id).toBe(a.team.id);
  });
});
