import { z } from 'zod';
import { objectIdSchema } from '../api';
import {
  billingPortalSchema,
  checkoutSessionSchema,
  confirmSessionBodySchema,
  createCheckoutSessionBodySchema,
  entitlementSchema,
  invoiceListSchema,
  subscribersCountSchema,
  subscriptionStatusQuerySchema,
  subscriptionStatusSchema,
} from '../billing';
import { planLookupRequestSchema, planLookupResponseSchema } from '../admin-users';
import { defineRoutes } from './define';
import { eventFeedQuerySchema, eventFeedSchema } from '../events';

const service = 'billing';
const user = z.object({ userId: objectIdSchema });

/** The signed-in user's plan; every route needs a sign-in. */
export const subscriptionRoutes = defineRoutes({
  createCheckoutSession: {
    refuses: { 409: 'The caller already has an active subscription, or is an admin (full access already)' },
    method: 'POST',
    path: '/subscription/create-checkout-session',
    service,
    access: 'user',
    summary:
      "Start a checkout for the plan at the payment provider's hosted page (a verified address is needed)",
    body: createCheckoutSessionBodySchema,
    response: checkoutSessionSchema,
  },
  status: {
    method: 'GET',
    path: '/subscription/status',
    service,
    access: 'user',
    summary: 'Your plan (with `session_id`, the checkout it names is confirmed first)',
    query: subscriptionStatusQuerySchema,
    response: subscriptionStatusSchema,
  },
  confirm: {
    method: 'POST',
    path: '/subscription/confirm',
    service,
    access: 'user',
    summary: 'Confirm a completed checkout',
    body: confirmSessionBodySchema,
    response: subscriptionStatusSchema,
  },
  cancel: {
    refuses: { 409: 'Admins, and Premium from a gift, have no subscription to change' },
    method: 'POST',
    path: '/subscription/cancel',
    service,
    access: 'user',
    summary: 'End the plan at the end of the billing period',
    response: subscriptionStatusSchema,
  },
  reactivate: {
    refuses: { 409: 'Admins, and Premium from a gift, have no subscription to change' },
    method: 'POST',
    path: '/subscription/reactivate',
    service,
    access: 'user',
    summary: 'Keep a plan that was set to end',
    response: subscriptionStatusSchema,
  },
  portal: {
    method: 'POST',
    path: '/subscription/portal',
    service,
    access: 'user',
    summary: "A session of the payment provider's billing portal",
    response: billingPortalSchema,
  },
  invoices: {
    method: 'GET',
    path: '/subscription/invoices',
    service,
    access: 'user',
    summary: 'Your invoices, newest first',
    response: invoiceListSchema,
  },
});

/** An event carries its object whole (an invoice with its lines, a subscription with its items): more room than a form. */
const PROVIDER_EVENT_BYTES = 512 * 1024;

/** The payment provider's events: no sign-in, the signature over the exact bytes authenticates them. */
export const webhookRoutes = defineRoutes({
  stripe: {
    method: 'POST',
    path: '/webhooks/stripe',
    service,
    access: 'signature',
    bodyKind: 'raw',
    maxBodyBytes: PROVIDER_EVENT_BYTES,
    summary: "The payment provider's signed events, applied once each",
    response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  },
});

/** Peers' calls into billing (shared secret; never through the gateway). */
export const billingInternalRoutes = defineRoutes({
  entitlement: {
    method: 'GET',
    path: '/internal/entitlements/:userId',
    service,
    access: 'internal',
    summary: "A user's plan: whether premium content opens for them",
    params: user,
    response: entitlementSchema,
  },
  subscriberCount: {
    method: 'GET',
    path: '/internal/subscribers/count',
    service,
    access: 'internal',
    summary: 'How many users hold an active plan (admin dashboard)',
    response: subscribersCountSchema,
  },
  planLookup: {
    method: 'POST',
    path: '/internal/plans/lookup',
    service,
    access: 'internal',
    summary: "The given users' plans (the admin users list)",
    body: planLookupRequestSchema,
    response: planLookupResponseSchema,
  },
  // Account deletion (auth calls this first): cancels at the provider at once; safe to repeat.
  deleteCustomer: {
    method: 'DELETE',
    path: '/internal/customers/:userId',
    service,
    access: 'internal',
    summary: "End a deleted account's plan at the provider",
    params: user,
    response: z.object({ canceled: z.array(z.string()) }),
  },
});

/** Billing's domain events (subscriptions, team seats), read by progress's webhooks by cursor. */
export const billingEventRoutes = defineRoutes({
  events: {
    method: 'GET',
    path: '/internal/billing/events',
    service,
    access: 'internal',
    summary: "Billing's domain events after a cursor, in the order they became visible",
    query: eventFeedQuerySchema,
    response: eventFeedSchema,
  },
});
