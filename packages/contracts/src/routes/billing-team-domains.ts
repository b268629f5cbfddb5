import {
  joinLinkMessages,
  joinLinkPreviewSchema,
  joinLinkTokenParamsSchema,
  teamDomainBodySchema,
  teamDomainMessages,
  teamDomainsSchema,
  teamJoinLinkSchema,
} from '../team-domains';
import { teamSsoDomainParamsSchema } from '../team-sso';
import { teamIdParamsSchema, teamMessages, teamSummarySchema } from '../teams';
import { defineRoutes } from './define';

const service = 'billing';

/** A team's e-mail domains, the owner's to claim, verify by DNS and remove; single sign-on and the join link read them. */
export const teamDomainRoutes = defineRoutes({
  listDomains: {
    refuses: { 403: teamMessages.ownerOnly },
    method: 'GET',
    path: '/teams/:id/domains',
    service,
    access: 'user',
    summary: "A team's e-mail domains, each verified or not, with the DNS TXT record that proves it",
    params: teamIdParamsSchema,
    response: teamDomainsSchema,
  },
  addDomain: {
    refuses: {
      400: 'A shared mail domain, or not a domain',
      403: teamMessages.ownerOnly,
      409: 'Verified by another team, or too many domains',
    },
    method: 'POST',
    path: '/teams/:id/domains',
    service,
    access: 'user',
    summary: 'Claim an e-mail domain for the team: saved unverified, with the TXT record to publish',
    params: teamIdParamsSchema,
    body: teamDomainBodySchema,
    response: teamDomainsSchema,
  },
  verifyDomain: {
    refuses: {
      400: 'No TXT record, or not the one shown, or the lookup failed',
      403: teamMessages.ownerOnly,
      404: teamDomainMessages.notClaimed,
      409: 'Verified by another team',
    },
    method: 'POST',
    path: '/teams/:id/domains/:domain/verify',
    service,
    access: 'user',
    summary: "Verify a team's domain by its DNS TXT record; the first team to verify a domain holds it",
    params: teamSsoDomainParamsSchema,
    response: teamDomainsSchema,
  },
  removeDomain: {
    refuses: { 403: teamMessages.ownerOnly, 404: teamDomainMessages.notClaimed },
    method: 'DELETE',
    path: '/teams/:id/domains/:domain',
    service,
    access: 'user',
    summary: "Remove a team's domain: nobody signs in or joins by it any more",
    params: teamSsoDomainParamsSchema,
    response: teamDomainsSchema,
  },
});

/**
 * A team's join link: whoever holds it and a verified address at one of the team's verified domains takes a
 * seat. Literal `/teams/join-link/...` paths are declared before the `:id` ones.
 */
export const teamJoinLinkRoutes = defineRoutes({
  joinLinkPreview: {
    refuses: { 404: joinLinkMessages.notFound },
    method: 'GET',
    path: '/teams/join-link/:token',
    service,
    access: 'public',
    summary: "A join link's team and the e-mail domains it admits",
    params: joinLinkTokenParamsSchema,
    response: joinLinkPreviewSchema,
  },
  joinByLink: {
    refuses: {
      403: 'An unverified address, or one outside the verified domains',
      404: joinLinkMessages.notFound,
      409: teamMessages.teamFull,
    },
    method: 'POST',
    path: '/teams/join-link/:token/join',
    service,
    access: 'user',
    summary: "Join a team by its link: a seat and the team's Premium, for a verified address at its domains",
    params: joinLinkTokenParamsSchema,
    response: teamSummarySchema,
  },
  getJoinLink: {
    refuses: { 403: teamMessages.ownerOrAdminOnly },
    method: 'GET',
    path: '/teams/:id/join-link',
    service,
    access: 'user',
    summary: "A team's join link (null while off) and the verified domains it admits",
    params: teamIdParamsSchema,
    response: teamJoinLinkSchema,
  },
  createJoinLink: {
    refuses: { 403: teamMessages.ownerOrAdminOnly, 409: joinLinkMessages.noVerifiedDomain },
    method: 'POST',
    path: '/teams/:id/join-link',
    service,
    access: 'user',
    summary: 'Turn the join link on, or make a new one (the old link stops working)',
    params: teamIdParamsSchema,
    response: teamJoinLinkSchema,
  },
  deleteJoinLink: {
    refuses: { 403: teamMessages.ownerOrAdminOnly },
    method: 'DELETE',
    path: '/teams/:id/join-link',
    service,
    access: 'user',
    summary: 'Turn the join link off (the link stops working)',
    params: teamIdParamsSchema,
    response: teamJoinLinkSchema,
  },
});
