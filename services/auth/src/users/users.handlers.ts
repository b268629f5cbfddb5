import type { Context } from 'hono';
import { authMessages, changePasswordRequestSchema, deleteAccountRequestSchema, updateProfileRequestSchema, type CurrentUserResponse } from '@catalyst/contracts';
import { HttpError, badRequest, ok, parseBody, requireIdentity, unauthorized, unavailable, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { hashPassword, verifyPassword } from '../passwords';
import { clientAddress } from '../request-context';
import { bearerToken } from '../tokens';
import { countAdmins, deleteUserAccount, findUserByEmail, findUserById, emailTaken, lastAdmin, toUser, updatePasswordHash, updateProfile } from './users.repository';

type Ctx = Context<AppEnv>;

export function createUserHandlers({ db, users, sessions, verification, loginLimiter, peers }: Deps) {
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
      await users.forget(row.id);
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
      await users.forget(row.id);
      const endedSessions = await sessions.endOthers(row.id, bearerToken(c.req.header('authorization')));
      return ok(c, { endedSessions }, authMessages.passwordChanged);
    },

    /**
     * Deletes the caller's account: the password confirms it (failures count like sign-in failures), the
     * last admin is kept. Billing ends the subscription and progress drops its rows first; if either
     * cannot be reached nothing is deleted here, so the person can simply try again.
     */
    async deleteAccount(c: Ctx) {
      const identity = requireIdentity(c);
      const body = await parseBody(c, deleteAccountRequestSchema);
      const address = clientAddress(c);
      const row = await findUserById(db, identity.id);
      if (!row) throw unauthorized();
      if (await loginLimiter.isBlocked(row.email, address)) throw new HttpError(429, authMessages.tooManyAttempts);
      if (!(await verifyPassword(row.password_hash, body.password))) {
        await loginLimiter.recordFailure(row.email, address);
        throw badRequest(authMessages.passwordIncorrect, [{ field: 'password', message: authMessages.passwordIncorrect }]);
      }
      if (row.role === 'admin' && (await countAdmins(db)) <= 1) throw lastAdmin();
      const requestId = c.get('requestId');
      try {
        await peers.billing.delete(`/internal/customers/${row.id}`, requestId);
        await peers.progress.delete(`/internal/progress/users/${row.id}`, requestId);
      } catch (error) {
        c.get('log').warn({ userId: row.id, err: (error as Error).message }, 'account deletion: a peer could not remove its data');
        throw unavailable(authMessages.accountDeletionUnavailable);
      }
      const tokenHashes = await deleteUserAccount(db, row.id);
      await users.forget(row.id);
      if (tokenHashes === null) throw unauthorized();
      await sessions.evict(tokenHashes);
      c.get('log').info({ userId: row.id }, 'account deleted');
      return ok(c, null, authMessages.accountDeleted);
    },
  };
}
