// Whether a learner may use a promotion code now, and what it takes off each plan: the page's offer and the
// checkout ask the same question, so what was shown is what is charged.
import {
  PREMIUM_ANNUAL_PLAN,
  PREMIUM_PLAN,
  promotionMessages,
  type BillingInterval,
  type DiscountOffer,
} from '@catalyst/contracts';
import { badRequest } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { PromotionCode } from '../db/tables/plans';
import type { Kysely } from 'kysely';
import { neverSubscribed } from '../plans/plans.repository';
import { countRedemptions, findCodeByLetters, hasRedeemed } from './promotions.repository';

const refuse = (message: string) => badRequest(message, [{ field: 'code', message }]);

/** The code a person may redeem, or the refusal that says why not (invalid, expired, used up, not for you). */
export async function usableCode(
  db: Kysely<Database>,
  userId: string,
  letters: string,
  interval?: BillingInterval,
  now = new Date(),
): Promise<PromotionCode> {
  const code = /^[A-Za-z0-9]{4,32}$/.test(letters.trim())
    ? await findCodeByLetters(db, letters.trim())
    : undefined;
  if (!code || !code.active) throw refuse(promotionMessages.invalid);
  if (code.expires_at && code.expires_at <= now) throw refuse(promotionMessages.expired);
  if (await hasRedeemed(db, code.id, userId)) throw refuse(promotionMessages.alreadyUsed);
  if (code.max_redemptions !== null && (await countRedemptions(db, code.id)) >= code.max_redemptions)
    throw refuse(promotionMessages.usedUp);
  if (code.first_time_only && !(await neverSubscribed(db, userId)))
    throw refuse(promotionMessages.firstTimeOnly);
  if (interval && code.interval && code.interval !== interval)
    throw refuse(code.interval === 'year' ? promotionMessages.annualOnly : promotionMessages.monthlyOnly);
  return code;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What the code takes off a payment of `cents` (minor units), never more than it. */
export function discountCents(
  code: Pick<PromotionCode, 'percent_off' | 'amount_off'>,
  cents: number,
): number {
  if (code.percent_off !== null) return Math.min(cents, Math.round((cents * code.percent_off) / 100));
  return Math.min(cents, code.amount_off ?? 0);
}

/** "$119.99 for the first year, then $149.99/year"; "$7.50/month for 3 months, then $14.99/month". */
export function discountSummary(code: PromotionCode, interval: BillingInterval): string {
  const plan = interval === 'year' ? PREMIUM_ANNUAL_PLAN : PREMIUM_PLAN;
  const per = interval === 'year' ? 'year' : 'month';
  const full = `${dollars(plan.unitAmount)}/${per}`;
  const reduced = dollars(plan.unitAmount - discountCents(code, plan.unitAmount));
  if (code.duration === 'forever') return `${reduced}/${per} for as long as you keep the plan`;
  if (code.duration === 'once') return `${reduced} for the first ${per}, then ${full}`;
  const months = code.duration_in_months ?? 1;
  if (interval === 'year') return `${reduced} for the first year, then ${full}`;
  return `${reduced}/month for ${months === 1 ? 'the first month' : `${months} months`}, then ${full}`;
}

export function discountOffer(code: PromotionCode): DiscountOffer {
  const intervals: BillingInterval[] = code.interval ? [code.interval] : ['month', 'year'];
  return {
    code: code.code,
    percentOff: code.percent_off,
    amountOff: code.amount_off === null ? null : code.amount_off / 100,
    duration: code.duration,
    durationInMonths: code.duration_in_months,
    interval: code.interval,
    prices: intervals.map((interval) => {
      const plan = interval === 'year' ? PREMIUM_ANNUAL_PLAN : PREMIUM_PLAN;
      return {
        interval,
        price: plan.price,
        discountedPrice: (plan.unitAmount - discountCents(code, plan.unitAmount)) / 100,
        summary: discountSummary(code, interval),
      };
    }),
  };
}
