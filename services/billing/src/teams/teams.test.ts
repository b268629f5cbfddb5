// Catalyst for Teams through the real stripe SDK against the payments sandbox: seats bought in a subscription
// checkout (quantity = seats), invitations by CSV with a report per row, joining by the invited address only,
// once, within 7 days, a full team refused with its owner told, removal and seat changes (prorated), and every
// team route closed to people outside the team.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authInternalRoutes,
  teamDetailSchema,
  teamInviteRefusals,
  teamMessages,
  teamSummarySchema,
  type Identity,
  type TeamDetail,
} from '@catalyst/contracts';
import { createPeerStandIn, internalHeaders } from '@catalyst/service-kit/testing';
import {
  accept,
  buyPersonalPremium,
  buyTeam,
  entitled,
  invite,
  payTeamCheckout,
  tokenMailedTo,
} from '../team-test-support';
import { learnerFactory, PUBLIC_URL, startBillingWorld, type BillingWorld } from '../test-support';

let world: BillingWorld;
/** The addresses whose accounts chose a language, as auth would answer. */
const addressLanguages = new Map<string, 'es' | 'de' | 'ar'>();
let auth: Awaited<ReturnType<typeof createPeerStandIn>>;
beforeAll(async () => {
  auth = (await createPeerStandIn()).answer(authInternalRoutes.addressLanguages, ({ body }) =>
    (body.emails as string[]).flatMap((email) => {
      const locale = addressLanguages.get(email);
      return locale ? [{ email, locale }] : [];
    }),
  );
  world = await startBillingWorld({ config: { AUTH_URL: auth.baseUrl } });
});
afterAll(async () => {
  await world?.close();
  await auth?.close();
});

const newPerson = learnerFactory('7', 'Teammate');

const detail = async (as: Identity, teamId: string) =>
  teamDetailSchema.parse((await world.call('GET', `/teams/${teamId}`, { as })).body.data);
const personalPlanMails = (person: Identity) =>
  world.mailer.sent.filter(
    (m) => m.to === person.email && m.subject.startsWith('Your personal Catalyst Premium plan ends'),
  );
const longDay = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const sandboxSubscription = (team: TeamDetail) =>
  world.db
    .selectFrom('teams')
    .select('stripe_subscription_id')
    .where('id', '=', team.id)
    .executeTakeFirstOrThrow()
    .then(({ stripe_subscription_id: id }) =>
      world.sandboxDb.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );

