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

/** Sign-in through a team's identity provider (OpenID Connect, authorization code with PKCE). */
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
});
