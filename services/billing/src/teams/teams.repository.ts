import type { Kysely } from 'kysely';
import type { TeamDetail, TeamRole, TeamStatus, TeamSummary } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type {
  NewTeam,
  NewTeamAuditRow,
  NewTeamInvitation,
  Team,
  TeamInvitation,
  TeamMember,
} from '../db/tables/team';

export type Db = Kysely<Database>;

/** Team statuses whose seats are Premium (a past-due team keeps access while the provider retries). */
const SEAT_GRANTING: TeamStatus[] = ['active', 'past_due'];
export const seatGrantsAccess = (status: TeamStatus) => SEAT_GRANTING.includes(status);

// ---------- teams ----------

/** A team once, by its checkout session: undefined when it was made already (by the webhook or the success page). */
export async function insertTeamOnce(db: Db, row: NewTeam): Promise<Team | undefined> {
  return db
    .insertInto('teams')
    .values(row)
    .onConflict((oc) => oc.column('checkout_session_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findTeam(db: Db, id: string, { lock = false } = {}): Promise<Team | undefined> {
  let query = db.selectFrom('teams').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findTeamBySession(db: Db, sessionId: string): Promise<Team | undefined> {
  return db.selectFrom('teams').selectAll().where('checkout_session_id', '=', sessionId).executeTakeFirst();
}

/** What the provider says of the team's subscription, kept on the team. */
export async function updateTeamFromProvider(
  db: Db,
  subscriptionId: string,
  values: Pick<Team, 'seats' | 'status' | 'current_period_end'>,
): Promise<Team | undefined> {
  return db
    .updateTable('teams')
    .set({ ...values, updated_at: new Date() })
    .where('stripe_subscription_id', '=', subscriptionId)
    .returningAll()
    .executeTakeFirst();
}

// ---------- members ----------

export async function insertMember(
  db: Db,
  row: { team_id: string; user_id: string; name: string; email: string; role: TeamRole },
): Promise<boolean> {
  const inserted = await db
    .insertInto('team_members')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The seat a person holds, in whichever team. */
export async function findSeatOf(db: Db, userId: string): Promise<TeamMember | undefined> {
  return db.selectFrom('team_members').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function listMembers(db: Db, teamId: string): Promise<TeamMember[]> {
  return db
    .selectFrom('team_members')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
}

export async function countMembers(db: Db, teamId: string): Promise<number> {
  const row = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteMember(db: Db, teamId: string, userId: string): Promise<TeamMember | undefined> {
  return db
    .deleteFrom('team_members')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Whether the person holds a seat in a team whose subscription still grants access (Premium from the team). */
export async function hasActiveSeat(db: Db, userId: string): Promise<Team | undefined> {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .selectAll('teams')
    .where('team_members.user_id', '=', userId)
    .where('teams.status', 'in', SEAT_GRANTING)
    .executeTakeFirst();
}

/** Which of these people hold a seat in a team that grants access (the admin users list, in one query). */
export async function usersWithActiveSeats(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select('team_members.user_id')
    .where('team_members.user_id', 'in', userIds)
    .where('teams.status', 'in', SEAT_GRANTING)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** The team of a provider subscription, with its members' ids (for telling the caches when its access changes). */
export async function findTeamBySubscription(db: Db, subscriptionId: string) {
  const team = await db
    .selectFrom('teams')
    .selectAll()
    .where('stripe_subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  if (!team) return undefined;
  const members = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', team.id)
    .execute();
  return { team, memberIds: members.map((m) => m.user_id) };
}

// ---------- invitations ----------

export async function insertInvitation(db: Db, row: NewTeamInvitation): Promise<TeamInvitation> {
  return db.insertInto('team_invitations').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Invitations not accepted, revoked nor expired. */
export async function listOpenInvitations(
  db: Db,
  teamId: string,
  now = new Date(),
): Promise<TeamInvitation[]> {
  return db
    .selectFrom('team_invitations')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('email')
    .execute();
}

/** Expired invitations stop blocking a new one to the same address. */
export async function retireExpiredInvitations(db: Db, teamId: string, now = new Date()): Promise<void> {
  await db
    .updateTable('team_invitations')
    .set({ revoked_at: now })
    .where('team_id', '=', teamId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '<=', now)
    .execute();
}

export async function findInvitationByHash(
  db: Db,
  tokenHash: string,
  { lock = false } = {},
): Promise<TeamInvitation | undefined> {
  let query = db.selectFrom('team_invitations').selectAll().where('token_hash', '=', tokenHash);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Revokes an open invitation of the team; undefined when there is none by that id. */
export async function revokeInvitation(
  db: Db,
  teamId: string,
  id: string,
): Promise<TeamInvitation | undefined> {
  return db
    .updateTable('team_invitations')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function markInvitationAccepted(db: Db, id: string, userId: string): Promise<void> {
  await db
    .updateTable('team_invitations')
    .set({ accepted_at: new Date(), accepted_by: userId })
    .where('id', '=', id)
    .execute();
}

/** Closes the open invitations of the team to `email` as accepted by `userId` (they took a seat another way). */
export async function acceptOpenInvitationsTo(
  db: Db,
  teamId: string,
  email: string,
  userId: string,
): Promise<void> {
  await db
    .updateTable('team_invitations')
    .set({ accepted_at: new Date(), accepted_by: userId })
    .where('team_id', '=', teamId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

// ---------- audit ----------

export async function addAudit(db: Db, rows: NewTeamAuditRow | NewTeamAuditRow[]): Promise<void> {
  const list = Array.isArray(rows) ? rows : [rows];
  if (list.length > 0) await db.insertInto('team_audit').values(list).execute();
}

export async function listAudit(db: Db, teamId: string, limit = 500) {
  return db
    .selectFrom('team_audit')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ---------- views ----------

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function teamDetailOf(db: Db, team: Team): Promise<TeamDetail> {
  const [members, invitations] = await Promise.all([
    listMembers(db, team.id),
    listOpenInvitations(db, team.id),
  ]);
  return {
    id: team.id,
    name: team.name,
    seats: team.seats,
    seatsUsed: members.length,
    interval: team.interval,
    status: team.status,
    renewsAt: iso(team.current_period_end),
    members: members.map((m) => ({
      userId: m.user_id,
      name: m.name,
      email: m.email,
      role: m.role,
      seatStatus: 'active' as const,
      joinedAt: m.joined_at.toISOString(),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      invitedAt: i.created_at.toISOString(),
      expiresAt: i.expires_at.toISOString(),
    })),
  };
}

export async function teamSummaryOf(db: Db, team: Team, role: TeamRole): Promise<TeamSummary> {
  const [seatsUsed, owner] = await Promise.all([
    countMembers(db, team.id),
    db
      .selectFrom('team_members')
      .select('name')
      .where('team_id', '=', team.id)
      .where('role', '=', 'owner')
      .executeTakeFirst(),
  ]);
  return {
    id: team.id,
    name: team.name,
    role,
    seats: team.seats,
    seatsUsed,
    interval: team.interval,
    status: team.status,
    renewsAt: iso(team.current_period_end),
    ownerName: owner?.name ?? '',
  };
}
