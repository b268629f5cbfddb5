import {
  teamMessages,
  teamSeatsBelowUsedMessage,
  type Identity,
  type TeamRole,
  type teamRoutes,
} from '@catalyst/contracts';
import {
  callerLanguage,
  conflict,
  notFound,
  requestLanguage,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type Stripe from 'stripe';
import type { Deps } from '../deps';
import { isMissingResource, providerCall } from '../provider/stripe';
import { acceptInvitation, inviteToTeam, previewInvitation } from './invitations';
import { actorOf, OWNER, OWNER_OR_ADMIN, teamFor as teamForCaller } from './team-access';
import { activateTeamFromSession, openTeamCheckout } from './team-checkout';
import { seatsOf, syncTeamSubscription } from './team-sync';
import {
  addAudit,
  countMembers,
  deleteMember,
  findSeatOf,
  findTeam,
  findTeamBySession,
  listAudit,
  revokeInvitation,
  teamDetailOf,
  teamSummaryOf,
} from './teams.repository';

export function createTeamHandlers(deps: Deps): RouteHandlers<typeof teamRoutes> {
  const teamFor = (identity: Identity, teamId: string, roles: readonly TeamRole[]) =>
    teamForCaller(deps.db, identity, teamId, roles);

  return {
    checkout: ({ identity, body }) => openTeamCheckout(deps, identity, body),

    async confirm({ identity, body }) {
      let session: Stripe.Checkout.Session;
      try {
        session = await providerCall(() => deps.stripe.checkout.sessions.retrieve(body.sessionId), deps.log);
      } catch (error) {
        if (isMissingResource(error)) throw notFound(teamMessages.checkoutNotFound);
        throw error;
      }
      if (session.metadata?.kind !== 'team' || session.metadata.userId !== identity.id)
        throw notFound(teamMessages.checkoutNotFound);
      const team =
        (await activateTeamFromSession(deps, session)) ?? (await findTeamBySession(deps.db, session.id));
      if (!team) throw conflict(teamMessages.unpaid);
      return teamDetailOf(deps.db, team);
    },

    async mine({ identity }) {
      const seat = await findSeatOf(deps.db, identity.id);
      const team = seat ? await findTeam(deps.db, seat.team_id) : undefined;
      return { team: seat && team ? await teamSummaryOf(deps.db, team, seat.role) : null };
    },

    invitation: ({ identity, params }) => previewInvitation(deps, identity ?? null, params.token),

    accept: ({ identity, params }, c) => acceptInvitation(deps, identity, params.token, requestLanguage(c)),

    async get({ identity, params }) {
      return teamDetailOf(deps.db, await teamFor(identity, params.id, OWNER_OR_ADMIN));
    },

    /** The provider's quantity changes first (prorated, invoiced now); the team follows its answer. */
    async changeSeats({ identity, params, body }) {
      await teamFor(identity, params.id, OWNER);
      const team = await deps.db.transaction().execute(async (trx) => {
        const locked = (await findTeam(trx, params.id, { lock: true }))!;
        const used = await countMembers(trx, locked.id);
        if (body.seats < used) throw conflict(teamSeatsBelowUsedMessage(used));
        if (locked.status === 'canceled') throw conflict(teamMessages.teamInactive);
        if (body.seats === locked.seats) return locked;
        const sub = await providerCall(
          () => deps.stripe.subscriptions.retrieve(locked.stripe_subscription_id),
          deps.log,
        );
        const item = sub.items.data[0];
        if (!item) throw conflict(teamMessages.teamInactive);
        const updated = await providerCall(
          () =>
            deps.stripe.subscriptions.update(sub.id, {
              items: [{ id: item.id, quantity: body.seats }],
              proration_behavior: 'always_invoice',
            }),
          deps.log,
        );
        await addAudit(trx, {
          team_id: locked.id,
          ...actorOf(identity),
          action: 'seats_changed',
          detail: `From ${locked.seats} to ${seatsOf(updated)} seats`,
        });
        return (await syncTeamSubscription(trx, updated)) ?? locked;
      });
      return teamDetailOf(deps.db, team);
    },

    async invite({ identity, params, body }, c) {
      await teamFor(identity, params.id, OWNER_OR_ADMIN);
      return inviteToTeam(deps, identity, params.id, body, callerLanguage(identity, c));
    },

    async revokeInvitation({ identity, params }) {
      const team = await teamFor(identity, params.id, OWNER_OR_ADMIN);
      const revoked = await deps.db.transaction().execute(async (trx) => {
        const row = await revokeInvitation(trx, team.id, params.invitationId);
        if (row)
          await addAudit(trx, {
            team_id: team.id,
            ...actorOf(identity),
            action: 'invitation_revoked',
            detail: row.email,
          });
        return row;
      });
      if (!revoked) throw notFound(teamMessages.invitationNotFound);
      return { revoked: true as const };
    },

    /** The seat is free at once and the entitlement caches forget the member's team Premium. */
    async removeMember({ identity, params, requestId }) {
      const team = await teamFor(identity, params.id, OWNER_OR_ADMIN);
      const removed = await deps.db.transaction().execute(async (trx) => {
        await findTeam(trx, team.id, { lock: true });
        const seat = await findSeatOf(trx, params.userId);
        if (!seat || seat.team_id !== team.id) throw notFound(teamMessages.memberNotFound);
        if (seat.role === 'owner') throw conflict(teamMessages.ownerCannotBeRemoved);
        await deleteMember(trx, team.id, seat.user_id);
        await addAudit(trx, {
          team_id: team.id,
          ...actorOf(identity),
          action: 'removed',
          detail: seat.email,
        });
        return seat;
      });
      await deps.invalidations.publish('entitlement', removed.user_id, requestId);
      return teamDetailOf(deps.db, (await findTeam(deps.db, team.id))!);
    },

    async audit({ identity, params }) {
      const team = await teamFor(identity, params.id, OWNER);
      return (await listAudit(deps.db, team.id)).map((row) => ({
        at: row.at.toISOString(),
        actor: { name: row.actor_name, email: row.actor_email },
        action: row.action,
        detail: row.detail,
      }));
    },
  };
}
