import { randomBytes } from 'node:crypto';
import type { Db } from '../teams/teams.repository';

/** Claims a domain for the team, unverified with a fresh token; a claim the team already has stays as it is. */
export async function claimDomain(db: Db, teamId: string, domain: string): Promise<void> {
  await db
    .insertInto('team_sso_domains')
    .values({ team_id: teamId, domain, token: randomBytes(16).toString('hex') })
    .onConflict((oc) => oc.columns(['team_id', 'domain']).doNothing())
    .execute();
}

/** Whether the team had the domain to remove. */
export async function removeDomain(db: Db, teamId: string, domain: string): Promise<boolean> {
  const result = await db
    .deleteFrom('team_sso_domains')
    .where('team_id', '=', teamId)
    .where('domain', '=', domain)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The team's verified domains, sorted. */
export async function verifiedDomainsOf(db: Db, teamId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('team_sso_domains')
    .select('domain')
    .where('team_id', '=', teamId)
    .where('verified_at', 'is not', null)
    .orderBy('domain')
    .execute();
  return rows.map((row) => row.domain);
}
