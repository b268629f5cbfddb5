import {
  emailDomainOf,
  isSharedMailDomain,
  samlSsoUrlProblem,
  ssoDomainMessages,
  ssoVerificationRecordName,
  ssoVerificationRecordValue,
  teamMessages,
  teamSsoDomainTakenMessage,
  teamSsoMessages,
  type TeamSsoSettings,
  type teamSsoBodySchema,
  type teamSsoInternalRoutes,
  type teamSsoRoutes,
} from '@catalyst/contracts';
import {
  SECRET_PURPOSES,
  badRequest,
  conflict,
  forbidden,
  notFound,
  openSecret,
  sealSecret,
  secretBoxKey,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { z } from 'zod';
import type { TeamSso } from '../db/tables/team-sso';
import type { Deps } from '../deps';
import { actorOf, OWNER, teamFor } from '../teams/team-access';
import { sendTeamFullMail } from '../teams/team-mail';
import { endPersonalPlan } from '../teams/personal-plan';
import { addAudit, findSeatOf, findTeam, insertMember, listMembers } from '../teams/teams.repository';
import { checkDiscovery } from './discovery';
import { proveTeamDomain } from '../team-domains/prove-domain';
import { describeCertificate, readSigningCertificate } from './saml-certificate';
import {
  deleteTeamSso,
  domainHeldElsewhere,
  findSsoByDomain,
  findTeamSso,
  listSsoDomains,
  saveTeamSso,
} from './team-sso.repository';

type TeamSsoBodyParsed = z.output<typeof teamSsoBodySchema>;

export function createTeamSsoHandlers(deps: Deps): RouteHandlers<typeof teamSsoRoutes> {
  const key = secretBoxKey(deps.config.INTERNAL_SECRET, SECRET_PURPOSES.teamSso);

  async function settingsOf(teamId: string): Promise<TeamSsoSettings | null> {
    const sso = await findTeamSso(deps.db, teamId);
    if (!sso) return null;
    const domains = (await listSsoDomains(deps.db, teamId)).map((row) => ({
      domain: row.domain,
      verified: row.verified_at !== null,
      record: { name: ssoVerificationRecordName(row.domain), value: ssoVerificationRecordValue(row.token) },
    }));
    if (sso.protocol === 'saml') {
      const certificate = describeCertificate(sso.saml_certificate ?? '');
      return {
        protocol: 'saml',
        entityId: sso.issuer,
        ssoUrl: sso.saml_sso_url ?? '',
        certificate: {
          pem: certificate.pem,
          subject: certificate.subject,
          validTo: certificate.validTo.toISOString(),
        },
        domains,
        required: sso.required,
      };
    }
    return {
      protocol: 'oidc',
      issuer: sso.issuer,
      clientId: sso.client_id,
      clientSecretSet: sso.client_secret_encrypted !== '',
      domains,
      required: sso.required,
    };
  }

  /** What a save stores of the provider, checked before anything is saved: a typo never locks a domain out. */
  async function providerOf(
    teamId: string,
    body: TeamSsoBodyParsed,
  ): Promise<
    Pick<
      TeamSso,
      'protocol' | 'issuer' | 'client_id' | 'client_secret_encrypted' | 'saml_sso_url' | 'saml_certificate'
    >
  > {
    if (body.protocol === 'saml') {
      const problem = samlSsoUrlProblem(body.ssoUrl, deps.config.SSO_ALLOW_LOOPBACK_HTTP);
      if (problem) throw badRequest(problem, [{ field: 'ssoUrl', message: problem }]);
      return {
        protocol: 'saml',
        issuer: body.entityId,
        client_id: '',
        client_secret_encrypted: '',
        saml_sso_url: body.ssoUrl,
        saml_certificate: readSigningCertificate(body.certificate).pem,
      };
    }
    const saved = await findTeamSso(deps.db, teamId);
    // A team switching from SAML has no secret to keep.
    if (body.clientSecret === undefined && !saved?.client_secret_encrypted)
      throw badRequest(teamSsoMessages.clientSecretMissing, [
        { field: 'clientSecret', message: teamSsoMessages.clientSecretMissing },
      ]);
    await checkDiscovery(body.issuer, deps.config.SSO_ALLOW_LOOPBACK_HTTP);
    return {
      protocol: 'oidc',
      issuer: body.issuer,
      client_id: body.clientId,
      client_secret_encrypted:
        body.clientSecret === undefined
          ? saved!.client_secret_encrypted
          : sealSecret(key, teamId, body.clientSecret),
      saml_sso_url: null,
      saml_certificate: null,
    };
  }

  return {
    async getSso({ identity, params }) {
      await teamFor(deps.db, identity, params.id, OWNER);
      return settingsOf(params.id);
    },

    async putSso({ identity, params, body }) {
      const team = await teamFor(deps.db, identity, params.id, OWNER);
      const domains = [...new Set(body.domains)];
      const taken = await domainHeldElsewhere(deps.db, team.id, domains);
      if (taken) throw conflict(teamSsoDomainTakenMessage(taken));
      const provider = await providerOf(team.id, body);
      await deps.db.transaction().execute(async (trx) => {
        await findTeam(trx, team.id, { lock: true });
        await saveTeamSso(trx, { team_id: team.id, ...provider, required: body.required }, domains);
        await addAudit(trx, {
          team_id: team.id,
          ...actorOf(identity),
          action: 'sso_changed',
          detail: `${provider.issuer}${provider.protocol === 'saml' ? ' (SAML)' : ''} for ${domains.join(', ')}${body.required ? ', required' : ''}`,
        });
      });
      return settingsOf(team.id);
    },

    /** The owner proves a domain by its DNS TXT record; the first team to verify a domain holds it. */
    async verifySsoDomain({ identity, params }) {
      const team = await teamFor(deps.db, identity, params.id, OWNER);
      await proveTeamDomain(deps, identity, team.id, params.domain, {
        action: 'sso_domain_verified',
        notClaimed: ssoDomainMessages.notClaimed,
        taken: teamSsoDomainTakenMessage,
      });
      return settingsOf(team.id);
    },

    async deleteSso({ identity, params }) {
      const team = await teamFor(deps.db, identity, params.id, OWNER);
      if (await deleteTeamSso(deps.db, team.id))
        await addAudit(deps.db, {
          team_id: team.id,
          ...actorOf(identity),
          action: 'sso_removed',
          detail: 'Single sign-on removed',
        });
      return { removed: true as const };
    },
  };
}

export function createTeamSsoInternalHandlers(deps: Deps): RouteHandlers<typeof teamSsoInternalRoutes> {
  const key = secretBoxKey(deps.config.INTERNAL_SECRET, SECRET_PURPOSES.teamSso);
  return {
    async ssoForDomain({ query }) {
      // A shared mail domain never routes, even were a row to say otherwise (saves refuse it).
      if (isSharedMailDomain(query.domain)) throw notFound(teamSsoMessages.notSet);
      const found = await findSsoByDomain(deps.db, query.domain);
      if (!found || found.team_status === 'canceled') throw notFound(teamSsoMessages.notSet);
      const team = { teamId: found.team_id, teamName: found.team_name, required: found.required };
      if (found.protocol === 'saml')
        return {
          ...team,
          protocol: 'saml' as const,
          entityId: found.issuer,
          ssoUrl: found.saml_sso_url ?? '',
          certificate: found.saml_certificate ?? '',
        };
      return {
        ...team,
        protocol: 'oidc' as const,
        issuer: found.issuer,
        clientId: found.client_id,
        clientSecret: openSecret(key, found.team_id, found.client_secret_encrypted),
      };
    },

    /**
     * A seat for someone the team's provider vouched for: only for an address of the team's verified domains,
     * idempotent, refused (and the owner told) when every seat is taken.
     */
    async giveSeat({ params, body }) {
      const verified = (await listSsoDomains(deps.db, params.id)).filter((row) => row.verified_at !== null);
      if (!verified.some((row) => row.domain === emailDomainOf(body.email)))
        throw forbidden(teamSsoMessages.notSet);
      const outcome = await deps.db.transaction().execute(async (trx) => {
        const team = await findTeam(trx, params.id, { lock: true });
        if (!team) throw notFound(teamMessages.teamNotFound);
        const seat = await findSeatOf(trx, body.userId);
        if (seat && seat.team_id === team.id) return { seat, team, joined: false as const };
        if (seat) throw conflict(teamMessages.alreadyInTeam);
        if (team.status === 'canceled') throw conflict(teamMessages.teamInactive);
        const members = await listMembers(trx, team.id);
        if (members.length >= team.seats)
          return { full: true as const, team, owner: members.find((m) => m.role === 'owner') };
        await insertMember(trx, {
          team_id: team.id,
          user_id: body.userId,
          name: body.name,
          email: body.email,
          role: 'member',
        });
        await addAudit(trx, {
          team_id: team.id,
          actor_user_id: body.userId,
          actor_name: body.name,
          actor_email: body.email,
          action: 'joined',
          detail: `${body.email} (single sign-on)`,
        });
        return { seat: { role: 'member' as const }, team, joined: true as const };
      });
      if ('full' in outcome) {
        if (outcome.owner) await sendTeamFullMail(deps, outcome.owner, outcome.team, body.email);
        throw conflict(teamMessages.teamFull);
      }
      if (outcome.joined) await deps.invalidations.publish('entitlement', body.userId);
      // on every sign-in that finds the seat, so a provider failure the first time is mended by the next
      await endPersonalPlan(deps, body.userId);
      return {
        teamId: outcome.team.id,
        userId: body.userId,
        role: outcome.seat.role,
        joined: outcome.joined,
      };
    },
  };
}
