import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { TeamAuditAction, TeamInterval, TeamRole, TeamStatus } from '@catalyst/contracts';

/** Seats on one provider subscription, bought by its owner. */
export interface TeamTable {
  id: ColumnType<string, string | undefined, never>;
  name: string;
  owner_user_id: string;
  interval: TeamInterval;
  /** The subscription's quantity, as the provider last said. */
  seats: number;
  status: TeamStatus;
  stripe_customer_id: string;
  stripe_subscription_id: string;
  checkout_session_id: string;
  current_period_end: Date | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type Team = Selectable<TeamTable>;
export type NewTeam = Insertable<TeamTable>;

/** A seat held: the name and address are the ones the member had when they joined. */
export interface TeamMemberTable {
  team_id: string;
  user_id: string;
  name: string;
  email: string;
  role: TeamRole;
  joined_at: ColumnType<Date, Date | undefined, never>;
}
export type TeamMember = Selectable<TeamMemberTable>;

/** An invitation to one address; only the token's SHA-256 is kept. */
export interface TeamInvitationTable {
  id: ColumnType<string, string | undefined, never>;
  team_id: string;
  /** Lower case: the address it is bound to. */
  email: string;
  token_hash: string;
  invited_by_user_id: string;
  invited_by_name: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  revoked_at: Date | null;
}
export type TeamInvitation = Selectable<TeamInvitationTable>;
export type NewTeamInvitation = Insertable<TeamInvitationTable>;

export interface TeamAuditTable {
  id: ColumnType<string, never, never>;
  team_id: string;
  at: ColumnType<Date, Date | undefined, never>;
  actor_user_id: string | null;
  actor_name: string;
  actor_email: string;
  action: TeamAuditAction;
  detail: string;
}
export type TeamAuditRow = Selectable<TeamAuditTable>;
export type NewTeamAuditRow = Insertable<TeamAuditTable>;
