import { authMessages, type authRoutes, type SessionResponse } from '@catalyst/contracts';
import {
  CLEAR_MEDIA_GRANT_COOKIE,
  HttpError,
  badRequest,
  metrics,
  reply,
  sendQuietly,
  unauthorized,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { hashPassword, needsRehash, refuseCommonPassword } from '../passwords';
import { clientAddress, userAgent } from '../request-context';
import { bearerToken } from '../tokens';
import { findUserByEmail, insertUser, toUser, updatePasswordHash } from '../users/users.repository';

export function createAuthHandlers({
  db,
  users,
  sessions,
  verification,
  recovery,
  loginLimiter,
  limits,
  mailer,
  mails,
  log,
}: Deps): RouteHandlers<typeof authRoutes> {
  return {
    /**
     * The same answer for a new and a taken address, so registration never tells who has an account:
     * a new address gets its account and a verification link, a taken one's owner gets a warning
     * e-mail. The client signs in with the same credentials afterwards.
     */
    async register({ body }, c) {
      await limits.registerByAddress(clientAddress(c));
      await limits.registerByEmail(body.email);
      await refuseCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const existing = await findUserByEmail(db, body.email);
      if (existing) {
        await sendQuietly(mailer, log, mails.registrationAttempt(existing));
      } else {
        try {
          const user = await insertUser(db, { name: body.name, email: body.email, passwordHash });
          metrics.signUps.inc();
          await verification.send(user);
        } catch (error) {
          // A parallel registration of the same address won the race: its owner is that account.
          if (!(error instanceof HttpError && error.status === 409)) throw error;
        }
      }
      return reply({ email: body.email }, { message: authMessages.registerSuccess, status: 201 });
    },

    async login({ body: { email, password } }, c) {
      const address = clientAddress(c);
      const row = await findUserByEmail(db, email);
      // Unknown e-mail and wrong password: the same limits, the same work, the same answer.
      const valid = await loginLimiter.checkPassword(email, address, row?.password_hash, password);
      if (!row || !valid) throw unauthorized(authMessages.invalidCredentials);
      if (needsRehash(row.password_hash)) {
        await updatePasswordHash(db, row.id, await hashPassword(password));
        await users.forget(row.id);
      }
      const session = await sessions.start(row.id, { userAgent: userAgent(c), ip: address });
      const data: SessionResponse = {
        user: toUser(row),
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
      };
      return reply(data, { message: authMessages.loginSuccess });
    },

    async me({ identity }) {
      // Kept a few seconds at most and forgotten by every write to the row (users/user-memo.ts).
      const user = await users.find(identity.id);
      if (!user) throw unauthorized();
      return { user };
    },

    /** Revokes the presented session at once (idempotent: an unknown or ended token is simply gone). */
    async logout(_input, c) {
      const token = bearerToken(c.req.header('authorization'));
      if (token) await sessions.end(token);
      // This browser's media grant goes with the session (another browser's lapses within minutes).
      return reply(null, {
        message: authMessages.logoutSuccess,
        headers: { 'Set-Cookie': CLEAR_MEDIA_GRANT_COOKIE },
      });
    },

    /** Ends every session of the caller, this one included (a lost phone, a shared computer). */
    async logoutEverywhere({ identity }) {
      const endedSessions = await sessions.endOthers(identity.id);
      return reply(
        { endedSessions },
        { message: authMessages.signedOutEverywhere, headers: { 'Set-Cookie': CLEAR_MEDIA_GRANT_COOKIE } },
      );
    },

    async verifyEmail({ query: { token } }) {
      const verified = await verification.consume(token);
      if (!verified) throw badRequest(authMessages.verificationInvalid);
      await sessions.forgetUser(verified.userId);
      return reply({ email: verified.email }, { message: authMessages.verificationSuccess });
    },

    /** The same answer whether or not the address has an account; limited per address and per e-mail. */
    async forgotPassword({ body: { email } }, c) {
      await limits.resetByAddress(clientAddress(c));
      await limits.resetByEmail(email);
      await recovery.requestReset(email);
      return reply(null, { message: authMessages.forgotPasswordSent });
    },

    async resetPassword({ body: { token, password } }, c) {
      await limits.resetByAddress(clientAddress(c));
      await refuseCommonPassword(password);
      if (!(await recovery.reset(token, password)))
        throw badRequest(authMessages.resetInvalid, [{ field: 'token', message: authMessages.resetInvalid }]);
      return reply(null, { message: authMessages.resetSuccess });
    },
  };
}
