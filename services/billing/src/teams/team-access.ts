import { TEAM_ID_PATTERN, teamMessages, type Identity, type TeamRole } from '@catalyst/contracts';
import { forbidden, notFound } from '@catalyst/service-kit';
import { findSeatOf, findTeam, type Db } from './teams.repository';

export const OWNER: readonly TeamRole[] = ['owner'];
export const OWNER_OR_ADMIN: readonly TeamRole[] = ['owner', 'admin'];

/** The team, when the caller holds one of `roles` in it: 404 for anyone outside it, 403 for a lesser role. */
export async function teamFor(db: Db, identity: Identity, teamId: string, roles: readonly TeamRole[]) {
  if (!TEAM_ID_PATTERN.test(teamId)) throw notFound(teamMessages.teamNotFound);
  const [team, seat] = await Promise.all([findTeam(db, teamId), findSeatOf(db, identity.id)]);
  if (!team || !seat || seat.team_id !== team.id) throw notFound(teamMessages.teamNotFound);
  if (!roles.includes(seat.role))
    throw forbidden(roles === OWNER ? teamMessages.ownerOnly : teamMessages.ownerOrAdminOnly);
  return team;
}

/** Who did it, as the team's audit log records them. */
export const actorOf = (identity: Identity) => ({
  actor_user_id: identity.id,
  actor_name: identity.name || identity.email,
  actor_email: identity.email,
});
