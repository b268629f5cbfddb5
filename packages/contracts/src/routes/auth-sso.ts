import { z } from 'zod';
import {
  ssoCallbackQuerySchema,
  ssoLookupQuerySchema,
  ssoLookupSchema,
  ssoStartBodySchema,
  ssoStartSchema,
  teamSsoMessages,
} from '../team-sso';
import { defineRoutes } from './define';

const service = 'auth';

/** Sign-in through a team's identity provider: OpenID Connect (code with PKCE) or SAML 2.0 (Web Browser SSO). */
export const authSsoRoutes = defineRoutes({
  ssoLookup: {
    method: 'GET',
    path: '/auth/sso/lookup',
    service,
    access: 'public',
    summary: "Whether an address's domain signs in with a team's single sign-on: the team's name, or null",
    query: ssoLookupQuerySchema,
    response: ssoLookupSchema,
  },
  ssoStart: {
    refuses: { 404: teamSsoMessages.notSet },
    method: 'POST',
    path: '/auth/sso/start',
    service,
    access: 'public',
    summary: "Start a single sign-on: the identity provider's authorization address to go to",
    body: ssoStartBodySchema,
    response: ssoStartSchema,
  },
  ssoCallback: {
    produces: ['text/plain'],
    method: 'GET',
    path: '/auth/sso/callback',
    service,
    access: 'public',
    answer: 'bytes',
    summary: "The identity provider's answer: 303 to the page the sign-in started from, signed in",
    query: ssoCallbackQuerySchema,
    response: z.string(),
  },
  samlAcs: {
    produces: ['text/plain'],
    method: 'POST',
    path: '/auth/sso/saml/acs',
    service,
    access: 'public',
    answer: 'bytes',
    bodyKind: 'form',
    maxBodyBytes: 256 * 1024,
    summary:
      "The SAML IdP's signed response (HTTP-POST binding: SAMLResponse, RelayState): 303 to the page the sign-in started from, signed in",
    response: z.string(),
  },
  samlMetadata: {
    produces: ['application/samlmetadata+xml'],
    method: 'GET',
    path: '/auth/sso/saml/metadata',
    service,
    access: 'public',
    answer: 'bytes',
    summary:
      "This site's SAML service provider metadata (its entity ID and assertion consumer service), for a team's IdP",
    response: z.string(),
  },
});
