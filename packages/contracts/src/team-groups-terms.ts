// The zod-free terms of a team's groups: the team pages read them without zod.

/** The longest group name, and the most groups a team keeps. */
export const TEAM_GROUP_NAME_MAX = 100;
export const TEAM_GROUPS_MAX = 200;

/** Who keeps a group: the team's owner and admins, or the company's directory over SCIM (read-only here). */
export const teamGroupSourceValues = ['team', 'directory'] as const;
export type TeamGroupSource = (typeof teamGroupSourceValues)[number];

export const teamGroupMessages = {
  name: 'Give the group a name',
  nameTaken: 'The team already has a group of that name',
  notFound: 'Group not found',
  notMembers: 'Everyone in a group must be a member of this team',
  directoryKept: "This group is kept by your company's directory: change it there",
  tooMany: `A team can have at most ${TEAM_GROUPS_MAX} groups`,
} as const;
