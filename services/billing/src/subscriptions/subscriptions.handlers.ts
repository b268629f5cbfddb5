import type { Context } from 'hono';
import {
  authMessages,
  confirmSessionBodySchema,
  createCheckoutSessionBodySchema,
  subscriptionStatusQuerySchema,
} from '@catalyst/contracts';
import { HttpError, forbidden, ok, parseBody, parseQuery, requireIdentity, type AppEnv } from '@catalyst/service-kit';
import type { BillingContext } from '../context';
import {
  confirmCheckoutSession,
  createCheckoutSession,
  createPortalSession,
  setCancelAtPeriodEnd,
  subscriptionStatus,
} from './subscriptions.service';

type C = Context<AppEnv>;

export function subscriptionHandlers(ctx: BillingContext) {
  return {
    async createCheckoutSession(c: C) {
      const identity = requireIdentity(c);
      const { plan } = await parseBody(c, createCheckoutSessionBodySchema);
      // A throw-away address cannot buy a plan: the account proves its address first.
      if (identity.emailVerified === false) throw forbidden(authMessages.verifyToSubscribe);
      return ok(c, await createCheckoutSession(ctx, identity, plan));
    },

    /** With ?session_id= (the success page) the session is confirmed first; a stale or foreign id is ignored. */
    async status(c: C) {
      const identity = requireIdentity(c);
      const { session_id: sessionId } = parseQuery(c, subscriptionStatusQuerySchema);
      if (sessionId) {
        try {
          return ok(c, await confirmCheckoutSession(ctx, identity, sessionId, c.get('requestId')));
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          c.get('log').warn({ sessionId, status: error.status, err: error.message }, 'checkout confirmation skipped');
        }
      }
      return ok(c, await subscriptionStatus(ctx, identity));
    },

    async confirm(c: C) {
      const identity = requireIdentity(c);
      const { sessionId } = await parseBody(c, confirmSessionBodySchema);
      return ok(c, await confirmCheckoutSession(ctx, identity, sessionId, c.get('requestId')));
    },

    async cancel(c: C) {
      const status = await setCancelAtPeriodEnd(ctx, requireIdentity(c), true, c.get('requestId'));
      return ok(c, status, 'Your subscription will end at the end of the billing period.');
    },

    async reactivate(c: C) {
      const status = await setCancelAtPeriodEnd(ctx, requireIdentity(c), false, c.get('requestId'));
      return ok(c, status, 'Your subscription has been reactivated.');
    },

    async portal(c: C) {
      return ok(c, await createPortalSession(ctx, requireIdentity(c)));
    },
  };
}
