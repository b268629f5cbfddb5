// The royalty pool over HTTP against a real Postgres: revenue from billing's own invoices and gifts, paid
// seconds from progress and creators from content (stand-ins answering their declared internal routes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsInternalRoutes,
  CREATOR_REQUIRED_MESSAGE,
  royaltyMessages,
  studioInternalRoutes,
  type Identity,
  type RoyaltyMonthDetail,
} from '@catalyst/contracts';
import { notFound } from '@catalyst/service-kit';
import {
  createPeerStandIn,
  identityHeaders,
  testUsers,
  type PeerStandIn,
} from '@catalyst/service-kit/testing';
import { learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';
import { monthOf, monthRange, previousMonth } from './revenue';

const maya = '33333333333333333333cc01';
const omar = '33333333333333333333cc02';
const lena = '33333333333333333333cc03';
const product = (n: number) => `11111111111111111111aa${String(n).padStart(2, '0')}`;
/** Each product's creator and title, as content would answer. */
const catalogue = [
  { productId: product(1), creatorId: maya, creatorName: 'Maya Chen', title: '=HYPERLINK("x") Design' },
  { productId: product(2), creatorId: maya, creatorName: 'Maya Chen', title: 'Colour, "theory"' },
  { productId: product(3), creatorId: omar, creatorName: 'Omar Haddad', title: 'Go basics' },
  { productId: product(4), creatorId: lena, creatorName: 'Lena Park', title: 'Sketching' },
];
/** What progress would answer: paid seconds per product, by month. */
const paidSeconds = new Map<string, Array<{ productId: string; paidSeconds: number }>>();

const thisMonth = monthOf(new Date());
const lastMonth = previousMonth(thisMonth);

const person = learnerFactory('r', 'Royalty');
const mayaUser: Identity = { ...person(), role: 'creator' };
const omarUser: Identity = { ...person(), role: 'creator' };
const unlinkedCreator: Identity = { ...person(), role: 'creator' };
const learner = person();
const admin = testUsers.admin;
const links = new Map([
  [mayaUser.id, maya],
  [omarUser.id, omar],
]);

let world: BillingWorld;
let content: PeerStandIn;
let progress: PeerStandIn;

const mid = (month: string) => new Date(monthRange(month).from.getTime() + 10 * 86_400_000);

async function paidInvoice(id: string, month: string, amountPaid: number, tax = 0, status = 'paid') {
  await world.db
    .insertInto('invoices')
    .values({
      stripe_invoice_id: id,
      user_id: null,
      stripe_customer_id: 'cus_royalty',
      stripe_subscription_id: 'sub_royalty',
      status,
      billing_reason: 'subscription_cycle',
      amount_due: amountPaid,
      amount_paid: status === 'paid' ? amountPaid : 0,
      tax,
      currency: 'usd',
      attempt_count: 1,
      period_start: mid(month),
      period_end: mid(month),
      created: mid(month),
      paid_at: status === 'paid' ? mid(month) : null,
    })
    .execute();
}

async function gift(code: string, month: string, amount: number, status: 'paid' | 'refunded' | 'pending') {
  await world.db
    .insertInto('gifts')
    .values({
      code,
      buyer_user_id: learner.id,
      buyer_name: 'Buyer',
      buyer_email: null,
      months: 3,
      amount,
      currency: 'usd',
      recipient_name: 'Friend',
      recipient_email: null,
      delivery: 'print',
      send_on: `${month}-11`,
      message: null,
      status,
      checkout_session_id: null,
      payment_intent: null,
      invoice_id: null,
      receipt_sent_at: status === 'pending' ? null : mid(month),
      sent_at: null,
      redeemed_by: null,
      redeemed_at: null,
      refunded_at: status === 'refunded' ? mid(month) : null,
    })
    .execute();
}

beforeAll(async () => {
  content = (await createPeerStandIn())
    .answer(studioInternalRoutes.creatorOfUser, ({ params }) => {
      const creatorId = links.get(params.userId ?? '');
      if (!creatorId) throw notFound('Not a creator');
      return { creatorId };
    })
    .answer(studioInternalRoutes.productCreators, ({ body }) =>
      catalogue.filter((p) => (body.productIds as string[]).includes(p.productId)),
    );
  progress = (await createPeerStandIn()).answer(analyticsInternalRoutes.paidSeconds, ({ query }) => {
    const { from = '', to = '' } = query;
    expect(to > from).toBe(true);
    return paidSeconds.get(from.slice(0, 7)) ?? [];
  });
  world = await startBillingWorld({
    config: { CONTENT_URL: content.baseUrl, PROGRESS_URL: progress.baseUrl },
  });
  // Last month: $1,000.00 of subscriptions (tax $80.00 inside), a $44.97 gift, a refunded gift, a failed charge.
  await paidInvoice('in_r1', lastMonth, 60_000, 4_800);
  await paidInvoice('in_r2', lastMonth, 48_000, 3_200);
  await paidInvoice('in_r3', lastMonth, 1_499, 0, 'open');
  await paidInvoice('in_r4', thisMonth, 2_998);
  await gift('GIFTROYALTY1', lastMonth, 4_497, 'paid');
  await gift('GIFTROYALTY2', lastMonth, 4_497, 'refunded');
  // Maya 70 + 31 min, Omar 45.5 min, Lena 29 min (under the minimum).
  paidSeconds.set(lastMonth, [
    { productId: product(1), paidSeconds: 4_200 },
    { productId: product(2), paidSeconds: 1_860 },
    { productId: product(3), paidSeconds: 2_730 },
    { productId: product(4), paidSeconds: 1_740 },
  ]);
  paidSeconds.set(thisMonth, [{ productId: product(3), paidSeconds: 2_000 }]);
});
afterAll(async () => {
  await world?.close();
  await Promise.all([content?.close(), progress?.close()]);
});

const cents = (amount: number) => Math.round(amount * 100);

describe('the royalty pool', () => {
  it("estimates an open month from billing's net revenue and progress's paid minutes", async () => {
    const { status, body } = await world.call('GET', `/admin/royalties/months/${lastMonth}`, { as: admin });
    expect(status).toBe(200);
    const month = body.data as RoyaltyMonthDetail;
    // (60,000 − 4,800) + (48,000 − 3,200) + 4,497 gift = 104,497 cents; the open and refunded ones don't count.
    expect(month).toMatchObject({ status: 'open', revenue: 1_044.97, poolSharePercent: 40, pool: 417.99 });
    expect(month.qualifyingCreators).toBe(2);
    const [first, second, third] = month.statements;
    expect(first).toMatchObject({ creatorName: 'Maya Chen', paidMinutes: 101, qualifies: true, id: null });
    expect(second).toMatchObject({ creatorName: 'Omar Haddad', paidMinutes: 45.5, qualifies: true });
    expect(third).toMatchObject({ creatorName: 'Lena Park', paidMinutes: 29, qualifies: false, amount: 0 });
    // 6,060 / 8,790 and 2,730 / 8,790 of 41,799 cents: 28,817.0… and 12,981.9… → the spare cent to Omar.
    expect(cents(first!.amount)).toBe(28_817);
    expect(cents(second!.amount)).toBe(12_982);
    expect(month.statements.reduce((t, s) => t + cents(s.amount), 0)).toBe(cents(month.pool));
    expect(first!.items.reduce((t, i) => t + cents(i.amount), 0)).toBe(cents(first!.amount));
    expect(first!.items.map((i) => i.paidMinutes)).toEqual([70, 31]);
  });

  it('takes the share an admin sets, refusing one that is not a whole percent', async () => {
    const bad = await world.call('PUT', '/admin/royalties/settings', {
      as: admin,
      body: { poolSharePercent: 140 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const set = await world.call('PUT', '/admin/royalties/settings', {
      as: admin,
      body: { poolSharePercent: 50 },
    });
    expect(set.body.data).toEqual({ poolSharePercent: 50 });
    const { body } = await world.call('GET', '/admin/royalties', { as: admin });
    expect(body.data.poolSharePercent).toBe(50);
    expect(body.data.months.map((m: { month: string }) => m.month)).toEqual([thisMonth, lastMonth]);
    expect(body.data.months[1]).toMatchObject({ status: 'open', pool: 522.49, allocated: 522.49 });
  });

  it('closes an ended month once, after which its figures never change', async () => {
    const notOver = await world.call('POST', `/admin/royalties/months/${thisMonth}/close`, { as: admin });
    expect(notOver).toMatchObject({
      status: 409,
      body: { success: false, message: royaltyMessages.monthNotOver },
    });

    const closed = await world.call('POST', `/admin/royalties/months/${lastMonth}/close`, { as: admin });
    expect(closed.status).toBe(200);
    const month = closed.body.data as RoyaltyMonthDetail;
    expect(month).toMatchObject({ status: 'closed', pool: 522.49, poolSharePercent: 50 });
    expect(month.statements.every((s) => s.id !== null)).toBe(true);
    expect(month.statements.reduce((t, s) => t + cents(s.amount), 0)).toBe(52_249);

    const again = await world.call('POST', `/admin/royalties/months/${lastMonth}/close`, { as: admin });
    expect(again).toMatchObject({ status: 409, body: { message: royaltyMessages.closedAlready } });

    // Later viewing, a new share and a late invoice change nothing in a closed month.
    paidSeconds.set(lastMonth, [{ productId: product(4), paidSeconds: 99_999 }]);
    await world.call('PUT', '/admin/royalties/settings', { as: admin, body: { poolSharePercent: 40 } });
    await paidInvoice('in_r5', lastMonth, 10_000);
    const reread = await world.call('GET', `/admin/royalties/months/${lastMonth}`, { as: admin });
    expect(reread.body.data).toEqual(month);
  });

  it("shows a creator their own months and statements, never another creator's", async () => {
    const list = await world.call('GET', `/studio/earnings?creatorId=${omar}`, { as: mayaUser });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ creatorId: maya, minPaidMinutes: 30 });
    expect(list.body.data.months).toEqual([
      { month: thisMonth, status: 'open', paidMinutes: 0, qualifies: false, amount: 0, paidAt: null },
      { month: lastMonth, status: 'closed', paidMinutes: 101, qualifies: true, amount: 360.21, paidAt: null },
    ]);
    const statement = await world.call('GET', `/studio/earnings/${lastMonth}`, { as: mayaUser });
    expect(statement.body.data).toMatchObject({ creatorName: 'Maya Chen', status: 'closed', amount: 360.21 });
    expect(statement.body.data.share).toBeCloseTo(6_060 / 8_790, 5);

    const omarNow = await world.call('GET', `/studio/earnings/${thisMonth}`, { as: omarUser });
    expect(omarNow.body.data).toMatchObject({ status: 'open', paidMinutes: 33.3, qualifies: true, id: null });
  });

  it('refuses earnings to learners and to creators not linked to a creator', async () => {
    const asLearner = await world.call('GET', '/studio/earnings', { as: learner });
    expect(asLearner).toMatchObject({
      status: 403,
      body: { success: false, message: CREATOR_REQUIRED_MESSAGE },
    });
    const unlinked = await world.call('GET', '/studio/earnings', { as: unlinkedCreator });
    expect(unlinked).toMatchObject({ status: 404, body: { message: royaltyMessages.notACreator } });
    const adminWithout = await world.call('GET', '/studio/earnings', { as: admin });
    expect(adminWithout).toMatchObject({ status: 400, body: { message: royaltyMessages.pickCreator } });
    const adminFor = await world.call('GET', `/studio/earnings/${lastMonth}?creatorId=${omar}`, {
      as: admin,
    });
    expect(adminFor.body.data).toMatchObject({ creatorName: 'Omar Haddad' });
    const badMonth = await world.call('GET', '/studio/earnings/2026-13', { as: mayaUser });
    expect(badMonth).toMatchObject({ status: 400, body: { success: false } });
    const future = await world.call('GET', '/studio/earnings/2999-01', { as: mayaUser });
    expect(future).toMatchObject({ status: 404, body: { message: royaltyMessages.monthInFuture } });
  });

  it('exports a statement as CSV with formula cells neutralised', async () => {
    const response = await fetch(`${world.billing.url}/studio/earnings/${lastMonth}/csv`, {
      headers: identityHeaders(mayaUser),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Month,Creator,Item,Paid minutes,Share,Amount,Currency');
    expect(lines[1]).toBe(`${lastMonth},Maya Chen,"'=HYPERLINK(""x"") Design",70.0,,249.65,USD`);
    expect(lines[2]).toBe(`${lastMonth},Maya Chen,"Colour, ""theory""",31.0,,110.56,USD`);
    expect(lines[3]).toMatch(new RegExp(`^${lastMonth},Maya Chen,Total,101\\.0,68\\.9420%,360\\.21,USD$`));
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('marks a statement paid once, by the payout details recorded for the creator', async () => {
    const month = (await world.call('GET', `/admin/royalties/months/${lastMonth}`, { as: admin })).body
      .data as RoyaltyMonthDetail;
    const omarStatement = month.statements.find((s) => s.creatorId === omar)!;
    const lenaStatement = month.statements.find((s) => s.creatorId === lena)!;
    const paid = (id: string) =>
      world.call('POST', `/admin/royalties/statements/${id}/paid`, { as: admin, body: {} });

    expect(await paid(omarStatement.id!)).toMatchObject({
      status: 409,
      body: { message: royaltyMessages.noPayoutAccount },
    });
    const saved = await world.call('PUT', `/admin/royalties/creators/${omar}/payout-account`, {
      as: admin,
      body: { method: 'bank_transfer', reference: 'DE89 3704 0044 0532 0130 00', holderName: 'Omar Haddad' },
    });
    expect(saved.body.data).toMatchObject({
      method: 'bank_transfer',
      reference: 'DE89 3704 0044 0532 0130 00',
      referenceHint: '•••• 0 00',
      stripeAccountId: null,
    });
    const stored = await world.db
      .selectFrom('creator_payout_accounts')
      .select('reference_sealed')
      .where('creator_id', '=', omar)
      .executeTakeFirstOrThrow();
    expect(stored.reference_sealed).not.toContain('3704');

    const done = await paid(omarStatement.id!);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      id: omarStatement.id,
      payoutAccount: { method: 'bank_transfer' },
    });
    expect(done.body.data.paidAt).toEqual(expect.any(String));
    expect(await paid(omarStatement.id!)).toMatchObject({
      status: 409,
      body: { message: royaltyMessages.paidAlready },
    });
    expect(await paid(lenaStatement.id!)).toMatchObject({
      status: 409,
      body: { message: royaltyMessages.nothingToPay },
    });
    expect(await paid('00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404 });

    const overview = await world.call('GET', '/admin/royalties', { as: admin });
    expect(overview.body.data.months[1]).toMatchObject({
      month: lastMonth,
      statementsPaid: 1,
      status: 'closed',
    });
    const forbidden = await world.call('GET', '/admin/royalties', { as: mayaUser });
    expect(forbidden.status).toBe(403);
  });
});

describe("a creator's own payout details", () => {
  it('are recorded by the creator for their own creator only, sealed, and never for a learner', async () => {
    expect((await world.call('GET', '/studio/payout-account', { as: mayaUser })).status).toBe(404);
    const saved = await world.call('PUT', `/studio/payout-account?creatorId=${omar}`, {
      as: mayaUser,
      body: { method: 'bank_transfer', reference: 'GB33 BUKB 2020 1555 5555 55', holderName: 'Maya Chen' },
    });
    // a creator's named creatorId is ignored: the details are their own creator's
    expect(saved.body.data).toMatchObject({
      creatorId: maya,
      method: 'bank_transfer',
      referenceHint: '•••• 5 55',
    });
    expect((await world.call('GET', '/studio/payout-account', { as: mayaUser })).body.data).toMatchObject({
      reference: 'GB33 BUKB 2020 1555 5555 55',
      holderName: 'Maya Chen',
    });
    const stored = await world.db
      .selectFrom('creator_payout_accounts')
      .select('reference_sealed')
      .where('creator_id', '=', maya)
      .executeTakeFirstOrThrow();
    expect(stored.reference_sealed).not.toContain('BUKB');
    // the admin reads what the creator recorded
    expect(
      (await world.call('GET', `/admin/royalties/creators/${maya}/payout-account`, { as: admin })).body.data,
    ).toMatchObject({ method: 'bank_transfer', holderName: 'Maya Chen' });
    const bad = await world.call('PUT', '/studio/payout-account', {
      as: mayaUser,
      body: { method: 'bank_transfer', reference: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await world.call('PUT', '/studio/payout-account', {
          as: learner,
          body: { method: 'bank_transfer', reference: 'abcd' },
        })
      ).status,
    ).toBe(403);
  });
});
