import { Hono } from 'hono';
import type { Deps } from '../deps';
import { currentTime } from '../clock/clock.repository';
import { toList } from '../objects';
import { invalidParam, noSuch, StripeApiError } from '../wire/errors';
import { stringMap } from '../wire/form';
import { stripeId } from '../wire/ids';
import {
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredString,
  stripeParams,
} from '../wire/params';
import { toCoupon, toPromotionCode } from './objects';
import {
  findCoupon,
  findPromotionCode,
  insertCoupon,
  insertPromotionCode,
  listPromotionCodes,
  updatePromotionCode,
} from './promotions.repository';

/** POST/GET /v1/coupons: percent_off or amount_off (with currency), duration once | repeating | forever. */
export function couponsRoutes({ db }: Deps) {
  const app = new Hono();
  app.post('/', async (c) => {
    const params = await stripeParams(c);
    const percentOff = params.percent_off === undefined ? null : Number(params.percent_off);
    const amountOff = optionalInteger(params, 'amount_off') ?? null;
    if ((percentOff === null) === (amountOff === null))
      throw invalidParam('percent_off', 'You must pass exactly one of percent_off or amount_off.');
    if (percentOff !== null && !(percentOff > 0 && percentOff <= 100))
      throw invalidParam('percent_off', 'percent_off must be greater than 0 and at most 100.');
    if (amountOff !== null && amountOff <= 0)
      throw invalidParam('amount_off', 'amount_off must be positive.');
    const currency = optionalString(params, 'currency')?.toLowerCase() ?? null;
    if (amountOff !== null && !currency) throw invalidParam('currency', 'amount_off requires a currency.');
    const duration = optionalString(params, 'duration') ?? 'once';
    if (!['once', 'repeating', 'forever'].includes(duration))
      throw invalidParam('duration', 'duration must be one of once, repeating, forever.');
    const months = optionalInteger(params, 'duration_in_months') ?? null;
    if (duration === 'repeating' && (months === null || months < 1))
      throw invalidParam('duration_in_months', 'A repeating coupon needs duration_in_months.');
    const coupon = await insertCoupon(db, {
      id: optionalString(params, 'id') ?? stripeId('coupon').replace(/^coupon_/, ''),
      name: optionalString(params, 'name') ?? null,
      percent_off: percentOff,
      amount_off: amountOff,
      currency,
      duration,
      duration_in_months: duration === 'repeating' ? months : null,
      max_redemptions: optionalInteger(params, 'max_redemptions') ?? null,
      redeem_by: optionalInteger(params, 'redeem_by') ?? null,
      metadata: stringMap(params.metadata),
      created: await currentTime(db),
    });
    return c.json(toCoupon(coupon));
  });
  app.get('/:id', async (c) => {
    const coupon = await findCoupon(db, c.req.param('id'));
    if (!coupon) throw noSuch('coupon', c.req.param('id'));
    return c.json(toCoupon(coupon));
  });
  return app;
}

/** /v1/promotion_codes: create (promotion[coupon] or coupon), list by code, read, and deactivate. */
export function promotionCodesRoutes({ db }: Deps) {
  const app = new Hono();

  const json = async (id: string) => {
    const code = await findPromotionCode(db, id);
    if (!code) throw noSuch('promotion_code', id);
    const coupon = await findCoupon(db, code.coupon);
    if (!coupon) throw noSuch('coupon', code.coupon);
    return toPromotionCode(code, coupon);
  };

  app.post('/', async (c) => {
    const params = await stripeParams(c);
    const promotion = (params.promotion ?? {}) as Record<string, unknown>;
    const couponId =
      typeof promotion.coupon === 'string' ? promotion.coupon : requiredString(params, 'coupon');
    if (!(await findCoupon(db, couponId))) throw noSuch('coupon', couponId, 'promotion[coupon]');
    const code = optionalString(params, 'code') ?? stripeId('PROMO').slice(6, 14).toUpperCase();
    if (!/^[A-Za-z0-9]{1,500}$/.test(code))
      throw invalidParam(
        'code',
        'Valid characters are lower case letters (a-z), upper case letters (A-Z), and digits (0-9).',
      );
    const taken = await listPromotionCodes(db, { code, active: true, limit: 1 });
    if (taken.length > 0)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'An active promotion code with `code` already exists.',
        'resource_already_exists',
        'code',
      );
    const restrictions = (params.restrictions ?? {}) as Record<string, unknown>;
    const created = await insertPromotionCode(db, {
      id: stripeId('promo'),
      code,
      coupon: couponId,
      active: optionalBoolean(params, 'active') ?? true,
      max_redemptions: optionalInteger(params, 'max_redemptions') ?? null,
      expires_at: optionalInteger(params, 'expires_at') ?? null,
      first_time_transaction: optionalBoolean(restrictions, 'first_time_transaction') ?? false,
      metadata: stringMap(params.metadata),
      created: await currentTime(db),
    });
    return c.json(await json(created.id));
  });

  app.get('/', async (c) => {
    const params = await stripeParams(c);
    const rows = await listPromotionCodes(db, {
      code: optionalString(params, 'code'),
      active: optionalBoolean(params, 'active'),
      coupon: optionalString(params, 'coupon'),
      limit: Math.min(Math.max(optionalInteger(params, 'limit') ?? 10, 1), 100),
    });
    return c.json(toList(await Promise.all(rows.map((row) => json(row.id))), '/v1/promotion_codes'));
  });

  app.get('/:id', async (c) => c.json(await json(c.req.param('id'))));

  app.post('/:id', async (c) => {
    const params = await stripeParams(c);
    const existing = await findPromotionCode(db, c.req.param('id'));
    if (!existing) throw noSuch('promotion_code', c.req.param('id'));
    await updatePromotionCode(db, existing.id, {
      active: optionalBoolean(params, 'active'),
      ...(params.metadata ? { metadata: { ...existing.metadata, ...stringMap(params.metadata) } } : {}),
    });
    return c.json(await json(existing.id));
  });
  return app;
}
