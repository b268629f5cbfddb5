import { z } from 'zod';
import {
  ltiAdminSchema,
  ltiLoginSchema,
  ltiMessages,
  ltiPlatformBodySchema,
  ltiPlatformParamsSchema,
  ltiPlatformSchema,
} from '../lti';
import { defineRoutes } from './define';

const service = 'auth';

/**
 * Catalyst as an LTI 1.3 tool (services/auth/src/lti): the platform's browser comes through login initiation and
 * the launch; the answers are redirects, HTML forms and pages framed by the LMS, so every route answers bytes.
 */
export const ltiRoutes = defineRoutes({
  jwks: {
    produces: ['application/json'],
    method: 'GET',
    path: '/auth/lti/jwks',
    service,
    access: 'public',
    answer: 'bytes',
    summary: "The tool's public keys (JWKS): platforms verify its deep linking answers and token requests",
    response: z.string(),
  },
  login: {
    produces: ['text/plain'],
    method: 'GET',
    path: '/auth/lti/login',
    service,
    access: 'public',
    answer: 'bytes',
    summary:
      "OIDC third-party login initiation: 302 to the platform's authentication URL with state and nonce",
    query: ltiLoginSchema,
    response: z.string(),
  },
  loginForm: {
    produces: ['text/plain'],
    method: 'POST',
    path: '/auth/lti/login',
    service,
    access: 'public',
    answer: 'bytes',
    bodyKind: 'form',
    summary: 'OIDC third-party login initiation posted as a form (the same answer as the GET)',
    response: z.string(),
  },
  launch: {
    produces: ['text/html'],
    method: 'POST',
    path: '/auth/lti/launch',
    service,
    access: 'public',
    answer: 'bytes',
    bodyKind: 'form',
    summary:
      "The platform's signed launch (id_token, state): 303 to the course signed in, or the deep linking picker",
    response: z.string(),
  },
  deepLink: {
    produces: ['text/html'],
    method: 'POST',
    path: '/auth/lti/deep-link',
    service,
    access: 'public',
    answer: 'bytes',
    bodyKind: 'form',
    summary:
      "The picker's choice: an auto-submitted form with a signed LtiDeepLinkingResponse to the platform",
    response: z.string(),
  },
});

/** The admin's LTI page: platform registrations and what each platform needs of us. */
export const adminLtiRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/admin/lti/platforms',
    service,
    access: 'admin',
    summary: "Registered LTI platforms, and the tool's own addresses a platform asks for",
    response: ltiAdminSchema,
  },
  create: {
    refuses: { 409: ltiMessages.taken },
    method: 'POST',
    path: '/admin/lti/platforms',
    service,
    access: 'admin',
    status: 201,
    summary: 'Register an LTI platform (issuer, client id, deployments, its endpoints)',
    body: ltiPlatformBodySchema,
    response: ltiPlatformSchema,
  },
  update: {
    refuses: { 404: ltiMessages.notFound, 409: ltiMessages.taken },
    method: 'PUT',
    path: '/admin/lti/platforms/:id',
    service,
    access: 'admin',
    summary: "Change an LTI platform's registration",
    params: ltiPlatformParamsSchema,
    body: ltiPlatformBodySchema,
    response: ltiPlatformSchema,
  },
  remove: {
    refuses: { 404: ltiMessages.notFound },
    method: 'DELETE',
    path: '/admin/lti/platforms/:id',
    service,
    access: 'admin',
    summary: 'Remove an LTI platform: its launches and grade passback stop',
    params: ltiPlatformParamsSchema,
    response: z.object({ id: z.string() }),
  },
  rotateKey: {
    method: 'POST',
    path: '/admin/lti/keys/rotate',
    service,
    access: 'admin',
    summary: "Sign with a new tool key (the previous one stays in the JWKS a day for platforms' caches)",
    response: z.object({ keyId: z.string() }),
  },
});

/** The gateway's question to auth: which origins may frame the pages an LTI launch opens. */
export const ltiInternalRoutes = defineRoutes({
  frameOrigins: {
    method: 'GET',
    path: '/internal/lti/frame-origins',
    service,
    access: 'internal',
    summary: "The registered platforms' origins (issuer and authentication URL), for CSP frame-ancestors",
    response: z.object({ origins: z.array(z.string()) }),
  },
});
