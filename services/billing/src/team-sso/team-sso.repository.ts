import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { randomBytes } from 'node:crypto';
import type { TeamSso, TeamSsoDomain } from '../db/tables/team-sso';

type Db = Kysely<Database>;

export async function findTeamSso(db: Db, teamId: string): Promise<TeamSso | undefined> {
  return db.selectFrom('team_sso').selectAll().where('team_id', '=', teamId).executeTakeFirst();
}

/** The domains a team claims, verified or not. */
export async function listSsoDomains(db: Db, teamId: string): Promise<TeamSsoDomain[]> {
  return db
    .selectFrom('team_sso_domains')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('domain')
    .execute();
}

/** The first of `domains` another team has verified, or undefined (an unverified claim blocks nobody). */
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
    .where('verified_at', 'is not', null)
    .orderBy('domain')
    .executeTakeFirst();
  return row?.domain;
}

/**
 * Saves the settings and claims the domains: a kept domain keeps its state, a new one is unverified with a token.
 * A domain left out stays the team's (the join link may admit it): the owner removes it on the Domains card.
 */
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
        protocol: row.protocol,
        issuer: row.issuer,
        client_id: row.client_id,
        client_secret_encrypted: row.client_secret_encrypted,
        saml_sso_url: row.saml_sso_url,
        saml_certificate: row.saml_certificate,
        required: row.required,
        updated_at: new Date(),
      }),
    )
    .execute();
  await db
    .insertInto('team_sso_domains')
    .values(
      domains.map((domain) => ({ domain, team_id: row.team_id, token: randomBytes(16).toString('hex') })),
    )
    .onConflict((oc) => oc.columns(['team_id', 'domain']).doNothing())
    .execute();
}

/**
 * Marks a team's claim verified and drops other teams' unverified claims of it (the first to verify wins);
 * in the caller's transaction. The unique index on verified domains refuses a second team's verification.
 */
export async function markDomainVerified(db: Db, teamId: string, domain: string): Promise<void> {
  await db
    .updateTable('team_sso_domains')
    .set({ verified_at: new Date() })
    .where('team_id', '=', teamId)
    .where('domain', '=', domain)
    .where('verified_at', 'is', null)
    .execute();
  await db
    .deleteFrom('team_sso_domains')
    .where('domain', '=', domain)
    .where('team_id', '<>', teamId)
    .where('verified_at', 'is', null)
    .execute();
}

/** Whether there was one to remove. */
export async function deleteTeamSso(db: Db, teamId: string): Promise<boolean> {
  const result = await db.deleteFrom('team_sso').where('team_id', '=', teamId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The team that has verified a domain, with its settings and name: an unverified claim routes nobody. */
export async function findSsoByDomain(db: Db, domain: string) {
  return db
    .selectFrom('team_sso_domains')
    .innerJoin('team_sso', 'team_sso.team_id', 'team_sso_domains.team_id')
    .innerJoin('teams', 'teams.id', 'team_sso.team_id')
    .select([
      'teams.id as team_id',
      'teams.name as team_name',
      'teams.status as team_status',
      'team_sso.protocol',
      'team_sso.issuer',
      'team_sso.client_id',
      'team_sso.client_secret_encrypted',
      'team_sso.saml_sso_url',
      'team_sso.saml_certificate',
      'team_sso.required',
    ])
    .where('team_sso_domains.domain', '=', domain)
    .where('team_sso_domains.verified_at', 'is not', null)
    .executeTakeFirst();
}
