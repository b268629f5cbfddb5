import type { Context } from 'hono';
import { authMessages, changePasswordRequestSchema, updateProfileRequestSchema, type CurrentUserResponse } from '@catalyst/contracts';
import { HttpError, badRequest, ok, parseBody, requireIdentity, unauthorized, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { hashPassword, verifyPassword } from '../passwords';
import { clientAddress } from '../request-context';
import { bearerToken } from '../tokens';
import { findUserByEmail, findUserById, emailTaken, toUser, updatePasswordHash, updateProfile } from './users.repository';

type Ctx = Context<AppEnv>;

export function createUserHandlers({ db, sessions, verification, loginLimiter }: Deps) {
  return {
    /** Name and e-mail; a changed e-mail must be verified again (a new link goes to the new address). */
    async updateProfile(c: Ctx) {
      const identity = requireIdentity(c);
      const body = await parseBody(c, updateProfileRequestSchema);
      const current = await findUserById(db, identity.id);
      if (!current) throw unauthorized();
      const emailChanged = body.email !== current.email;
      if (emailChanged) {
        const owner = await findUserByEmail(db, body.email);
        if (owner && owner.id !== current.id) throw emailTaken();
      }
      const row = await updateProfile(db, identity.id, body);
      if (!row) throw unauthorized();
      await sessions.forgetUser(row.id);
      if (emailChanged) await verification.send(row);
      return ok(c, { user: toUser(row) } satisfies CurrentUserResponse, emailChanged ? authMessages.profileUpdatedVerify : authMessages.profileUpdated);
    },

    /** Checks the current password, applies the register rules, and ends every other session. */
    async changePassword(c: Ctx) {
      const identity = requireIdentity(c);
      const body = await parseBody(c, changePasswordRequestSchema);
      const address = clientAddress(c);
      const row = await findUserById(db, identity.id);
      if (!row) throw unauthorized();
      if (await loginLimiter.isBlocked(row.email, address)) throw new HttpError(429, authMessages.tooManyAttempts);
      if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
        await loginLimiter.recordFailure(row.email, address);
        throw badRequest(authMessages.currentPasswordIncorrect, [{ field: 'currentPassword', message: authMessages.currentPasswordIncorrect }]);
      }
      if (body.newPassword === body.currentPassword) {
        throw badRequest(authMessages.passwordMustDiffer, [{ field: 'newPassword', message: authMessages.passwordMustDiffer }]);
      }
      await updatePasswordHash(db, row.id, await hashPassword(body.newPassword));
      const endedSessions = await sessions.endOthers(row.id, bearerToken(c.req.header('authorization')));
      return ok(c, { endedSessions }, authMessages.passwordChanged);
    },
  };
}
