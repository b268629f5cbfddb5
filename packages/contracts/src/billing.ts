// Contracts of the billing area: request and response schemas shared by its service and its remote.
import { z } from 'zod';
import { billingIntervalSchema, promotionCodeSchema } from './promotions';

export { PREMIUM_PLAN } from './plan';

const planIdSchema = z.enum(['premium'], { message: 'Unknown plan: choose premium' });
export type PlanId = z.infer<typeof planIdSchema>;

/** Statuses the provider reports for a subscription, plus 'free' for no subscription at all. */
export const subscriptionStatusValues = [
  'free',
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatusValue = (typeof subscriptionStatusValues)[number];

/** Provider statuses that still grant access: past_due keeps access until the provider ends the subscription. */
export const ENTITLED_STATUSES: readonly SubscriptionStatusValue[] = ['active', 'trialing', 'past_due'];

/** POST /subscription/create-checkout-session */
export const createCheckoutSessionBodySchema = z.object({
  plan: planIdSchema,
  /** Billed every month (the default) or every year. */
  interval: billingIntervalSchema.optional(),
  /** A promotion code (4–32 letters or digits, any case). */
  code: promotionCodeSchema.optional(),
  /** Start with the free trial (only for someone who never had Premium; a card is still asked for). */
  trial: z.boolean().optional(),
});
export const checkoutSessionSchema = z.object({ url: z.string().url(), sessionId: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** How long an offline licence lets a saved premium lesson play without the server being asked again. */
export const OFFLINE_LICENCE_HOURS = 72;

/**
 * The server's permission to play saved premium lessons on a device: whose copies, and until when (the
 * plan's paid period, at most OFFLINE_LICENCE_HOURS from now). Stored with the copies; the service worker
 * refuses a copy once it has expired or for anyone else.
 */
export const offlineLicenceSchema = z.object({
  userId: z.string(),
  /** ISO date-time. */
  expiresAt: z.string(),
});
export type OfflineLicence = z.infer<typeof offlineLicenceSchema>;

/** GET /subscription/status (also the answer of confirm, cancel and reactivate). */
export const subscriptionStatusSchema = z.object({
  hasSubscription: z.boolean(),
  plan: z.enum(['premium', 'admin']).nullable(),
  status: z.enum(subscriptionStatusValues),
  /** ISO date-time of the end of the paid period (renewal or end date); null for free and admins. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A failed renewal (`past_due`): ISO date-time until which Premium stays open unless the card is updated. */
  graceEndsAt: z.string().nullable().optional(),
  /** Premium from a redeemed gift: no plan billed; it ends at currentPeriodEnd (nothing to cancel or reactivate). */
  gift: z.boolean().optional(),
  /** Premium from a seat in a team: the team's owner pays (nothing of one's own to cancel or reactivate). */
  team: z.boolean().optional(),
  /** With a plan: billed every month or every year. */
  interval: billingIntervalSchema.nullable().optional(),
  /** A free trial: ISO date-time it ends and the card is first charged; null otherwise. */
  trialEnd: z.string().nullable().optional(),
  /** An annual plan switching to monthly: 'month', from currentPeriodEnd; null otherwise. */
  scheduledInterval: billingIntervalSchema.nullable().optional(),
  /** GET /subscription/status only, with a plan: the licence for saved premium lessons. */
  offlineLicence: offlineLicenceSchema.nullable().optional(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const FREE_STATUS: SubscriptionStatus = {
  hasSubscription: false,
  plan: null,
  status: 'free',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};
export const ADMIN_STATUS: SubscriptionStatus = {
  hasSubscription: true,
  plan: 'admin',
  status: 'active',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};

/** GET /subscription/status?session_id= */
export const subscriptionStatusQuerySchema = z.object({
  session_id: z.string().min(1).max(255).optional(),
});
/** POST /subscription/confirm: the success page's checkout session, confirmed with the provider. */
export const confirmSessionBodySchema = z.object({
  sessionId: z.string({ message: 'sessionId is required' }).min(1, 'sessionId is required').max(255),
});

/** POST /subscription/portal */
export const billingPortalSchema = z.object({ url: z.string().url() });

/** The messages of a cancel and a reactivation, which the plans page shows. */
export const subscriptionMessages = {
  canceled: 'Your subscription will end at the end of the billing period.',
  reactivated: 'Your subscription has been reactivated.',
} as const;

/** One invoice of the signed-in user (GET /subscription/invoices), newest first. */
const invoiceSchema = z.object({
  id: z.string(),
  /** ISO date-time the invoice was made. */
  date: z.string(),
  /** Dollars (what was paid, or what is due when unpaid). */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  /** The provider's hosted receipt, when it has one. */
  receiptUrl: z.string().url().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.array(invoiceSchema);

/** How many invoices GET /subscription/invoices answers (two years of a monthly plan). */
export const INVOICE_LIST_LIMIT = 24;

/** Internal: GET /internal/entitlements/:userId */
export const entitlementSchema = z.object({
  entitled: z.boolean(),
  plan: z.enum(['premium']).nullable(),
  status: z.enum(subscriptionStatusValues),
});
export type Entitlement = z.infer<typeof entitlementSchema>;

/** Internal: GET /internal/subscribers/count */
export const subscribersCountSchema = z.object({ count: z.number().int() });

/** Provider ids of the demo member's Premium subscription; billing and the sandbox seed the same ones. */
export const demoBilling = {
  customerId: 'cus_CatalystDemoMember',
  subscriptionId: 'sub_CatalystDemoMember',
} as const;

/** The demo subscription's period: the current calendar month (UTC), so both seeds agree without talking. */
export function demoBillingPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}
