import type { Context } from 'hono';
import {
  authMessages,
  billingInternalRoutes,
  contentInternalRoutes,
  progressInternalRoutes,
  type userRoutes,
} from '@catalyst/contracts';
import {
  badRequest,
  reply,
  sendQuietly,
  unauthorized,
  unavailable,
  type AppEnv,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { hashPassword, refuseCommonPassword } from '../passwords';
import { clientAddress } from '../request-context';
import { bearerToken } from '../tokens';
import {
  countAdmins,
  deleteUserAccount,
  findUserByEmail,
  findUserById,
  lastAdmin,
  toUser,
  updatePasswordHash,
  updateProfile,
} from './users.repository';

type Ctx = Context<AppEnv>;

export function createUserHandlers({
  db,
  users,
  sessions,
  verification,
  loginLimiter,
  peers,
  mailer,
  mails,
  log,
}: Deps): RouteHandlers<typeof userRoutes> {
  /** The account's password, checked under the sign-in limits; a wrong one is a 400 on `field`. */
  async function confirmPassword(
    c: Ctx,
    row: { email: string; password_hash: string },
    password: string | undefined,
    field: string,
    message: string,
  ) {
    if (!password) throw badRequest(message, [{ field, message }]);
    if (!(await loginLimiter.checkPassword(row.email, clientAddress(c), row.password_hash, password)))
      throw badRequest(message, [{ field, message }]);
  }

  return {
    /**
     * Name and e-mail. Changing the sign-in address needs the current password; the old address is told,
     * the new one must be verified (its link goes there). An address that already has an account is
     * not revealed: its owner is warned and the answer is the same as for a free one, with no change.
     */
    async updateProfile({ identity, body }, c) {
      const current = await findUserById(db, identity.id);
      if (!current) throw unauthorized();
      const emailChanged = body.email !== current.email;
      if (emailChanged) {
        await confirmPassword(
          c,
          current,
          body.currentPassword,
          'currentPassword',
          body.currentPassword
            ? authMessages.currentPasswordIncorrect
            : authMessages.emailChangeNeedsPassword,
        );
        const owner = await findUserByEmail(db, body.email);
        if (owner) {
          await sendQuietly(mailer, log, mails.registrationAttempt(owner));
          const renamed =
            body.name === current.name
              ? current
              : await updateProfile(db, identity.id, {
                  name: body.name,
                  email: current.email,
                  locale: body.locale,
                });
          if (!renamed) throw unauthorized();
          await users.forget(renamed.id);
          await sessions.forgetUser(renamed.id);
          return reply(
            { user: { ...toUser(renamed), email: body.email, emailVerified: false } },
            { message: authMessages.profileUpdatedVerify },
          );
        }
      }
      const row = await updateProfile(db, identity.id, {
        name: body.name,
        email: body.email,
        locale: body.locale,
      });
      if (!row) throw unauthorized();
      await users.forget(row.id);
      await sessions.forgetUser(row.id);
      if (emailChanged) {
        await sendQuietly(mailer, log, mails.emailChanged(row, current.email, row.email));
        await verification.send(row);
      }
      return reply(
        { user: toUser(row) },
        { message: emailChanged ? authMessages.profileUpdatedVerify : authMessages.profileUpdated },
      );
    },

    /** Checks the current password, applies the register rules, and ends every other session. */
    async changePassword({ identity, body }, c) {
      const row = await findUserById(db, identity.id);
      if (!row) throw unauthorized();
      await confirmPassword(
        c,
        row,
        body.currentPassword,
        'currentPassword',
        authMessages.currentPasswordIncorrect,
      );
      if (body.newPassword === body.currentPassword) {
        throw badRequest(authMessages.passwordMustDiffer, [
          { field: 'newPassword', message: authMessages.passwordMustDiffer },
        ]);
      }
      await refuseCommonPassword(body.newPassword, 'newPassword');
      await updatePasswordHash(db, row.id, await hashPassword(body.newPassword));
      await users.forget(row.id);
      const endedSessions = await sessions.endOthers(
        row.id,
        bearerToken(c.req.header('authorization')),
        'password-change',
      );
      return reply({ endedSessions }, { message: authMessages.passwordChanged });
    },

    /**
     * Deletes the caller's account: the password confirms it (failures count like sign-in failures), the
     * last admin is kept. Billing ends the subscription, progress and content (the saved list) drop their
     * rows first; if any cannot be reached nothing is deleted here, so the person can simply try again.
     */
    async deleteAccount({ identity, body, requestId, log: requestLog }, c) {
      const row = await findUserById(db, identity.id);
      if (!row) throw unauthorized();
      await confirmPassword(c, row, body.password, 'password', authMessages.passwordIncorrect);
      if (row.role === 'admin' && (await countAdmins(db)) <= 1) throw lastAdmin();
      try {
        await peers.billing.call(
          billingInternalRoutes.deleteCustomer,
          { params: { userId: row.id } },
          { requestId },
        );
        await peers.progress.call(
          progressInternalRoutes.deleteUserProgress,
          { params: { userId: row.id } },
          { requestId },
        );
        await peers.content.call(
          contentInternalRoutes.deleteUserData,
          { params: { userId: row.id } },
          { requestId },
        );
      } catch (error) {
        requestLog.warn(
          { userId: row.id, err: (error as Error).message },
          'account deletion: a peer could not remove its data',
        );
        throw unavailable(authMessages.accountDeletionUnavailable);
      }
      const tokenHashes = await deleteUserAccount(db, row.id);
      await users.forget(row.id);
      if (tokenHashes === null) throw unauthorized();
      await sessions.evict(tokenHashes);
      requestLog.info({ userId: row.id }, 'account deleted');
      return reply(null, { message: authMessages.accountDeleted });
    },
  };
}
