import type { Identity } from '@catalyst/contracts';
import { badRequest, conflict, isUniqueViolation, notFound } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { verificationProblem } from '../team-sso/domain-verification';
import { domainHeldElsewhere, listSsoDomains, markDomainVerified } from '../team-sso/team-sso.repository';
import { actorOf } from '../teams/team-access';
import { addAudit } from '../teams/teams.repository';

/**
 * Proves the team's claim of `domain` by its DNS TXT record and marks it verified, audit-logged as `action`; the
 * first team to verify a domain holds it. A domain already verified is left as it is. The Domains card and the
 * SSO card each ask through their own route, in their own words.
 */
export async function proveTeamDomain(
  deps: Deps,
  identity: Identity,
  teamId: string,
  domain: string,
  words: {
    action: 'domain_verified' | 'sso_domain_verified';
    notClaimed: string;
    taken: (domain: string) => string;
  },
): Promise<void> {
  const claim = (await listSsoDomains(deps.db, teamId)).find((row) => row.domain === domain);
  if (!claim) throw notFound(words.notClaimed);
  if (claim.verified_at) return;
  if (await domainHeldElsewhere(deps.db, teamId, [claim.domain])) throw conflict(words.taken(claim.domain));
  const problem = await verificationProblem(deps.config.DNS_SERVERS, claim.domain, claim.token);
  if (problem) throw badRequest(problem);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await markDomainVerified(trx, teamId, claim.domain);
      await addAudit(trx, {
        team_id: teamId,
        ...actorOf(identity),
        action: words.action,
        detail: `${claim.domain} verified by DNS`,
      });
    });
  } catch (error) {
    // Another team verified the domain between the check and the write.
    if (isUniqueViolation(error, 'team_sso_domains_verified_domain'))
      throw conflict(words.taken(claim.domain));
    throw error;
  }
}
