import type { TeamJoinLink } from '../db/tables/team-join-link';
import type { Db } from '../teams/teams.repository';

export async function findJoinLink(db: Db, teamId: string): Promise<TeamJoinLink | undefined> {
  return db.selectFrom('team_join_links').selectAll().where('team_id', '=', teamId).executeTakeFirst();
}

/** The link a token's hash names, with its team's name. */
export async function findJoinLinkByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('team_join_links')
    .innerJoin('teams', 'teams.id', 'team_join_links.team_id')
    .select(['team_join_links.team_id', 'teams.name as team_name'])
    .where('team_join_links.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Saves the team's link, replacing the one before (whose token then finds nothing). */
export async function saveJoinLink(
  db: Db,
  row: { team_id: string; token_hash: string; token_sealed: string },
): Promise<TeamJoinLink> {
  return db
    .insertInto('team_join_links')
    .values(row)
    .onConflict((oc) =>
      oc.column('team_id').doUpdateSet({
        token_hash: row.token_hash,
        token_sealed: row.token_sealed,
        created_at: new Date(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether there was a link to turn off. */
export async function deleteJoinLink(db: Db, teamId: string): Promise<boolean> {
  const result = await db.deleteFrom('team_join_links').where('team_id', '=', teamId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
