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
