import type { Context } from 'hono';
import {
  authMessages,
  loginRequestSchema,
  registerRequestSchema,
  verifyEmailQuerySchema,
  type CurrentUserResponse,
  type SessionResponse,
} from '@catalyst/contracts';
import { HttpError, badRequest, ok, parseBody, parseQuery, requireIdentity, unauthorized, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { hashPassword, needsRehash, verifyPassword } from '../passwords';
import { clientAddress, userAgent } from '../request-context';
import { bearerToken } from '../tokens';
import { findUserByEmail, insertUser, toUser, updatePasswordHash } from '../users/users.repository';

type Ctx = Context<AppEnv>;

export function createAuthHandlers({ db, users, sessions, verification, loginLimiter }: Deps) {
  return {
    async register(c: Ctx) {
      const body = await parseBody(c, registerRequestSchema);
      const row = await insertUser(db, { name: body.name, email: body.email, passwordHash: await hashPassword(body.password) });
      const session = await sessions.start(row.id, { userAgent: userAgent(c), ip: clientAddress(c) });
      await verification.send(row);
      const data: SessionResponse = { user: toUser(row), token: session.token, expiresAt: session.expiresAt.toISOString() };
      return ok(c, data, authMessages.registerSuccess, 201);
    },

    async login(c: Ctx) {
      const { email, password } = await parseBody(c, loginRequestSchema);
      const address = clientAddress(c);
      if (await loginLimiter.isBlocked(email, address)) throw new HttpError(429, authMessages.tooManyAttempts);
      const row = await findUserByEmail(db, email);
      // Unknown e-mail and wrong password: the same work, the same answer.
      const valid = await verifyPassword(row?.password_hash, password);
      if (!row || !valid) {
        await loginLimiter.recordFailure(email, address);
        throw unauthorized(authMessages.invalidCredentials);
      }
      await loginLimiter.clear(email);
      if (needsRehash(row.password_hash)) {
        await updatePasswordHash(db, row.id, await hashPassword(password));
        await users.forget(row.id);
      }
      const session = await sessions.start(row.id, { userAgent: userAgent(c), ip: address });
      const data: SessionResponse = { user: toUser(row), token: session.token, expiresAt: session.expiresAt.toISOString() };
      return ok(c, data, authMessages.loginSuccess);
    },

    async me(c: Ctx) {
      const identity = requireIdentity(c);
      // Kept a few seconds at most and forgotten by every write to the row (users/user-memo.ts).
      const user = await users.find(identity.id);
      if (!user) throw unauthorized();
      return ok(c, { user } satisfies CurrentUserResponse);
    },

    /** Revokes the presented session at once (idempotent: an unknown or ended token is simply gone). */
    async logout(c: Ctx) {
      const token = bearerToken(c.req.header('authorization'));
      if (token) await sessions.end(token);
      return ok(c, null, authMessages.logoutSuccess);
    },

    async verifyEmail(c: Ctx) {
      const { token } = parseQuery(c, verifyEmailQuerySchema);
      const email = token.length <= 512 ? await verification.consume(token) : undefined;
      if (!email) throw badRequest(authMessages.verificationInvalid);
      return ok(c, { email }, authMessages.verificationSuccess);
    },
  };
}
