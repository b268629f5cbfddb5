import {
  ssoDomainQuerySchema,
  ssoForDomainSchema,
  teamSeatBodySchema,
  teamSeatSchema,
  teamSsoAnswerSchema,
  teamSsoBodySchema,
  teamSsoDomainParamsSchema,
  teamSsoRemovedSchema,
  teamSsoMessages,
  ssoDomainMessages,
} from '../team-sso';
import { teamIdParamsSchema, teamMessages } from '../teams';
import { defineRoutes } from './define';

const service = 'billing';

/** A team's single sign-on settings (OpenID Connect), kept by billing beside the team; auth runs the protocol. */
export const teamSsoRoutes = defineRoutes({
  getSso: {
    refuses: { 403: teamMessages.ownerOnly },
    method: 'GET',
    path: '/teams/:id/sso',
    service,
    access: 'user',
    summary: "A team's single sign-on settings (never the client secret), or null",
    params: teamIdParamsSchema,
    response: teamSsoAnswerSchema,
  },
  putSso: {
    refuses: { 403: teamMessages.ownerOnly, 409: 'The domain already signs in with another team' },
    method: 'PUT',
    path: '/teams/:id/sso',
    service,
    access: 'user',
    summary:
      "Set a team's single sign-on: the issuer's discovery is checked first; a new domain is saved unverified",
    params: teamIdParamsSchema,
    body: teamSsoBodySchema,
    response: teamSsoAnswerSchema,
  },
  verifySsoDomain: {
    refuses: {
      400: 'No TXT record, or not the one shown, or the lookup failed',
      403: teamMessages.ownerOnly,
      404: ssoDomainMessages.notClaimed,
      409: 'The domain already signs in with another team',
    },
    method: 'POST',
    path: '/teams/:id/sso/domains/:domain/verify',
    service,
    access: 'user',
    summary: "Verify a team's SSO domain by its DNS TXT record; the first team to verify a domain holds it",
    params: teamSsoDomainParamsSchema,
    response: teamSsoAnswerSchema,
  },
  deleteSso: {
    refuses: { 403: teamMessages.ownerOnly },
    method: 'DELETE',
    path: '/teams/:id/sso',
    service,
    access: 'user',
    summary: "Remove a team's single sign-on (password sign-in works again for its domains)",
    params: teamIdParamsSchema,
    response: teamSsoRemovedSchema,
  },
});

/** What auth asks billing during a single sign-on. */
export const teamSsoInternalRoutes = defineRoutes({
  ssoForDomain: {
    refuses: { 404: teamSsoMessages.notSet },
    method: 'GET',
    path: '/internal/teams/sso',
    service,
    access: 'internal',
    summary: 'The single sign-on (with its client secret) of the team holding an e-mail domain',
    query: ssoDomainQuerySchema,
    response: ssoForDomainSchema,
  },
  giveSeat: {
    refuses: { 409: teamMessages.teamFull },
    method: 'POST',
    path: '/internal/teams/:id/members',
    service,
    access: 'internal',
    summary: 'A seat for someone who signed in through the team’s provider (idempotent)',
    params: teamIdParamsSchema,
    body: teamSeatBodySchema,
    response: teamSeatSchema,
  },
});
