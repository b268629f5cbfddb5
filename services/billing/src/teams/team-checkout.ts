// Buying a team: a subscription-mode checkout with one per-seat price and quantity = seats. The team is made
// once when the session is paid, by whichever comes first: the success page's confirm or the webhook.
import type Stripe from 'stripe';
import {
  authMessages,
  teamMessages,
  type CheckoutSession,
  type Identity,
  type TeamCheckoutBody,
  type TeamInterval,
} from '@catalyst/contracts';
import { HttpError, conflict, forbidden } from '@catalyst/service-kit';
import type { Team } from '../db/tables/team';
import type { Deps } from '../deps';
import { idOf, periodEndOf, providerCall } from '../provider/stripe';
import { findCustomerByUser, lockKey } from '../subscriptions/subscriptions.repository';
import { TEAM_KIND, seatsOf, teamPriceIdFor, teamStatusOf } from './team-sync';
import { endPersonalPlan } from './personal-plan';
import { addAudit, findSeatOf, findTeamBySession, insertMember, insertTeamOnce } from './teams.repository';

const intervalWords: Record<TeamInterval, string> = { month: 'monthly', year: 'annually' };

/** The audit log's line for a team's purchase. */
export const checkoutAuditDetail = (seats: number, interval: TeamInterval) =>
  `Bought ${seats} seats, billed ${intervalWords[interval]}`;

export async function openTeamCheckout(
  deps: Deps,
  identity: Identity,
  body: TeamCheckoutBody & { interval: TeamInterval },
): Promise<CheckoutSession> {
  if (identity.emailVerified === false) throw forbidden(authMessages.verifyToSubscribe);
  if (await findSeatOf(deps.db, identity.id)) throw conflict(teamMessages.alreadyInTeam);
  const base = deps.config.PUBLIC_URL.replace(/\/+$/, '');
  const customer = await findCustomerByUser(deps.db, identity.id);
  const metadata = {
    kind: TEAM_KIND,
    userId: identity.id,
    teamName: String(body.name),
    teamInterval: body.interval,
    ownerName: identity.name || identity.email,
    ownerEmail: identity.email,
  };
  const session = await providerCall(
    async () =>
      deps.stripe.checkout.sessions.create({
        mode: 'subscription',
        ...(customer ? { customer: customer.stripe_customer_id } : { customer_email: identity.email }),
        client_reference_id: identity.id,
        line_items: [{ price: await teamPriceIdFor(deps, body.interval), quantity: Number(body.seats) }],
        success_url: `${base}/team?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${base}/team?canceled={CHECKOUT_SESSION_ID}`,
        metadata,
        subscription_data: { metadata: { kind: TEAM_KIND, userId: identity.id } },
      }),
    deps.log,
  );
  if (!session.url)
    throw new HttpError(503, 'The payment provider did not return a checkout address. Please try again.');
  return { url: session.url, sessionId: session.id };
}

/**
 * The team of a paid team checkout, made once (the session's lock, then an insert that does nothing the second
 * time), with its owner in the first seat and the checkout in its audit log. Undefined for another kind of
 * session or one not paid yet.
 */
export async function activateTeamFromSession(
  deps: Deps,
  session: Stripe.Checkout.Session,
): Promise<Team | undefined> {
  const meta = session.metadata ?? {};
  const subscriptionId = idOf(session.subscription);
  const customerId = idOf(session.customer);
  if (meta.kind !== TEAM_KIND || !meta.userId || !subscriptionId || !customerId) return undefined;
  if (session.status !== 'complete' || session.payment_status === 'unpaid') return undefined;
  const ownerId = meta.userId;
  const made = await deps.db.transaction().execute(async (trx) => {
    await lockKey(trx, `billing:team-checkout:${session.id}`);
    const existing = await findTeamBySession(trx, session.id);
    if (existing) return { team: existing, created: false };
    const sub = await providerCall(() => deps.stripe.subscriptions.retrieve(subscriptionId), deps.log);
    const interval: TeamInterval = meta.teamInterval === 'year' ? 'year' : 'month';
    const team = await insertTeamOnce(trx, {
      name: meta.teamName || 'My team',
      owner_user_id: ownerId,
      interval,
      seats: seatsOf(sub),
      status: teamStatusOf(sub),
      stripe_customer_id: customerId,
      stripe_subscription_id: sub.id,
      checkout_session_id: session.id,
      current_period_end: periodEndOf(sub),
    });
    if (!team) return { team: (await findTeamBySession(trx, session.id))!, created: false };
    const owner = { name: meta.ownerName || meta.ownerEmail || '', email: meta.ownerEmail ?? '' };
    // The owner takes the first seat (unless they joined another team since the checkout opened).
    await insertMember(trx, { team_id: team.id, user_id: ownerId, ...owner, role: 'owner' });
    await addAudit(trx, {
      team_id: team.id,
      actor_user_id: ownerId,
      actor_name: owner.name,
      actor_email: owner.email,
      action: 'checkout',
      detail: checkoutAuditDetail(team.seats, interval),
    });
    return { team, created: true };
  });
  if (made.created) await deps.invalidations.publish('entitlement', ownerId);
  // Asked on every confirm and webhook, not only the first: a provider failure here is mended by the next one.
  if (made.team.owner_user_id === ownerId) await endPersonalPlan(deps, ownerId);
  return made.team;
}
