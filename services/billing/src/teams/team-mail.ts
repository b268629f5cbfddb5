// The team's e-mails: an invitation to its address, and the owner told when someone found no free seat.
import { teamInvitationSubject } from '@catalyst/contracts';
import { sendQuietly } from '@catalyst/service-kit';
import type { Deps } from '../deps';

type MailDeps = Pick<Deps, 'mailer' | 'log' | 'config'>;

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The page an invitation opens: sign in or register as the invited address, then Join. */
export const teamJoinUrl = (publicUrl: string, token: string) => `${origin(publicUrl)}/team/join/${token}`;

/** The page a team's join link opens: sign in or register at one of its domains, then Join. */
export const teamJoinLinkUrl = (publicUrl: string, token: string) =>
  `${origin(publicUrl)}/team/link/${token}`;

export const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function teamInvitationMessage(
  invitation: { teamName: string; invitedBy: string; token: string; expiresAt: Date },
  publicUrl: string,
) {
  return {
    subject: teamInvitationSubject(invitation.teamName),
    text: [
      'Hello,',
      '',
      `${invitation.invitedBy} invited you to join ${invitation.teamName} on Catalyst. Your seat in the team gives you Catalyst Premium.`,
      '',
      `Join the team: ${teamJoinUrl(publicUrl, invitation.token)}`,
      '',
      `The link works once, for this e-mail address, until ${longDate(invitation.expiresAt)}.`,
    ].join('\n'),
  };
}

export async function sendTeamInvitation(
  deps: MailDeps,
  to: string,
  invitation: { teamName: string; invitedBy: string; token: string; expiresAt: Date },
) {
  await sendQuietly(deps.mailer, deps.log, {
    to,
    ...teamInvitationMessage(invitation, deps.config.PUBLIC_URL),
  });
}

export async function sendTeamFullMail(
  deps: MailDeps,
  owner: { email: string; name: string },
  team: { name: string; seats: number },
  joiner: string,
  via: 'invitation' | 'join link' = 'invitation',
) {
  await sendQuietly(deps.mailer, deps.log, {
    to: owner.email,
    subject: `${joiner} could not join ${team.name}: no free seats`,
    text: [
      `Hello ${owner.name},`,
      '',
      via === 'invitation'
        ? `${joiner} accepted an invitation to ${team.name}, but all ${team.seats} seats are taken.`
        : `${joiner} used the join link of ${team.name}, but all ${team.seats} seats are taken.`,
      `Add seats or remove a member, and they can use the same link again: ${origin(deps.config.PUBLIC_URL)}/team`,
    ].join('\n'),
  });
}
