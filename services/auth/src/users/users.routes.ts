import { Hono } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createUserHandlers } from './users.handlers';

/** /users/profile and /users/change-password: updateProfileRequestSchema, changePasswordRequestSchema, deleteAccountRequestSchema. */
export function userRoutes(deps: Deps) {
  const handlers = createUserHandlers(deps);
  return new Hono<AppEnv>()
    .put('/users/profile', handlers.updateProfile)
    .put('/users/change-password', handlers.changePassword)
    .delete('/users/profile', handlers.deleteAccount);
}