describe('buying a team', () => {
  it('sells 5 seats in one subscription, seats the owner, and the webhook makes no second team', async () => {
    const owner = newPerson();
    const { team, sessionId } = await buyTeam(world, owner, 5);
    expect(team).toMatchObject({
      seats: 5,
      seatsUsed: 1,
      interval: 'month',
      status: 'active',
      invitations: [],
    });
    expect(team.members).toEqual([
      expect.objectContaining({ userId: owner.id, role: 'owner', email: owner.email }),
    ]);
    expect(Date.parse(team.renewsAt!)).toBeGreaterThan(Date.now());

    const sub = await sandboxSubscription(team);
    expect(sub.quantity).toBe(5);
    const invoice = await world.sandboxDb
      .selectFrom('invoices')
      .selectAll()
      .where('subscription', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(invoice.amount_paid).toBe(5 * 1_200);

    await world.dispatcher.deliverDue();
    const again = await world.call('POST', '/teams/confirm', { as: owner, body: { sessionId } });
    expect(again.body.data.id).toBe(team.id);
    const teams = await world.db
      .selectFrom('teams')
      .select('id')
      .where('owner_user_id', '=', owner.id)
      .execute();
    expect(teams).toHaveLength(1);
    // The team's subscription is not the owner's personal plan, but the owner's seat is Premium.
    expect(
      await world.db
        .selectFrom('subscriptions')
        .select('stripe_subscription_id')
        .where('user_id', '=', owner.id)
        .execute(),
    ).toEqual([]);
    expect(await entitled(world, owner)).toBe(true);
    const mine = await world.call('GET', '/teams/mine', { as: owner });
    expect(teamSummarySchema.parse(mine.body.data.team)).toMatchObject({
      id: team.id,
      role: 'owner',
      seatsUsed: 1,
    });
    expect(
      (
        await world.call('POST', '/teams/checkout', {
          as: owner,
          body: { name: 'Again', seats: 3, interval: 'year' },
        })
      ).body,
    ).toMatchObject({
      success: false,
      message: teamMessages.alreadyInTeam,
    });
  });

  it("ends the buyer's personal plan at its period's end and mails them once: a seat covers them now", async () => {
    const owner = newPerson();
    await buyPersonalPremium(world, owner);
    const sessionId = await payTeamCheckout(world, owner, 3);
    // the return from the checkout, a second tab and the webhook, all at once: one of them ends the plan
    const [first, second] = await Promise.all([
      world.call('POST', '/teams/confirm', { as: owner, body: { sessionId } }),
      world.call('POST', '/teams/confirm', { as: owner, body: { sessionId } }),
      world.dispatcher.deliverDue(),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const personal = await world.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(personal.cancel_at_period_end).toBe(true);
    const atProvider = await world.sandboxDb
      .selectFrom('subscriptions')
      .select('cancel_at_period_end')
      .where('id', '=', personal.stripe_subscription_id)
      .executeTakeFirstOrThrow();
    expect(atProvider.cancel_at_period_end).toBe(true);
    expect(await entitled(world, owner)).toBe(true);
    const day = longDay(personal.current_period_end!);
    const mails = personalPlanMails(owner);
    expect(mails.map((m) => m.subject)).toEqual([`Your personal Catalyst Premium plan ends on ${day}`]);
    expect(mails[0]!.text).toContain(
      `Your personal Premium plan will end on ${day}; your team's seat covers you from now on.\n` +
        `Your seat in ${owner.name}'s team gives you Premium`,
    );
  });

  it('is made by the webhook alone when the buyer never comes back from the checkout', async () => {
    const owner = newPerson();
    const created = await world.call('POST', '/teams/checkout', {
      as: owner,
      body: { name: 'Northwind Ops', seats: 3, interval: 'year' },
    });
    const { url, sessionId } = created.body.data as { url: string; sessionId: string };
    expect((await world.call('POST', '/teams/confirm', { as: owner, body: { sessionId } })).status).toBe(409);
    await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }).toString(),
    });
    await world.dispatcher.deliverDue();
    const mine = await world.call('GET', '/teams/mine', { as: owner });
    expect(mine.body.data.team).toMatchObject({
      name: 'Northwind Ops',
      role: 'owner',
      seats: 3,
      interval: 'year',
    });
    const confirmed = await world.call('POST', '/teams/confirm', { as: owner, body: { sessionId } });
    expect(confirmed.body.data.id).toBe(mine.body.data.team.id);
    // Someone else's session is not theirs to confirm.
    const stranger = newPerson();
    expect((await world.call('POST', '/teams/confirm', { as: stranger, body: { sessionId } })).status).toBe(
      404,
    );
  });

  it('refuses seats outside 3–500 and a name too short, naming the field', async () => {
    const owner = newPerson();
    for (const body of [
      { name: 'Acme', seats: 2, interval: 'month' },
      { name: 'Acme', seats: 501, interval: 'month' },
      { name: 'A', seats: 3, interval: 'year' },
    ]) {
      const answer = await world.call('POST', '/teams/checkout', { as: owner, body });
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
    }
  });
});

