import { Hono } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createAuthHandlers } from './auth.handlers';

/**
 * /auth/* (through the gateway at /api/v1/auth/*). Bodies: registerRequestSchema, loginRequestSchema,
 * forgotPasswordRequestSchema, resetPasswordRequestSchema; answers: registerResponseSchema,
 * sessionResponseSchema, currentUserResponseSchema (packages/contracts/src/auth.ts).
 */
export function authRoutes(deps: Deps) {
  const handlers = createAuthHandlers(deps);
  return new Hono<AppEnv>()
    .post('/auth/register', handlers.register)
    .post('/auth/login', handlers.login)
    .get('/auth/me', handlers.me)
    .post('/auth/logout', handlers.logout)
    .post('/auth/logout-all', handlers.logoutEverywhere)
    .get('/auth/verify-email', handlers.verifyEmail)
    .post('/auth/forgot-password', handlers.forgotPassword)
    .post('/auth/reset-password', handlers.resetPassword);
}
