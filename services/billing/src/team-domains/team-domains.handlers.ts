import {
  TEAM_DOMAINS_MAX,
  ssoVerificationRecordName,
  ssoVerificationRecordValue,
  teamDomainMessages,
  teamDomainTakenMessage,
  type Identity,
  type TeamSsoDomain,
  type teamDomainRoutes,
} from '@catalyst/contracts';
import { conflict, notFound, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { domainHeldElsewhere, listSsoDomains } from '../team-sso/team-sso.repository';
import { actorOf, OWNER, teamFor } from '../teams/team-access';
import { addAudit, findTeam } from '../teams/teams.repository';
import { proveTeamDomain } from './prove-domain';
import { claimDomain, removeDomain } from './team-domains.repository';

export function createTeamDomainHandlers(deps: Deps): RouteHandlers<typeof teamDomainRoutes> {
  async function domainsOf(teamId: string): Promise<TeamSsoDomain[]> {
    return (await listSsoDomains(deps.db, teamId)).map((row) => ({
      domain: row.domain,
      verified: row.verified_at !== null,
      record: { name: ssoVerificationRecordName(row.domain), value: ssoVerificationRecordValue(row.token) },
    }));
  }
  const audit = (
    identity: Identity,
    teamId: string,
    action: 'domain_added' | 'domain_removed',
    detail: string,
  ) => addAudit(deps.db, { team_id: teamId, ...actorOf(identity), action, detail });

  return {
    async listDomains({ identity, params }) {
      return domainsOf((await teamFor(deps.db, identity, params.id, OWNER)).id);
    },

    /** An unverified claim blocks nobody; a domain another team has verified is refused. */
    async addDomain({ identity, params, body }) {
      const team = await teamFor(deps.db, identity, params.id, OWNER);
      const added = await deps.db.transaction().execute(async (trx) => {
        await findTeam(trx, team.id, { lock: true });
        const claimed = await listSsoDomains(trx, team.id);
        if (claimed.some((row) => row.domain === body.domain)) return false;
        if (claimed.length >= TEAM_DOMAINS_MAX) throw conflict(teamDomainMessages.tooMany);
        if (await domainHeldElsewhere(trx, team.id, [body.domain]))
          throw conflict(teamDomainTakenMessage(body.domain));
        await claimDomain(trx, team.id, body.domain);
        return true;
      });
      if (added) await audit(identity, team.id, 'domain_added', `${body.domain} (not verified yet)`);
      return domainsOf(team.id);
    },

    /** The owner proves a domain by its DNS TXT record; the first team to verify a domain holds it. */
    async verifyDomain({ identity, params }) {
      const team = await teamFor(deps.db, identity, params.id, OWNER);
      await proveTeamDomain(deps, identity, team.id, params.domain, {
        action: 'domain_verified',
        notClaimed: teamDomainMessages.notClaimed,
        taken: teamDomainTakenMessage,
      });
      return domainsOf(team.id);
    },

    /** Single sign-on stops routing the domain and the join link stops admitting it, at once. */
    async removeDomain({ identity, params }) {
      const team = await teamFor(deps.db, identity, params.id, OWNER);
      if (!(await removeDomain(deps.db, team.id, params.domain)))
        throw notFound(teamDomainMessages.notClaimed);
      await audit(identity, team.id, 'domain_removed', params.domain);
      return domainsOf(team.id);
    },
  };
}
