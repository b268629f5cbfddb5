// A deleted account leaves its team: a member's seat is freed; an owner's team ends at the provider at once
// (as a personal plan does, no refund), and its members' Premium with it.
import { HttpError } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { isMissingResource, providerCall } from '../provider/stripe';
import { syncTeamSubscription } from './team-sync';
import { addAudit, deleteMember, findSeatOf, findTeam, listMembers } from './teams.repository';

/** Answers the team subscriptions it cancelled (none for a member, or someone in no team). */
export async function leaveTeamForDeletion(
  deps: Deps,
  userId: string,
  requestId?: string,
): Promise<string[]> {
  const seat = await findSeatOf(deps.db, userId);
  if (!seat) return [];
  const team = await findTeam(deps.db, seat.team_id);
  // Already ended (a retry of the deletion): nothing more to cancel.
  if (!team || (seat.role === 'owner' && team.status === 'canceled')) return [];
  const actor = { actor_user_id: userId, actor_name: seat.name, actor_email: seat.email };
  if (seat.role !== 'owner') {
    await deps.db.transaction().execute(async (trx) => {
      await deleteMember(trx, team.id, userId);
      await addAudit(trx, {
        team_id: team.id,
        ...actor,
        action: 'removed',
        detail: `${seat.email} (account deleted)`,
      });
    });
    await deps.invalidations.publish('entitlement', userId, requestId);
    return [];
  }
  const members = await listMembers(deps.db, team.id);
  try {
    const ended = await providerCall(
      () => deps.stripe.subscriptions.cancel(team.stripe_subscription_id),
      deps.log,
    );
    await deps.db.transaction().execute((trx) => syncTeamSubscription(trx, ended));
  } catch (error) {
    // Already gone or ended at the provider: the team ends here too.
    if (!isMissingResource(error) && !(error instanceof HttpError && error.status === 400)) throw error;
    await deps.db
      .updateTable('teams')
      .set({ status: 'canceled', updated_at: new Date() })
      .where('id', '=', team.id)
      .execute();
  }
  for (const member of members) await deps.invalidations.publish('entitlement', member.user_id, requestId);
  return [team.stripe_subscription_id];
}