describe('inviting and joining', () => {
  it("writes an invitation in the address's own language if its account chose one, else the inviter's", async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 5);
    const [newcomer, member] = [newPerson(), newPerson()];
    addressLanguages.set(member.email, 'es');
    const answer = await world.call('POST', `/teams/${team.id}/invitations`, {
      as: owner,
      body: { emails: [newcomer.email, member.email] },
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(answer.body.data.invited).toBe(2);
    const german = world.mailer.sent.filter((m) => m.to === newcomer.email).at(-1)!;
    expect(german.subject).toBe(`Du bist eingeladen, ${team.name} auf Catalyst beizutreten`);
    expect(german.text.split('\n').slice(0, 5)).toEqual([
      'Hallo,',
      '',
      `${owner.name} hat dich eingeladen, ${team.name} auf Catalyst beizutreten. Dein Platz im Team gibt dir Catalyst Premium.`,
      '',
      `Dem Team beitreten: ${PUBLIC_URL}/team/join/${tokenMailedTo(world, newcomer.email)}`,
    ]);
    expect(german.text).toMatch(/bis zum \d{1,2}\. \p{L}+ \d{4}\.$/u);
    expect(german.headers).toEqual({ 'Content-Language': 'de' });
    const spanish = world.mailer.sent.filter((m) => m.to === member.email).at(-1)!;
    expect(spanish.subject).toBe(`Te han invitado a unirte a ${team.name} en Catalyst`);
    expect(spanish.headers).toEqual({ 'Content-Language': 'es' });
  });

  it('invites from a CSV and reports the two bad rows by line', async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 5);
    const ada = newPerson();
    const bo = newPerson();
    const csv = `name,email\r\nAda,${ada.email}\r\nNobody,not-an-address\r\nAda again,${ada.email.toUpperCase()}\r\nBo,${bo.email}\r\n`;
    const answer = await world.call('POST', `/teams/${team.id}/invitations`, { as: owner, body: { csv } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      invited: 2,
      rows: [
        { row: 2, email: ada.email, outcome: 'invited' },
        { row: 3, email: 'not-an-address', outcome: 'refused', reason: teamInviteRefusals.notAnEmail },
        { row: 4, email: ada.email.toUpperCase(), outcome: 'refused', reason: teamInviteRefusals.duplicate },
        { row: 5, email: bo.email, outcome: 'invited' },
      ],
    });
    const mail = world.mailer.sent.filter((m) => m.to === ada.email).at(-1)!;
    expect(mail.subject).toBe(`You're invited to join ${team.name} on Catalyst`);
    const token = tokenMailedTo(world, ada.email);
    expect(mail.text).toContain(`${PUBLIC_URL}/team/join/${token}`);
    // Only the token's hash is kept.
    const stored = await world.db
      .selectFrom('team_invitations')
      .select('token_hash')
      .where('email', '=', ada.email)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored.token_hash).not.toContain(token);
    expect((await detail(owner, team.id)).invitations.map((i) => i.email).sort()).toEqual(
      [ada.email, bo.email].sort(),
    );

    // Again: already invited; a seat for each of the rest until none is left.
    const more = [newPerson(), newPerson(), newPerson()];
    const second = await world.call('POST', `/teams/${team.id}/invitations`, {
      as: owner,
      body: { emails: [ada.email, owner.email, ...more.map((p) => p.email)] },
    });
    expect(second.body.data.rows.map((r: { reason?: string }) => r.reason ?? 'invited')).toEqual([
      teamInviteRefusals.alreadyInvited,
      teamInviteRefusals.alreadyMember,
      'invited',
      'invited',
      teamInviteRefusals.noSeat,
    ]);
  });

  it('lets the invited address join once: a seat and Premium at once', async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 5);
    const ada = newPerson();
    const [token] = await invite(world, owner, team.id, [ada]);
    expect(await entitled(world, ada)).toBe(false);

    const visitor = await world.call('GET', `/teams/invitations/${token}`);
    expect(visitor.body.data).toMatchObject({
      teamName: team.name,
      invitedBy: owner.name,
      email: `t***@test.example`,
    });
    const invited = await world.call('GET', `/teams/invitations/${token}`, { as: ada });
    expect(invited.body.data.email).toBe(ada.email);

    const evictionsBefore = world.evictions.length;
    const joined = await accept(world, ada, token!);
    expect(joined.status).toBe(200);
    expect(teamSummarySchema.parse(joined.body.data)).toMatchObject({
      id: team.id,
      role: 'member',
      seatsUsed: 2,
    });
    expect(joined.body.message).toBeUndefined();
    expect(world.evictions.slice(evictionsBefore)).toContain(ada.id);
    expect(await entitled(world, ada)).toBe(true);
    const status = await world.call('GET', '/subscription/status', { as: ada });
    expect(status.body.data).toMatchObject({ hasSubscription: true, plan: 'premium', team: true });
    expect((await detail(owner, team.id)).members.map((m) => m.userId)).toEqual([owner.id, ada.id]);

    const reused = await accept(world, ada, token!);
    expect(reused).toMatchObject({
      status: 410,
      body: { success: false, message: teamMessages.invitationUsed },
    });
    expect((await world.call('GET', `/teams/invitations/${token}`)).status).toBe(410);
    expect((await world.call('GET', '/teams/invitations/no-such-token')).status).toBe(404);
  });

  it('refuses another address (403) and an expired invitation (410)', async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 5);
    const ada = newPerson();
    const [token] = await invite(world, owner, team.id, [ada]);
    const stranger = newPerson();
    expect(await accept(world, stranger, token!)).toMatchObject({
      status: 403,
      body: { success: false, message: teamMessages.wrongAddress },
    });
    expect(await entitled(world, stranger)).toBe(false);

    await world.db
      .updateTable('team_invitations')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('email', '=', ada.email)
      .execute();
    expect(await accept(world, ada, token!)).toMatchObject({
      status: 410,
      body: { success: false, message: teamMessages.invitationExpired },
    });
    expect((await world.call('GET', `/teams/invitations/${token}`)).status).toBe(410);
    // An expired invitation no longer holds a seat nor blocks a new one.
    const [fresh] = await invite(world, owner, team.id, [ada]);
    expect(fresh).not.toBe(token);
    expect((await accept(world, ada, fresh!)).status).toBe(200);
  });

  it('expires invitations after 7 days', async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 3);
    const before = Date.now();
    const [invitation] = (await detail(owner, team.id)).invitations;
    expect(invitation).toBeUndefined();
    await invite(world, owner, team.id, [newPerson()]);
    const expiresAt = Date.parse((await detail(owner, team.id)).invitations[0]!.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 5_000);
    expect(expiresAt - before).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
  });

  it('refuses a full team with 409 and tells its owner', async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 3);
    const [a, b, c] = [newPerson(), newPerson(), newPerson()];
    const [ta, tb] = await invite(world, owner, team.id, [a, b]);
    // Raised for a third invitation, then lowered again: three invitations for two free seats.
    expect(
      (await world.call('PUT', `/teams/${team.id}/seats`, { as: owner, body: { seats: 4 } })).status,
    ).toBe(200);
    const [tc] = await invite(world, owner, team.id, [c]);
    expect(
      (await world.call('PUT', `/teams/${team.id}/seats`, { as: owner, body: { seats: 3 } })).status,
    ).toBe(200);
    expect((await accept(world, a, ta!)).status).toBe(200);
    expect((await accept(world, b, tb!)).status).toBe(200);

    const full = await accept(world, c, tc!);
    expect(full).toMatchObject({ status: 409, body: { success: false, message: teamMessages.teamFull } });
    expect(await entitled(world, c)).toBe(false);
    const told = world.mailer.sent.filter((m) => m.to === owner.email).at(-1)!;
    expect(told.subject).toBe(`${c.email} could not join ${team.name}: no free seats`);
    // The invitation still works once a seat is added.
    expect(
      (await world.call('PUT', `/teams/${team.id}/seats`, { as: owner, body: { seats: 4 } })).status,
    ).toBe(200);
    expect((await accept(world, c, tc!)).status).toBe(200);
  });

  it("ends a joining member's personal plan at its period's end and says so", async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 3);
    const subscriber = newPerson();
    await buyPersonalPremium(world, subscriber);
    const [token] = await invite(world, owner, team.id, [subscriber]);
    const joined = await accept(world, subscriber, token!);
    expect(joined.status).toBe(200);
    const personal = await world.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', subscriber.id)
      .executeTakeFirstOrThrow();
    expect(personal.cancel_at_period_end).toBe(true);
    const day = longDay(personal.current_period_end!);
    expect(joined.body.message).toBe(
      `Your personal Premium plan will end on ${day}; your team's seat covers you from now on.`,
    );
    expect(personalPlanMails(subscriber).map((m) => m.subject)).toEqual([
      `Your personal Catalyst Premium plan ends on ${day}`,
    ]);
    const atProvider = await world.sandboxDb
      .selectFrom('subscriptions')
      .select('cancel_at_period_end')
      .where('id', '=', personal.stripe_subscription_id)
      .executeTakeFirstOrThrow();
    expect(atProvider.cancel_at_period_end).toBe(true);
  });

  it('mails nobody whose personal plan was already ending, yet still says when it ends', async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 3);
    const leaving = newPerson();
    await buyPersonalPremium(world, leaving);
    // Both successes in the language the page asked for, German: the date as German writes it.
    const german = { 'accept-language': 'de' };
    const canceled = await world.call('POST', '/subscription/cancel', { as: leaving, headers: german });
    expect(canceled.status).toBe(200);
    expect(canceled.body.message).toBe('Dein Abo endet zum Ende des Abrechnungszeitraums.');
    const [token] = await invite(world, owner, team.id, [leaving]);
    const joined = await world.call('POST', `/teams/invitations/${token}/accept`, {
      as: leaving,
      headers: german,
    });
    expect(joined.status).toBe(200);
    expect(joined.body.message).toMatch(
      /^Dein persönlicher Premium-Tarif endet am \d{1,2}\. \p{L}+ \d{4}; ab jetzt deckt dich der Platz deines Teams ab\.$/u,
    );
    expect(personalPlanMails(leaving)).toEqual([]);
  });
});

