// The zod-free terms of Catalyst for Teams (prices, limits, messages): the team pages read them without zod.

import { groupDigits } from './no-intl';

export const TEAM_SEATS_MIN = 3;
export const TEAM_SEATS_MAX = 500;
export const TEAM_NAME_MIN = 2;
export const TEAM_NAME_MAX = 80;
/** The most addresses (or CSV rows) one invitation request may hold. */
export const TEAM_INVITE_MAX = 1_000;
/** How long an invitation can be accepted. */
export const TEAM_INVITATION_DAYS = 7;

export const teamIntervalValues = ['month', 'year'] as const;
export type TeamInterval = (typeof teamIntervalValues)[number];

/** A seat's price in minor units (USD), by billing interval. */
export const TEAM_SEAT_PRICE: Record<TeamInterval, number> = { month: 1_200, year: 12_000 };
/** The payment provider's price lookup keys of the team plan. */
export const TEAM_PRICE_LOOKUP_KEYS: Record<TeamInterval, string> = {
  month: 'team_monthly',
  year: 'team_annual',
};
/** The names of those prices at the provider (and on its checkout page). */
export const TEAM_PLAN_NAMES: Record<TeamInterval, string> = {
  month: 'Catalyst Team Monthly (per seat)',
  year: 'Catalyst Team Annual (per seat)',
};

/** Team roles: separate from the site's admin role. A team has one owner, the buyer. */
export const teamRoleValues = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof teamRoleValues)[number];

export const teamStatusValues = ['active', 'past_due', 'canceled'] as const;
export type TeamStatus = (typeof teamStatusValues)[number];

export const teamAuditActionValues = [
  'checkout',
  'seats_changed',
  'invited',
  'invitation_revoked',
  'joined',
  'removed',
  'sso_changed',
  'sso_removed',
  'sso_domain_verified',
  'role_changed',
  'assigned',
  'assignment_removed',
  'scim_token_created',
  'scim_token_revoked',
  'group_created',
  'group_changed',
  'group_deleted',
  'domain_added',
  'domain_verified',
  'domain_removed',
  'join_link_on',
  'join_link_renewed',
  'join_link_off',
] as const;
export type TeamAuditAction = (typeof teamAuditActionValues)[number];

/** Why a row of an invitation list was refused. */
export const teamInviteRefusals = {
  notAnEmail: 'not an e-mail address',
  duplicate: 'a duplicate in the list',
  alreadyMember: 'already a member',
  alreadyInvited: 'already invited',
  noSeat: 'no free seat left for it',
} as const;

export const teamMessages = {
  name: `Enter a team name of ${TEAM_NAME_MIN} to ${TEAM_NAME_MAX} characters`,
  seats: `Choose between ${TEAM_SEATS_MIN} and ${groupDigits(TEAM_SEATS_MAX)} seats`,
  interval: 'Choose monthly or annual billing',
  invitees: `Give between 1 and ${groupDigits(TEAM_INVITE_MAX)} e-mail addresses, or a CSV file`,
  csvTooLong: `A CSV file can have at most ${groupDigits(TEAM_INVITE_MAX)} rows`,
  csvNoEmailColumn: 'The CSV file has no e-mail addresses',
  teamNotFound: 'Team not found',
  ownerOnly: 'Only the team owner can do this',
  ownerOrAdminOnly: "Only the team's owner and admins can do this",
  alreadyInTeam: 'You already belong to a team',
  unpaid: 'This checkout has not been paid for',
  checkoutNotFound: 'No such checkout of yours',
  invitationNotFound: 'This invitation is not valid',
  invitationUsed: 'This invitation has already been used',
  invitationExpired: 'This invitation has expired',
  wrongAddress: 'This invitation was sent to another e-mail address',
  teamFull: 'This team has no free seats. Its owner has been told.',
  teamInactive: 'This team has no active subscription',
  memberNotFound: 'This person is not a member of this team',
  ownerCannotBeRemoved: 'The team owner cannot be removed',
} as const;

/** 409 of a seat change below the seats in use: the template (service-kit translates it), and the message. */
export const TEAM_SEATS_BELOW_USED_MESSAGE = 'Remove members before lowering seats below {{seats}}';
export const teamSeatsBelowUsedMessage = (seatsUsed: number) =>
  TEAM_SEATS_BELOW_USED_MESSAGE.replace('{{seats}}', () => groupDigits(seatsUsed));

/** The accept answer's message for a personal Premium subscriber (`date` already formatted). */
export const teamPersonalPlanEndsMessage = (date: string) =>
  `Your personal Premium plan will end on ${date}; your team's seat covers you from now on.`;

/** The invitation e-mail's subject. */
export const teamInvitationSubject = (teamName: string) => `You're invited to join ${teamName} on Catalyst`;
