import Stripe from 'stripe';
import type { webhookRoutes } from '@catalyst/contracts';
import { badRequest, metrics, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { idOf, subscriptionIdOfInvoice } from '../provider/stripe';
import { recordEvent } from '../subscriptions/subscriptions.repository';
import { mirrorInvoice } from '../admin/invoice-mirror';
import { confirmGiftSession } from '../gifts/gifts.handlers';
import { activateTeamFromSession } from '../teams/team-checkout';
import { withTeamAccessChanges } from '../teams/team-sync';
import { sendPaymentFailedMail } from '../recovery/payment-failed-mail';
import { syncSubscription } from '../subscriptions/subscriptions.handlers';

/** Which subscription an event concerns (and whose it is, when the event says); null for events billing ignores. */
function subjectOf(event: Stripe.Event): { subscriptionId: string; userIdHint: string | null } | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      return subscriptionId
        ? { subscriptionId, userIdHint: session.client_reference_id ?? session.metadata?.userId ?? null }
        : null;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscriptionId: event.data.object.id, userIdHint: event.data.object.metadata?.userId ?? null };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionIdOfInvoice(event.data.object);
      return subscriptionId ? { subscriptionId, userIdHint: null } : null;
    }
    default:
      return null;
  }
}

export function createWebhookHandlers(deps: Deps): RouteHandlers<typeof webhookRoutes> {
  return {
    /**
     * Verified by signature over the raw body; applied once (the ledger insert and the effect share a
     * transaction, so a failed effect is retried by the provider and a duplicate changes nothing).
     */
    async stripe({ log: requestLog, requestId }, c) {
      const signature = c.req.header('stripe-signature');
      if (!signature) {
        metrics.webhooks.inc({ outcome: 'rejected' });
        throw badRequest('Missing Stripe-Signature header');
      }
      const payload = Buffer.from(await c.req.arrayBuffer());
      let event: Stripe.Event;
      try {
        event = deps.stripe.webhooks.constructEvent(payload, signature, deps.config.STRIPE_WEBHOOK_SECRET);
      } catch {
        metrics.webhooks.inc({ outcome: 'rejected' });
        throw badRequest('Invalid webhook signature');
      }
      const log = requestLog.child({ event: event.id, type: event.type });
      const outcome = await deps.db
        .transaction()
        .execute(async (trx) => {
          if (!(await recordEvent(trx, event))) return { duplicate: true, userId: null };
          if (event.type.startsWith('invoice.'))
            await mirrorInvoice(trx, event.data.object as Stripe.Invoice, event.created);
          const subject = subjectOf(event);
          if (!subject) return { duplicate: false, userId: null, row: null, teamMembers: [] };
          // A team's subscription whose access changed (ended, past due, back) changes every member's plan.
          const { result: row, members: teamMembers } = await withTeamAccessChanges(
            trx,
            subject.subscriptionId,
            () => syncSubscription(deps, trx, subject.subscriptionId, subject.userIdHint),
          );
          return { duplicate: false, userId: row?.user_id ?? null, row, teamMembers };
        })
        .catch((error: unknown) => {
          // Not applied: the provider retries it (an alert fires when this keeps happening).
          metrics.webhooks.inc({ outcome: 'failed' });
          throw error;
        });
      metrics.webhooks.inc({ outcome: outcome.duplicate ? 'duplicate' : 'processed' });
      if (!outcome.duplicate && event.type === 'checkout.session.completed')
        metrics.checkouts.inc({ stage: 'completed' });
      if (outcome.userId) await deps.invalidations.publish('entitlement', outcome.userId, requestId);
      for (const member of outcome.teamMembers ?? [])
        await deps.invalidations.publish('entitlement', member, requestId);
      log.info(
        { duplicate: outcome.duplicate, userId: outcome.userId },
        outcome.duplicate ? 'webhook already applied' : 'webhook applied',
      );
      // A gift's payment: paid now (the success page may have confirmed it first; either sends the mails once).
      if (
        event.type === 'checkout.session.completed' &&
        !outcome.duplicate &&
        event.data.object.metadata?.giftId
      )
        await confirmGiftSession(deps, event.data.object);
      // A team's checkout: the team is made once (the success page may have made it first).
      if (event.type === 'checkout.session.completed' && !outcome.duplicate)
        await activateTeamFromSession(deps, event.data.object);
      if (event.type === 'invoice.payment_failed' && !outcome.duplicate && outcome.row) {
        log.warn(
          { userId: outcome.userId, status: outcome.row.status },
          'renewal payment failed: the subscription is past due',
        );
        await sendPaymentFailedMail(deps, event.data.object, outcome.row);
      }
      return { received: true as const, duplicate: outcome.duplicate };
    },
  };
}
