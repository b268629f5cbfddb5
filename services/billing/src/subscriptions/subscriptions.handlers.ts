import { authMessages, type subscriptionRoutes } from '@catalyst/contracts';
import { HttpError, forbidden, reply, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { listInvoices } from '../invoices/invoices.service';
import {
  confirmCheckoutSession,
  createCheckoutSession,
  createPortalSession,
  setCancelAtPeriodEnd,
  subscriptionStatus,
  withOfflineLicence,
} from './subscriptions.service';

/** /subscription/*: the signed-in user's plan (every route needs a sign-in: the declarations say so). */
export function createSubscriptionHandlers(deps: Deps): RouteHandlers<typeof subscriptionRoutes> {
  return {
    async createCheckoutSession({ identity, body }) {
      // A throw-away address cannot buy a plan: the account proves its address first.
      if (identity.emailVerified === false) throw forbidden(authMessages.verifyToSubscribe);
      return createCheckoutSession(deps, identity, body.plan);
    },

    /** With ?session_id= (the success page) the session is confirmed first; a stale or foreign id is ignored. */
    async status({ identity, query, requestId, log }) {
      const sessionId = query.session_id;
      if (sessionId) {
        try {
          return await confirmCheckoutSession(deps, identity, sessionId, requestId);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          log.warn({ sessionId, status: error.status, err: error.message }, 'checkout confirmation skipped');
        }
      }
      return withOfflineLicence(await subscriptionStatus(deps, identity), identity);
    },

    confirm: ({ identity, body, requestId }) =>
      confirmCheckoutSession(deps, identity, body.sessionId, requestId),

    async cancel({ identity, requestId }) {
      return reply(await setCancelAtPeriodEnd(deps, identity, true, requestId), {
        message: 'Your subscription will end at the end of the billing period.',
      });
    },

    async reactivate({ identity, requestId }) {
      return reply(await setCancelAtPeriodEnd(deps, identity, false, requestId), {
        message: 'Your subscription has been reactivated.',
      });
    },

    portal: ({ identity }) => createPortalSession(deps, identity),

    /** The user's invoices and receipts, read from the provider. */
    invoices: ({ identity }) => listInvoices(deps, identity),
  };
}
