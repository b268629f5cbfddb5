// Contracts of a team's groups (billing): made and kept by the owner and admins, or by the directory over SCIM.
import { z } from 'zod';
import { TEAM_GROUP_NAME_MAX, teamGroupMessages, teamGroupSourceValues } from './team-groups-terms';
import { teamIdParamsSchema } from './teams';

export * from './team-groups-terms';

export const teamGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(teamGroupSourceValues),
  memberIds: z.array(z.string()),
  createdAt: z.string(),
});
export type TeamGroup = z.infer<typeof teamGroupSchema>;

const groupNameSchema = z
  .string({ message: teamGroupMessages.name })
  .trim()
  .min(1, teamGroupMessages.name)
  .max(TEAM_GROUP_NAME_MAX, teamGroupMessages.name);
const memberIdsSchema = z.array(z.string().min(1).max(100)).max(500, teamGroupMessages.notMembers);

/** POST /teams/:id/groups */
export const teamGroupCreateBodySchema = z.object({
  name: groupNameSchema,
  memberIds: memberIdsSchema.default([]),
});
export type TeamGroupCreateBody = z.input<typeof teamGroupCreateBodySchema>;

/** PUT /teams/:id/groups/:groupId: a new name, the members (all of them), or both. */
export const teamGroupUpdateBodySchema = z
  .object({ name: groupNameSchema.optional(), memberIds: memberIdsSchema.optional() })
  .refine((body) => body.name !== undefined || body.memberIds !== undefined, {
    message: teamGroupMessages.name,
    path: ['name'],
  });
export type TeamGroupUpdateBody = z.input<typeof teamGroupUpdateBodySchema>;

export const teamGroupParamsSchema = teamIdParamsSchema.extend({
  groupId: z.string().uuid(teamGroupMessages.notFound),
});
