import type { Db } from '../teams/teams.repository';

/** Keeps `tokenHash` as the team's one SCIM token, replacing any before it. */
export async function saveScimToken(db: Db, teamId: string, tokenHash: string) {
  return db
    .insertInto('team_scim_tokens')
    .values({ team_id: teamId, token_hash: tokenHash })
    .onConflict((oc) =>
      oc.column('team_id').doUpdateSet({ token_hash: tokenHash, created_at: new Date(), last_used_at: null }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findScimToken(db: Db, teamId: string) {
  return db.selectFrom('team_scim_tokens').selectAll().where('team_id', '=', teamId).executeTakeFirst();
}

export async function deleteScimToken(db: Db, teamId: string) {
  return db.deleteFrom('team_scim_tokens').where('team_id', '=', teamId).returningAll().executeTakeFirst();
}

/** The team a SCIM token belongs to (by its hash), marking it used. */
export async function teamOfScimToken(db: Db, tokenHash: string) {
  return db
    .updateTable('team_scim_tokens')
    .set({ last_used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .returning('team_id')
    .executeTakeFirst();
}

/** A SCIM User of a team: a member (active, holding a seat) or a person the directory deactivated (no seat). */
export interface ScimUserRow {
  user_id: string;
  email: string;
  name: string;
  external_id: string | null;
  created_at: Date;
  active: boolean;
}

/**
 * The team's SCIM Users, by email or externalId when asked: its members (with the externalId the directory
 * gave them), then the people the directory provisioned who hold no seat in it now.
 */
export async function listScimUsers(
  db: Db,
  teamId: string,
  where: { email?: string; externalId?: string; userId?: string } = {},
): Promise<ScimUserRow[]> {
  let members = db
    .selectFrom('team_members as m')
    .leftJoin('team_scim_users as s', (join) =>
      join.onRef('s.team_id', '=', 'm.team_id').onRef('s.user_id', '=', 'm.user_id'),
    )
    .select(['m.user_id', 'm.email', 'm.name', 'm.joined_at as created_at', 's.external_id'])
    .where('m.team_id', '=', teamId);
  let inactive = db
    .selectFrom('team_scim_users as s')
    .select(['s.user_id', 's.email', 's.name', 's.created_at', 's.external_id'])
    .where('s.team_id', '=', teamId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('team_members as m')
            .select('m.user_id')
            .whereRef('m.team_id', '=', 's.team_id')
            .whereRef('m.user_id', '=', 's.user_id'),
        ),
      ),
    );
  if (where.email !== undefined) {
    members = members.where('m.email', '=', where.email);
    inactive = inactive.where('s.email', '=', where.email);
  }
  if (where.externalId !== undefined) {
    members = members.where('s.external_id', '=', where.externalId);
    inactive = inactive.where('s.external_id', '=', where.externalId);
  }
  if (where.userId !== undefined) {
    members = members.where('m.user_id', '=', where.userId);
    inactive = inactive.where('s.user_id', '=', where.userId);
  }
  const [seated, unseated] = await Promise.all([
    members.orderBy('m.joined_at').orderBy('m.user_id').execute(),
    inactive.orderBy('s.created_at').orderBy('s.user_id').execute(),
  ]);
  return [
    ...seated.map((row) => ({ ...row, active: true })),
    ...unseated.map((row) => ({ ...row, active: false })),
  ];
}

/** Keeps what the directory said of a person in a team (their externalId, address and name). */
export async function saveScimUser(
  db: Db,
  row: { team_id: string; user_id: string; email: string; name: string; external_id?: string | null },
) {
  const { external_id, ...rest } = row;
  await db
    .insertInto('team_scim_users')
    .values({ ...rest, external_id: external_id ?? null })
    .onConflict((oc) =>
      oc.columns(['team_id', 'user_id']).doUpdateSet({
        email: row.email,
        name: row.name,
        ...(external_id !== undefined ? { external_id } : {}),
        updated_at: new Date(),
      }),
    )
    .execute();
}

export async function deleteScimUser(db: Db, teamId: string, userId: string) {
  return db
    .deleteFrom('team_scim_users')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}
