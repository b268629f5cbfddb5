/**
 * Gifts of Premium: a code is 128 random bits and names nothing when guessed; redeemed by several accounts
 * at the same moment it opens Premium for exactly one; the browser cannot set its price; only admins refund.
 */
import { randomBytes } from 'node:crypto';
import type { CheckoutSession, Gift, GiftRedemption, SubscriptionStatus } from '@catalyst/contracts';
import { GIFT_CODE_PATTERN } from '@catalyst/contracts';
import { dataOf, describe, isErrorShape, type Suite } from './harness';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const guessedCode = () => Array.from(randomBytes(26), (byte) => CROCKFORD[byte % 32]).join('');

/** A gift bought by the demo member and paid on the sandbox's hosted page; `extra` rides along in the body. */
async function buyGift(suite: Suite, extra: Record<string, unknown> = {}) {
  const token = suite.fixtures.tokens.member;
  const created = await suite.request<CheckoutSession>('POST', '/gifts/checkout', {
    token,
    body: { months: 3, recipientName: 'Security', delivery: 'print', ...extra },
  });
  const { url, sessionId } = dataOf(created);
  const paid = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }),
  });
  if (paid.status !== 303) throw new Error(`the gift's payment answered ${paid.status}`);
  return dataOf(await suite.request<Gift>('POST', '/gifts/confirm', { token, body: { sessionId } }));
}

export async function billingGifts(suite: Suite) {
  const gift = await buyGift(suite);
  suite.check(
    'a gift code is 128 random bits (26 Crockford base-32 characters)',
    !!gift.code && GIFT_CODE_PATTERN.test(gift.code),
    '26 characters of 0-9 and A-Z without I, L, O, U',
    String(gift.code),
  );

  const people = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      suite.registerAccount({ email: `gift-race-${i}-${randomBytes(4).toString('hex')}@security.example` }),
    ),
  );
  const answers = await Promise.all(
    people.map((p) =>
      suite.request<GiftRedemption>('POST', `/gifts/codes/${gift.code}/redeem`, { token: p.token }),
    ),
  );
  const won = answers.filter((a) => a.status === 200);
  const lost = answers.filter((a) => a.status === 409 && isErrorShape(a.body));
  suite.check(
    'a gift redeemed by five accounts at the same moment is won by exactly one; the others get 409',
    won.length === 1 && lost.length === 4,
    'one 200 and four 409 in the one error shape',
    () => answers.map((a) => a.status).join(', '),
  );
  const plans = await Promise.all(
    people.map((p) => suite.request<SubscriptionStatus>('GET', '/subscription/status', { token: p.token })),
  );
  suite.check(
    'exactly one of them has Premium afterwards',
    plans.filter((p) => dataOf(p).hasSubscription).length === 1,
    'one plan',
    () => plans.map((p) => describe(p)).join(' | '),
  );

  const guess = await suite.request('POST', `/gifts/codes/${guessedCode()}/redeem`, {
    token: people[0]!.token,
  });
  suite.expectClientError('a guessed code names nothing', guess, [404]);

  // The price is the server's: an amount sent by the browser is not read.
  const cheap = await buyGift(suite, { amount: 1, unit_amount: 1, price: 1 });
  suite.check(
    'a gift costs what the server says, whatever the browser sends',
    cheap.amount === 44.97,
    '44.97 for 3 months',
    String(cheap.amount),
  );

  const byLearner = await suite.request('POST', `/admin/gifts/${cheap.id}/refund`, {
    token: suite.fixtures.tokens.learner,
  });
  suite.expectClientError('a learner cannot refund a gift', byLearner, [403]);
  const refunded = await suite.request('POST', `/admin/gifts/${cheap.id}/refund`, {
    token: suite.fixtures.tokens.admin,
  });
  const afterRefund = await suite.request('POST', `/gifts/codes/${cheap.code}/redeem`, {
    token: people[1]!.token,
  });
  suite.check(
    'a refunded gift cannot be redeemed',
    refunded.status === 200 && afterRefund.status === 409 && isErrorShape(afterRefund.body),
    'refund 200, then redemption 409',
    () => `${describe(refunded)} | ${describe(afterRefund)}`,
  );
}