describe('running a team', () => {
  it('frees the seat and ends Premium at once when a member is removed; never the owner', async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 3);
    const ada = newPerson();
    const [token] = await invite(world, owner, team.id, [ada]);
    await accept(world, ada, token!);
    expect(await entitled(world, ada)).toBe(true);

    const evictionsBefore = world.evictions.length;
    const removed = await world.call('DELETE', `/teams/${team.id}/members/${ada.id}`, { as: owner });
    expect(removed.status).toBe(200);
    expect(teamDetailSchema.parse(removed.body.data)).toMatchObject({ seatsUsed: 1 });
    expect(world.evictions.slice(evictionsBefore)).toContain(ada.id);
    expect(await entitled(world, ada)).toBe(false);
    expect((await world.call('GET', '/teams/mine', { as: ada })).body.data).toEqual({ team: null });
    expect((await world.call('GET', '/subscription/status', { as: ada })).body.data.hasSubscription).toBe(
      false,
    );

    expect(await world.call('DELETE', `/teams/${team.id}/members/${owner.id}`, { as: owner })).toMatchObject({
      status: 409,
      body: { message: teamMessages.ownerCannotBeRemoved },
    });
    expect((await world.call('DELETE', `/teams/${team.id}/members/${ada.id}`, { as: owner })).status).toBe(
      404,
    );
  });

  it('changes seats with proration on the subscription and refuses to go below the seats used', async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 5, 'year');
    const people = [newPerson(), newPerson(), newPerson()];
    const tokens = await invite(world, owner, team.id, people);
    for (const [i, person] of people.entries())
      expect((await accept(world, person, tokens[i]!)).status).toBe(200);

    const raised = await world.call('PUT', `/teams/${team.id}/seats`, { as: owner, body: { seats: 8 } });
    expect(raised.status).toBe(200);
    expect(teamDetailSchema.parse(raised.body.data)).toMatchObject({ seats: 8, seatsUsed: 4 });
    const sub = await sandboxSubscription(team);
    expect(sub.quantity).toBe(8);
    const proration = await world.sandboxDb
      .selectFrom('invoices')
      .selectAll()
      .where('subscription', '=', sub.id)
      .where('billing_reason', '=', 'subscription_update')
      .executeTakeFirstOrThrow();
    // Three more seats for (nearly) the whole year: close to 3 × $120, never more.
    expect(proration.amount_paid).toBeGreaterThan(3 * 12_000 - 100);
    expect(proration.amount_paid).toBeLessThanOrEqual(3 * 12_000);
    expect(proration.lines.map((l) => l.proration)).toEqual([true, true]);

    const below = await world.call('PUT', `/teams/${team.id}/seats`, { as: owner, body: { seats: 3 } });
    expect(below).toMatchObject({
      status: 409,
      body: { success: false, message: 'Remove members before lowering seats below 4' },
    });
    // The same refusal in German, its number inside.
    const german = await world.call('PUT', `/teams/${team.id}/seats`, {
      as: owner,
      body: { seats: 3 },
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(german.body.message).toBe('Entferne Mitglieder, bevor du die Plätze unter 4 senkst');
    expect((await sandboxSubscription(team)).quantity).toBe(8);

    const audit = await world.call('GET', `/teams/${team.id}/audit`, { as: owner });
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual([
      'seats_changed',
      'joined',
      'joined',
      'joined',
      'invited',
      'invited',
      'invited',
      'checkout',
    ]);
    expect(audit.body.data[0]).toMatchObject({
      actor: { name: owner.name, email: owner.email },
      detail: 'From 5 to 8 seats',
    });
  });

  it("ends every member's Premium at once when the team's subscription ends", async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 3);
    const ada = newPerson();
    await accept(world, ada, (await invite(world, owner, team.id, [ada]))[0]!);
    const [late] = await invite(world, owner, team.id, [newPerson()]);
    const lookup = async () =>
      (
        await fetch(`${world.billing.url}/internal/plans/lookup`, {
          method: 'POST',
          headers: { ...internalHeaders(), 'content-type': 'application/json' },
          body: JSON.stringify({ userIds: [owner.id, ada.id] }),
        }).then((r) => r.json())
      ).data.map((p: { plan: string }) => p.plan);
    expect(await lookup()).toEqual(['premium', 'premium']);

    const sub = await sandboxSubscription(team);
    expect((await world.sandboxApi('DELETE', `/v1/subscriptions/${sub.id}`)).status).toBe(200);
    const evictionsBefore = world.evictions.length;
    await world.dispatcher.deliverDue();
    expect(world.evictions.slice(evictionsBefore)).toEqual(expect.arrayContaining([owner.id, ada.id]));
    expect(await entitled(world, ada)).toBe(false);
    expect(await entitled(world, owner)).toBe(false);
    expect(await lookup()).toEqual(['free', 'free']);
    expect((await detail(owner, team.id)).status).toBe('canceled');
    const newcomer = world.mailer.sent.at(-1)!.to;
    expect(await accept(world, { ...newPerson(), email: newcomer }, late!)).toMatchObject({
      status: 409,
      body: { message: teamMessages.teamInactive },
    });
  });

  it("frees a deleted member's seat, and ends a deleted owner's team at the provider", async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 3);
    const [ada, bo] = [newPerson(), newPerson()];
    const tokens = await invite(world, owner, team.id, [ada, bo]);
    await accept(world, ada, tokens[0]!);
    await accept(world, bo, tokens[1]!);
    const endCustomer = (userId: string) =>
      fetch(`${world.billing.url}/internal/customers/${userId}`, {
        method: 'DELETE',
        headers: internalHeaders(),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));

    expect(await endCustomer(ada.id)).toMatchObject({ status: 200, body: { data: { canceled: [] } } });
    expect(await detail(owner, team.id)).toMatchObject({ seatsUsed: 2 });
    expect(await entitled(world, ada)).toBe(false);

    const sub = await sandboxSubscription(team);
    expect(await endCustomer(owner.id)).toMatchObject({
      status: 200,
      body: { data: { canceled: [sub.id] } },
    });
    expect((await sandboxSubscription(team)).status).toBe('canceled');
    expect(await entitled(world, bo)).toBe(false);
    // Safe to repeat.
    expect(await endCustomer(owner.id)).toMatchObject({ status: 200, body: { data: { canceled: [] } } });
  });

  it('revokes an invitation: its link stops working and its seat is free again', async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 3);
    const [a, b] = [newPerson(), newPerson()];
    const [ta] = await invite(world, owner, team.id, [a, b]);
    const invitationId = (await detail(owner, team.id)).invitations.find((i) => i.email === a.email)!.id;
    const revoked = await world.call('DELETE', `/teams/${team.id}/invitations/${invitationId}`, {
      as: owner,
    });
    expect(revoked).toMatchObject({ status: 200, body: { data: { revoked: true } } });
    expect((await accept(world, a, ta!)).status).toBe(404);
    expect(
      (await world.call('DELETE', `/teams/${team.id}/invitations/${invitationId}`, { as: owner })).status,
    ).toBe(404);
    const audit = await world.call('GET', `/teams/${team.id}/audit`, { as: owner });
    expect(audit.body.data[0]).toMatchObject({ action: 'invitation_revoked', detail: a.email });
  });

  it("closes every team route to people outside the team and to another team's admin", async () => {
    const owner = newPerson();
    const { team } = await buyTeam(world, owner, 5);
    const member = newPerson();
    const [token] = await invite(world, owner, team.id, [member]);
    await accept(world, member, token!);
    const pending = (await invite(world, owner, team.id, [newPerson()]))[0]!;
    void pending;
    const invitationId = (await detail(owner, team.id)).invitations[0]!.id;

    const otherOwner = newPerson();
    const other = (await buyTeam(world, otherOwner, 3)).team;
    const otherAdmin = newPerson();
    await accept(world, otherAdmin, (await invite(world, otherOwner, other.id, [otherAdmin]))[0]!);
    await world.db
      .updateTable('team_members')
      .set({ role: 'admin' })
      .where('user_id', '=', otherAdmin.id)
      .execute();
    const outsider = newPerson();

    const routes: [string, string, unknown?][] = [
      ['GET', `/teams/${team.id}`],
      ['PUT', `/teams/${team.id}/seats`, { seats: 6 }],
      ['POST', `/teams/${team.id}/invitations`, { emails: ['x@test.example'] }],
      ['DELETE', `/teams/${team.id}/invitations/${invitationId}`],
      ['DELETE', `/teams/${team.id}/members/${member.id}`],
      ['GET', `/teams/${team.id}/audit`],
    ];
    for (const [method, path, body] of routes) {
      for (const as of [outsider, otherAdmin, otherOwner]) {
        const answer = await world.call(method, path, { as, body });
        expect(answer.status, `${method} ${path} as ${as.name}`).toBe(404);
        expect(answer.body).toEqual({ success: false, message: teamMessages.teamNotFound });
      }
      expect(
        (await world.call(method, path, { as: member, body })).status,
        `${method} ${path} as member`,
      ).toBe(403);
      expect((await world.call(method, path, { body })).status).toBe(401);
    }
    // A refusal in the language the page asked for: German.
    expect(
      (
        await world.call('GET', `/teams/${team.id}`, {
          as: outsider,
          headers: { 'accept-language': 'de' },
        })
      ).body,
    ).toEqual({ success: false, message: 'Team nicht gefunden' });
    // The team's own admin may run it, but not change seats nor read the audit log.
    await world.db
      .updateTable('team_members')
      .set({ role: 'admin' })
      .where('user_id', '=', member.id)
      .execute();
    expect((await world.call('GET', `/teams/${team.id}`, { as: member })).status).toBe(200);
    expect(
      (await world.call('PUT', `/teams/${team.id}/seats`, { as: member, body: { seats: 6 } })).status,
    ).toBe(403);
    expect((await world.call('GET', `/teams/${team.id}/audit`, { as: member })).status).toBe(403);
    // Nothing changed for the team.
    expect(await detail(owner, team.id)).toMatchObject({ seats: 5, seatsUsed: 2 });
    expect(
      (await world.call('POST', '/teams/confirm', { as: outsider, body: { sessionId: 'cs_test_nope' } }))
        .status,
    ).toBe(404);
    // A path that is not a team's id names no team: /teams/checkout read with GET, a made-up id.
    for (const path of [
      '/teams/checkout',
      '/teams/not-a-team',
      '/teams/00000000-0000-4000-8000-000000000000',
    ])
      expect(await world.call('GET', path, { as: owner })).toMatchObject({
        status: 404,
        body: { success: false, message: teamMessages.teamNotFound },
      });
  });
});
