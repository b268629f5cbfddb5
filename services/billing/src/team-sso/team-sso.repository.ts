import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TeamSso } from '../db/tables/team-sso';

type Db = Kysely<Database>;

export async function findTeamSso(db: Db, teamId: string): Promise<TeamSso | undefined> {
  return db.selectFrom('team_sso').selectAll().where('team_id', '=', teamId).executeTakeFirst();
}

export async function listSsoDomains(db: Db, teamId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('team_sso_domains')
    .select('domain')
    .where('team_id', '=', teamId)
    .orderBy('domain')
    .execute();
  return rows.map((row) => row.domain);
}

/** The first of `domains` another team signs in, or undefined. */
export async function domainHeldElsewhere(
  db: Db,
  teamId: string,
  domains: string[],
): Promise<string | undefined> {
  const row = await db
    .selectFrom('team_sso_domains')
    .select('domain')
    .where('domain', 'in', domains)
    .where('team_id', '<>', teamId)
    .orderBy('domain')
    .executeTakeFirst();
  return row?.domain;
}

/** Saves the settings and replaces the domains (in the caller's transaction). */
export async function saveTeamSso(
  db: Db,
  row: Omit<TeamSso, 'updated_at'>,
  domains: string[],
): Promise<void> {
  await db
    .insertInto('team_sso')
    .values(row)
    .onConflict((oc) =>
      oc.column('team_id').doUpdateSet({
        issuer: row.issuer,
        client_id: row.client_id,
        client_secret_encrypted: row.client_secret_encrypted,
        required: row.required,
        updated_at: new Date(),
      }),
    )
    .execute();
  await db.deleteFrom('team_sso_domains').where('team_id', '=', row.team_id).execute();
  await db
    .insertInto('team_sso_domains')
    .values(domains.map((domain) => ({ domain, team_id: row.team_id })))
    .execute();
}

/** Whether there was one to remove. */
export async function deleteTeamSso(db: Db, teamId: string): Promise<boolean> {
  const result = await db.deleteFrom('team_sso').where('team_id', '=', teamId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The team that signs in a domain, with its settings and name. */
export async function findSsoByDomain(db: Db, domain: string) {
  return db
    .selectFrom('team_sso_domains')
    .innerJoin('team_sso', 'team_sso.team_id', 'team_sso_domains.team_id')
    .innerJoin('teams', 'teams.id', 'team_sso.team_id')
    .select([
      'teams.id as team_id',
      'teams.name as team_name',
      'teams.status as team_status',
      'team_sso.issuer',
      'team_sso.client_id',
      'team_sso.client_secret_encrypted',
      'team_sso.required',
    ])
    .where('team_sso_domains.domain', '=', domain)
    .executeTakeFirst();
}
