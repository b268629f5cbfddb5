// Contracts of issue 56's plans and promotion codes: monthly or annual, the free trial, switching between them,
// and the codes admins make and learners enter. Shared by billing and its remotes. Amounts are dollars.
import { z } from 'zod';
import { billingMessage } from './form-messages/billing';

export { PREMIUM_ANNUAL_PLAN, TRIAL_DAYS, type BillingInterval } from './plan';

export const billingIntervalSchema = z.enum(['month', 'year'], {
  message: billingMessage('promotion.interval'),
});

/** A code as typed: 4–32 letters or digits, whatever the case (codes are compared without it). */
export const PROMOTION_CODE_RULE = billingMessage('promotion.codeRule');
export const promotionCodeSchema = z
  .string({ message: PROMOTION_CODE_RULE })
  .trim()
  .regex(/^[A-Za-z0-9]{4,32}$/, PROMOTION_CODE_RULE);

/** Why a code cannot be used: each refusal says which (GET /subscription/offer, checkout). */
export const promotionMessages = {
  invalid: 'This code is not valid.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used up.',
  firstTimeOnly: 'This code is for first-time subscribers only.',
  alreadyUsed: 'You have already used this code.',
  monthlyOnly: 'This code is for the monthly plan only.',
  annualOnly: 'This code is for the annual plan only.',
} as const;

export const promotionDurationSchema = z.enum(['once', 'repeating', 'forever']);

/** What a code takes off, and what the plans then cost (the page shows it before checkout). */
export const discountOfferSchema = z.object({
  code: z.string(),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  duration: promotionDurationSchema,
  durationInMonths: z.number().int().nullable(),
  /** The one plan it is for; null: both. */
  interval: billingIntervalSchema.nullable(),
  /** Per plan it applies to: the discounted first payment and how long the discount lasts, in words. */
  prices: z.array(
    z.object({
      interval: billingIntervalSchema,
      price: z.number(),
      discountedPrice: z.number(),
      /** "$119.99 for the first year, then $149.99/year" */
      summary: z.string(),
    }),
  ),
});
export type DiscountOffer = z.infer<typeof discountOfferSchema>;

/** GET /subscription/offer: the trial this person may take, and the code's discount when one is given. */
export const offerQuerySchema = z.object({ code: z.string().max(64).optional() });
export const offerSchema = z.object({
  trial: z.object({ eligible: z.boolean(), days: z.number().int() }),
  discount: discountOfferSchema.nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

/** POST /subscription/plan-change and its preview (GET with ?interval=): monthly ↔ annual. */
export const planChangeBodySchema = z.object({ interval: billingIntervalSchema });
export const planChangePreviewSchema = z.object({
  interval: billingIntervalSchema,
  /** 'now': the new plan starts at once (monthly → annual); 'renewal': at the current period's end. */
  effective: z.enum(['now', 'renewal']),
  /** ISO date-time the new plan starts. */
  effectiveAt: z.string(),
  /** The new plan's price per period. */
  price: z.number(),
  /** The unused part of the current period, taken off what is charged now. */
  credit: z.number(),
  /** Charged now (0 when the change waits for the renewal). */
  amountDue: z.number(),
  currency: z.string(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

// ---------- admin: promotion codes ----------

const money = z
  .number({ message: billingMessage('promotion.amount') })
  .positive(billingMessage('promotion.amountAboveZero'))
  .max(10_000, billingMessage('promotion.amountMax', { max: 10_000 }));

export const promotionCreateBodySchema = z
  .object({
    code: promotionCodeSchema,
    kind: z.enum(['percent', 'amount'], { message: billingMessage('promotion.kind') }),
    percentOff: z
      .number({ message: billingMessage('promotion.percentOff') })
      .gt(0, billingMessage('promotion.percentOff'))
      .max(100, billingMessage('promotion.percentOff'))
      .optional(),
    amountOff: money.optional(),
    duration: promotionDurationSchema,
    durationInMonths: z
      .number({ message: billingMessage('promotion.months') })
      .int(billingMessage('promotion.months'))
      .min(1, billingMessage('promotion.months'))
      .max(36, billingMessage('promotion.months'))
      .optional(),
    /** 'first-time': only for someone who never had Premium. */
    audience: z.enum(['anyone', 'first-time']),
    maxRedemptions: z
      .number({ message: billingMessage('promotion.uses', { max: 1_000_000 }) })
      .int(billingMessage('promotion.uses', { max: 1_000_000 }))
      .min(1, billingMessage('promotion.atLeastOne'))
      .max(1_000_000, billingMessage('promotion.uses', { max: 1_000_000 }))
      .nullable()
      .optional(),
    /** ISO date-time after which the code no longer works. */
    expiresAt: z
      .string()
      .datetime({ message: billingMessage('promotion.expiresAt') })
      .nullable()
      .optional(),
    /** The one plan it is for; null: both. */
    interval: billingIntervalSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'percent' && body.percentOff === undefined)
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: billingMessage('promotion.percentOff') });
    if (body.kind === 'amount' && body.amountOff === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['amountOff'],
        message: billingMessage('promotion.amountAboveZero'),
      });
    if (body.duration === 'repeating' && body.durationInMonths === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['durationInMonths'],
        message: billingMessage('promotion.months'),
      });
  });
export type PromotionCreateBody = z.input<typeof promotionCreateBodySchema>;

export const adminPromotionSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  duration: promotionDurationSchema,
  durationInMonths: z.number().int().nullable(),
  audience: z.enum(['anyone', 'first-time']),
  maxRedemptions: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  interval: billingIntervalSchema.nullable(),
  active: z.boolean(),
  redemptions: z.number().int(),
  /** What the redemptions' first payments came to. */
  revenue: z.number(),
  createdAt: z.string(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

export const promotionIdParamsSchema = z.object({
  id: z.string().regex(/^promo_[A-Za-z0-9]{4,64}$/, 'Unknown promotion code'),
});

export const promotionRedemptionSchema = z.object({
  userId: z.string(),
  interval: billingIntervalSchema,
  /** The first payment with the discount. */
  amountPaid: z.number(),
  redeemedAt: z.string(),
});
export type PromotionRedemption = z.infer<typeof promotionRedemptionSchema>;
