// Invitations: one per address, its token random and kept only as a hash, single use, 7 days, bound to the
// address. Inviting reserves a seat (free = seats - members - open invitations); joining takes one.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  TEAM_INVITATION_DAYS,
  TEAM_INVITE_MAX,
  teamInviteRefusals,
  teamMessages,
  type Identity,
  type TeamInviteResult,
  type TeamInviteRow,
  type TeamInvitationPreview,
  type TeamSummary,
} from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import {
  HttpError,
  badRequest,
  forbidden,
  languagesOfAddresses,
  notFound,
  type Reply,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { emailsOfCsv } from './csv';
import { joinTeam } from './join-team';
import { actorOf } from './team-access';
import { sendTeamInvitation } from './team-mail';
import {
  addAudit,
  findInvitationByHash,
  findTeam,
  insertInvitation,
  listMembers,
  listOpenInvitations,
  markInvitationAccepted,
  retireExpiredInvitations,
} from './teams.repository';

const DAY_MS = 86_400_000;
const emailSchema = z.email().max(254);

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** The rows to invite, from a list or a CSV's text, each with its 1-based row. */
function rowsOf(body: { emails?: string[]; csv?: string }): { row: number; email: string }[] {
  if (body.emails) return body.emails.map((email, i) => ({ row: i + 1, email: email.trim() }));
  const rows = emailsOfCsv(body.csv ?? '');
  if (rows.length === 0)
    throw badRequest(teamMessages.csvNoEmailColumn, [
      { field: 'csv', message: teamMessages.csvNoEmailColumn },
    ]);
  if (rows.length > TEAM_INVITE_MAX)
    throw badRequest(teamMessages.csvTooLong, [{ field: 'csv', message: teamMessages.csvTooLong }]);
  return rows;
}

/**
 * Invites every acceptable row (one transaction, the team's row locked), then mails each invitation: in the
 * address's own account's language, else `inviterLanguage`.
 */
export async function inviteToTeam(
  deps: Deps,
  identity: Identity,
  teamId: string,
  body: { emails?: string[]; csv?: string },
  inviterLanguage: Language = 'en',
): Promise<TeamInviteResult> {
  const rows = rowsOf(body);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + TEAM_INVITATION_DAYS * DAY_MS);
  const { report, mails, teamName } = await deps.db.transaction().execute(async (trx) => {
    const team = (await findTeam(trx, teamId, { lock: true }))!;
    await retireExpiredInvitations(trx, teamId, now);
    const members = new Set((await listMembers(trx, teamId)).map((m) => m.email.toLowerCase()));
    const open = await listOpenInvitations(trx, teamId, now);
    const invited = new Set(open.map((i) => i.email));
    let free = team.seats - members.size - open.length;
    const seen = new Set<string>();
    const report: TeamInviteRow[] = [];
    const mails: { email: string; token: string }[] = [];
    for (const { row, email: given } of rows) {
      const email = given.toLowerCase();
      const refuse = (reason: string) => report.push({ row, email: given, outcome: 'refused', reason });
      if (!emailSchema.safeParse(email).success) refuse(teamInviteRefusals.notAnEmail);
      else if (seen.has(email)) refuse(teamInviteRefusals.duplicate);
      else if (members.has(email)) refuse(teamInviteRefusals.alreadyMember);
      else if (invited.has(email)) refuse(teamInviteRefusals.alreadyInvited);
      else if (free <= 0) refuse(teamInviteRefusals.noSeat);
      else {
        const token = newToken();
        await insertInvitation(trx, {
          team_id: teamId,
          email,
          token_hash: hashToken(token),
          invited_by_user_id: identity.id,
          invited_by_name: identity.name || identity.email,
          expires_at: expiresAt,
        });
        free--;
        mails.push({ email, token });
        report.push({ row, email, outcome: 'invited' });
      }
      seen.add(email);
    }
    await addAudit(
      trx,
      mails.map((m) => ({
        team_id: teamId,
        ...actorOf(identity),
        action: 'invited' as const,
        detail: m.email,
      })),
    );
    return { report, mails, teamName: team.name };
  });
  const languageOf = await languagesOfAddresses(
    deps.auth,
    mails.map((m) => m.email),
    inviterLanguage,
    deps.log,
  );
  for (const mail of mails)
    await sendTeamInvitation(
      deps,
      mail.email,
      { teamName, invitedBy: identity.name || identity.email, token: mail.token, expiresAt },
      languageOf(mail.email),
    );
  return { invited: mails.length, rows: report };
}

/** `ada@example.com` → `a***@example.com`: what a visitor sees of the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** An invitation that can still be used, or the refusal: unknown or revoked 404, used or expired 410. */
async function usableInvitation(db: Deps['db'], token: string, lock = false) {
  const invitation = await findInvitationByHash(db, hashToken(token), { lock });
  if (!invitation || invitation.revoked_at) throw notFound(teamMessages.invitationNotFound);
  if (invitation.accepted_at) throw new HttpError(410, teamMessages.invitationUsed);
  if (invitation.expires_at.getTime() <= Date.now()) throw new HttpError(410, teamMessages.invitationExpired);
  const team = await findTeam(db, invitation.team_id);
  if (!team) throw notFound(teamMessages.invitationNotFound);
  return { invitation, team };
}

export async function previewInvitation(
  deps: Deps,
  identity: Identity | null,
  token: string,
): Promise<TeamInvitationPreview> {
  const { invitation, team } = await usableInvitation(deps.db, token);
  const own = identity !== null && identity.email.toLowerCase() === invitation.email;
  return {
    teamName: team.name,
    invitedBy: invitation.invited_by_name,
    email: own ? invitation.email : maskEmail(invitation.email),
    expiresAt: invitation.expires_at.toISOString(),
  };
}

/** Joins the team: the invited address only, once, while a seat is free (the rest is joinTeam's). */
export function acceptInvitation(
  deps: Deps,
  identity: Identity,
  token: string,
  language: Language,
): Promise<TeamSummary | Reply<TeamSummary>> {
  return joinTeam(deps, identity, language, async (trx) => {
    const { invitation, team } = await usableInvitation(trx, token, true);
    if (identity.email.toLowerCase() !== invitation.email) throw forbidden(teamMessages.wrongAddress);
    return {
      teamId: team.id,
      email: invitation.email,
      detail: invitation.email,
      via: 'invitation',
      onSeated: (seatTrx) => markInvitationAccepted(seatTrx, invitation.id, identity.id),
    };
  });
}
