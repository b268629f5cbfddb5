// Taking a seat, however a person came (an invitation, the team's join link): one path, so the rules and what
// follows a seat (the owner told of a full team, the entitlement caches, a personal plan ended) never drift.
import { teamMessages, type Identity, type TeamSummary } from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { conflict, reply, type Reply } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { endPersonalPlan, personalPlanEndsLine } from './personal-plan';
import { actorOf } from './team-access';
import { sendTeamFullMail } from './team-mail';
import {
  acceptOpenInvitationsTo,
  addAudit,
  findSeatOf,
  findTeam,
  insertMember,
  listMembers,
  listOpenInvitations,
  teamSummaryOf,
  type Db,
} from './teams.repository';

/** What admitted the person: the team, the address they join as, how (the full-team mail and audit say it). */
export interface Admission {
  teamId: string;
  email: string;
  /** The audit log's detail of the join. */
  detail: string;
  via: 'invitation' | 'join link';
  /** Open invitations keep their seats against this join (a join link's; an accepted invitation is its own). */
  honoursInvitations?: boolean;
  /** Runs in the seat's transaction once the seat is taken (an invitation marks itself used). */
  onSeated?: (trx: Db) => Promise<void>;
}

/**
 * Seats the caller in the team `admit` names (read in the transaction, the team's row then locked): refused when
 * the team is inactive, when they hold a seat already, or when every seat is taken (the owner is mailed). A
 * personal plan that renews is set to end at its period's end; the answer's message says when, in `language` (the
 * page's: the date is written as it writes dates, so it is said here rather than translated afterwards).
 */
export async function joinTeam(
  deps: Deps,
  identity: Identity,
  language: Language,
  admit: (trx: Db) => Promise<Admission>,
): Promise<TeamSummary | Reply<TeamSummary>> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const admission = await admit(trx);
    const team = await findTeam(trx, admission.teamId, { lock: true });
    if (!team) throw conflict(teamMessages.teamInactive);
    if (team.status === 'canceled') throw conflict(teamMessages.teamInactive);
    if (await findSeatOf(trx, identity.id)) throw conflict(teamMessages.alreadyInTeam);
    const members = await listMembers(trx, team.id);
    const held = admission.honoursInvitations
      ? (await listOpenInvitations(trx, team.id)).filter((i) => i.email !== admission.email).length
      : 0;
    if (members.length + held >= team.seats)
      return { full: true as const, team, admission, owner: members.find((m) => m.role === 'owner') };
    await insertMember(trx, {
      team_id: team.id,
      user_id: identity.id,
      name: identity.name || identity.email,
      email: admission.email,
      role: 'member',
    });
    await admission.onSeated?.(trx);
    // An invitation of theirs still open would hold a second seat for someone already seated.
    await acceptOpenInvitationsTo(trx, team.id, admission.email, identity.id);
    await addAudit(trx, {
      team_id: team.id,
      ...actorOf(identity),
      action: 'joined',
      detail: admission.detail,
    });
    return { full: false as const, team };
  });
  if (outcome.full) {
    if (outcome.owner)
      await sendTeamFullMail(deps, outcome.owner, outcome.team, identity.email, outcome.admission.via);
    throw conflict(teamMessages.teamFull);
  }
  await deps.invalidations.publish('entitlement', identity.id);
  const summary = await teamSummaryOf(deps.db, outcome.team, 'member');
  const endsOn = await endPersonalPlan(deps, identity.id);
  return endsOn ? reply(summary, { message: personalPlanEndsLine(language, endsOn) }) : summary;
}
