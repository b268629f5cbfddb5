import {
  type AdminPromotion,
  type adminPromotionRoutes,
  type PromotionCreateBody,
} from '@catalyst/contracts';
import { conflict, notFound, type RouteHandlers } from '@catalyst/service-kit';
import type { PromotionCode } from '../db/tables/plans';
import type { Deps } from '../deps';
import { providerCall } from '../provider/stripe';
import {
  deactivatePromotion,
  findCodeByLetters,
  findPromotion,
  insertPromotionCode,
  listPromotions,
  redemptionsOf,
} from './promotions.repository';

type Listed = PromotionCode & { redemptions: string | number; revenue: string | number };

function toAdminPromotion(row: Listed): AdminPromotion {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percent_off,
    amountOff: row.amount_off === null ? null : row.amount_off / 100,
    duration: row.duration,
    durationInMonths: row.duration_in_months,
    audience: row.first_time_only ? 'first-time' : 'anyone',
    maxRedemptions: row.max_redemptions,
    expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
    interval: row.interval,
    active: row.active,
    redemptions: Number(row.redemptions),
    revenue: Number(row.revenue) / 100,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * /admin/promotions: codes are made at the provider first (a coupon and its promotion code, with the limits
 * the provider enforces itself: max redemptions, expiry, first-time customers), then kept here with the
 * rules only billing knows (monthly or annual only, one redemption per person).
 */
export function createPromotionHandlers(deps: Deps): RouteHandlers<typeof adminPromotionRoutes> {
  async function listed(id: string) {
    const row = (await listPromotions(deps.db)).find((r) => r.id === id);
    if (!row) throw notFound('Promotion code not found');
    return toAdminPromotion(row);
  }

  return {
    async list() {
      return (await listPromotions(deps.db)).map(toAdminPromotion);
    },

    async create({ body }) {
      const input = body as PromotionCreateBody & { code: string };
      const existing = await findCodeByLetters(deps.db, input.code);
      if (existing?.active)
        throw conflict('An active code with these letters already exists', [
          { field: 'code', message: 'An active code with these letters already exists' },
        ]);
      const amountOff = input.kind === 'amount' ? Math.round((input.amountOff ?? 0) * 100) : null;
      const percentOff = input.kind === 'percent' ? (input.percentOff ?? null) : null;
      const expiresAt = input.expiresAt ? Math.floor(Date.parse(input.expiresAt) / 1000) : undefined;
      const coupon = await providerCall(
        () =>
          deps.stripe.coupons.create({
            ...(percentOff !== null
              ? { percent_off: percentOff }
              : { amount_off: amountOff!, currency: 'usd' }),
            duration: input.duration,
            ...(input.duration === 'repeating' ? { duration_in_months: input.durationInMonths } : {}),
            name: input.code.toUpperCase(),
          }),
        deps.log,
      );
      const promo = await providerCall(
        () =>
          deps.stripe.promotionCodes.create({
            promotion: { type: 'coupon', coupon: coupon.id },
            code: input.code,
            ...(input.maxRedemptions ? { max_redemptions: input.maxRedemptions } : {}),
            ...(expiresAt ? { expires_at: expiresAt } : {}),
            restrictions: { first_time_transaction: input.audience === 'first-time' },
          }),
        deps.log,
      );
      await insertPromotionCode(deps.db, {
        id: promo.id,
        coupon_id: coupon.id,
        code: input.code,
        kind: input.kind,
        percent_off: percentOff,
        amount_off: amountOff,
        duration: input.duration,
        duration_in_months: input.duration === 'repeating' ? (input.durationInMonths ?? null) : null,
        first_time_only: input.audience === 'first-time',
        max_redemptions: input.maxRedemptions ?? null,
        expires_at: input.expiresAt ? new Date(input.expiresAt) : null,
        interval: input.interval ?? null,
      });
      return listed(promo.id);
    },

    async redemptions({ params }) {
      if (!(await findPromotion(deps.db, params.id))) throw notFound('Promotion code not found');
      return (await redemptionsOf(deps.db, params.id)).map((row) => ({
        userId: row.user_id,
        interval: row.interval,
        amountPaid: Number(row.paid) / 100,
        redeemedAt: row.created_at.toISOString(),
      }));
    },

    async deactivate({ params }) {
      const row = await findPromotion(deps.db, params.id);
      if (!row) throw notFound('Promotion code not found');
      if (row.active) {
        await providerCall(() => deps.stripe.promotionCodes.update(row.id, { active: false }), deps.log);
        await deactivatePromotion(deps.db, row.id);
      }
      return listed(row.id);
    },
  };
}
