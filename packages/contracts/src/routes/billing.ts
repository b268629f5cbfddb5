import { z } from 'zod';
import { objectIdSchema } from '../api';
import { entitlementSchema, subscribersCountSchema } from '../billing';
import { defineRoutes } from './define';

const service = 'billing';
const user = z.object({ userId: objectIdSchema });

/** Peers' calls into billing (shared secret; never through the gateway). */
export const billingInternalRoutes = defineRoutes({
  entitlement: { method: 'GET', path: '/internal/entitlements/:userId', service, access: 'internal', summary: "A user's plan: whether premium content opens for them", params: user, response: entitlementSchema },
  subscriberCount: { method: 'GET', path: '/internal/subscribers/count', service, access: 'internal', summary: 'How many users hold an active plan (admin dashboard)', response: subscribersCountSchema },
  // Account deletion (auth calls this first): cancels at the provider at once; safe to repeat.
  deleteCustomer: { method: 'DELETE', path: '/internal/customers/:userId', service, access: 'internal', summary: "End a deleted account's plan at the provider", params: user, response: z.object({ canceled: z.array(z.string()) }) },
});
