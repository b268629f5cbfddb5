// Contracts of Catalyst for Teams: seats on one subscription, bought by an owner, filled by invitation.
import { z } from 'zod';
import {
  TEAM_INVITE_MAX,
  TEAM_NAME_MAX,
  TEAM_NAME_MIN,
  TEAM_SEATS_MAX,
  TEAM_SEATS_MIN,
  teamAuditActionValues,
  teamIntervalValues,
  teamMessages,
  teamRoleValues,
  teamStatusValues,
} from './teams-terms';

export * from './teams-terms';

const seatsSchema = z
  .number({ message: teamMessages.seats })
  .int(teamMessages.seats)
  .min(TEAM_SEATS_MIN, teamMessages.seats)
  .max(TEAM_SEATS_MAX, teamMessages.seats);

/** POST /teams/checkout */
export const teamCheckoutBodySchema = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ message: teamMessages.name })
      .min(TEAM_NAME_MIN, teamMessages.name)
      .max(TEAM_NAME_MAX, teamMessages.name),
  ),
  seats: seatsSchema,
  interval: z.enum(teamIntervalValues, { message: teamMessages.interval }),
});
export type TeamCheckoutBody = z.input<typeof teamCheckoutBodySchema>;

/** POST /teams/confirm */
export const teamConfirmBodySchema = z.object({
  sessionId: z.string({ message: 'sessionId is required' }).min(1, 'sessionId is required').max(255),
});

/** PUT /teams/:id/seats */
export const teamSeatsBodySchema = z.object({ seats: seatsSchema });

/** Any segment: `/teams/checkout` read with GET is then an unknown team (404), as a well-formed id naming none is. */
export const teamIdParamsSchema = z.object({
  id: z.string().min(1, teamMessages.teamNotFound).max(64, teamMessages.teamNotFound),
});
/** The form of a team's id (the service answers 404 for any other). */
export const TEAM_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const teamMemberParamsSchema = teamIdParamsSchema.extend({
  userId: z.string().min(1, teamMessages.memberNotFound).max(100, teamMessages.memberNotFound),
});
export const teamInvitationParamsSchema = teamIdParamsSchema.extend({
  invitationId: z.string().uuid(teamMessages.invitationNotFound),
});
export const teamTokenParamsSchema = z.object({
  token: z.string().min(1, teamMessages.invitationNotFound).max(200, teamMessages.invitationNotFound),
});

/** The caller's team as anyone in it sees it. */
export const teamSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(teamRoleValues),
  seats: z.number().int(),
  seatsUsed: z.number().int(),
  interval: z.enum(teamIntervalValues),
  status: z.enum(teamStatusValues),
  /** ISO date-time of the next renewal (or of the end, once cancelled); null before the provider says. */
  renewsAt: z.string().nullable(),
  ownerName: z.string(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/** GET /teams/mine */
export const myTeamSchema = z.object({ team: teamSummarySchema.nullable() });
export type MyTeam = z.infer<typeof myTeamSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(teamRoleValues),
  seatStatus: z.literal('active'),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** A team as its owner and admins see it. */
export const teamDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  seats: z.number().int(),
  seatsUsed: z.number().int(),
  interval: z.enum(teamIntervalValues),
  status: z.enum(teamStatusValues),
  renewsAt: z.string().nullable(),
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** POST /teams/:id/invitations: addresses, or a CSV's text (its first column, or its `email` column). */
export const teamInviteBodySchema = z
  .object({
    emails: z
      .array(z.string({ message: teamMessages.invitees }).max(320), { message: teamMessages.invitees })
      .min(1, teamMessages.invitees)
      .max(TEAM_INVITE_MAX, teamMessages.invitees)
      .optional(),
    csv: z
      .string({ message: teamMessages.invitees })
      .min(1, teamMessages.invitees)
      .max(512 * 1024, teamMessages.csvTooLong)
      .optional(),
  })
  .refine((body) => (body.emails === undefined) !== (body.csv === undefined), {
    message: teamMessages.invitees,
    path: ['emails'],
  });
export type TeamInviteBody = z.input<typeof teamInviteBodySchema>;

export const teamInviteRowSchema = z.object({
  /** 1-based: the CSV's line (its header counted) or the list's position. */
  row: z.number().int(),
  email: z.string(),
  outcome: z.enum(['invited', 'refused']),
  reason: z.string().optional(),
});
export type TeamInviteRow = z.infer<typeof teamInviteRowSchema>;
export const teamInviteResultSchema = z.object({
  invited: z.number().int(),
  rows: z.array(teamInviteRowSchema),
});
export type TeamInviteResult = z.infer<typeof teamInviteResultSchema>;

export const teamRevokedSchema = z.object({ revoked: z.literal(true) });

/** GET /teams/invitations/:token: the address is masked for a visitor (`j***@example.com`). */
export const teamInvitationPreviewSchema = z.object({
  teamName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitationPreview = z.infer<typeof teamInvitationPreviewSchema>;

export const teamAuditEntrySchema = z.object({
  at: z.string(),
  actor: z.object({ name: z.string(), email: z.string() }),
  action: z.enum(teamAuditActionValues),
  detail: z.string(),
});
export type TeamAuditEntry = z.infer<typeof teamAuditEntrySchema>;
