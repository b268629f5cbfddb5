import {
  EVICT_USER_HEADER,
  adminUserMessages,
  authMessages,
  type authRoutes,
  type SessionResponse,
} from '@catalyst/contracts';
import {
  CLEAR_MEDIA_GRANT_COOKIES,
  HttpError,
  badRequest,
  forbidden,
  metrics,
  reply,
  requestLanguage,
  sendQuietly,
  unauthorized,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { hashPassword, needsRehash, refuseCommonPassword } from '../passwords';
import { clientAddress, userAgent } from '../request-context';
import { refuseWhenSsoRequired } from '../sso/sso-teams';
import { bearerToken } from '../tokens';
import { clearRememberCookie, rememberCookie, rememberToken, requireSameOrigin } from './remember-cookie';
import {
  findUserByEmail,
  insertUserUnlessTaken,
  toUser,
  updatePasswordHash,
} from '../users/users.repository';

export function createAuthHandlers(deps: Deps): RouteHandlers<typeof authRoutes> {
  const {
    db,
    users,
    sessions,
    verification,
    recovery,
    loginLimiter,
    limits,
    background,
    mailer,
    mails,
    log,
    config,
  } = deps;
  return {
    /**
     * The same answer for a new and a taken address, so registration never tells who has an account:
     * a new address gets its account and a verification link, a taken one's owner gets a warning
     * e-mail. The client signs in with the same credentials afterwards.
     */
    async register({ body }, c) {
      await limits.registerByAddress(clientAddress(c));
      await limits.registerByEmail(body.email);
      await refuseWhenSsoRequired(deps, body.email);
      await refuseCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      // The same work for a new and a taken address (the insert is a no-op for a taken one), and every e-mail
      // queued, so the answer's timing tells nothing either.
      const user = await insertUserUnlessTaken(db, { name: body.name, email: body.email, passwordHash });
      // A new account has no language yet: its first e-mail is in the one its page was shown in.
      const locale = requestLanguage(c);
      if (user) {
        metrics.signUps.inc();
        background.run('a verification e-mail', () => verification.send({ ...user, locale }));
      } else {
        // Taken (or a parallel registration of the same address won the race: its owner is that account).
        background.run('a registration-attempt e-mail', async () => {
          const existing = await findUserByEmail(db, body.email);
          if (existing)
            await sendQuietly(
              mailer,
              log,
              mails.registrationAttempt({ ...existing, locale: existing.locale ?? locale }),
            );
        });
      }
      return reply({ email: body.email }, { message: authMessages.registerSuccess, status: 201 });
    },

    async login({ body: { email, password, remember } }, c) {
      // A sign-in the browser keeps sets a cookie: like every write touching it, only from the app's own pages.
      if (remember) requireSameOrigin(c, config.PUBLIC_URL);
      const address = clientAddress(c);
      await refuseWhenSsoRequired(deps, email);
      const row = await findUserByEmail(db, email);
      // Unknown e-mail and wrong password: the same limits, the same work, the same answer.
      const valid = await loginLimiter.checkPassword(email, address, row?.password_hash, password);
      if (!row || !valid) throw unauthorized(authMessages.invalidCredentials);
      if (row.deactivated_at) throw forbidden(adminUserMessages.accountDeactivated);
      if (needsRehash(row.password_hash)) {
        await updatePasswordHash(db, row.id, await hashPassword(password));
        await users.forget(row.id);
      }
      const session = await sessions.start(
        row.id,
        { userAgent: userAgent(c), ip: address },
        { remember: remember === true },
      );
      // The browser keeps one remembered sign-in: a new one replaces (and ends) the one it held, and a
      // sign-in on a shared computer drops it, so new tabs never open as the person before.
      const previous = remember ? rememberToken(c) : undefined;
      if (previous) await sessions.endFamilyOfRefresh(previous, 'logout');
      c.header(
        'Set-Cookie',
        session.refreshToken && session.refreshExpiresAt
          ? rememberCookie(c, session.refreshToken, session.refreshExpiresAt)
          : clearRememberCookie(c),
        { append: true },
      );
      const data: SessionResponse = {
        user: toUser(row),
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
      };
      return reply(data, { message: authMessages.loginSuccess });
    },

    /**
     * A new tab (or a reopened browser) signs in from the remembered sign-in: the cookie's refresh token is
     * rotated (a new cookie) and a fresh access token answered. Anything but a live, unused token is a 401
     * that also clears the cookie; a token already rotated ends its whole sign-in (sessions.refresh).
     */
    async refresh(_input, c) {
      requireSameOrigin(c, config.PUBLIC_URL);
      const presented = rememberToken(c);
      const refused = () =>
        new HttpError(401, authMessages.notRemembered, undefined, { 'Set-Cookie': clearRememberCookie(c) });
      if (!presented) throw refused();
      const result = await sessions.refresh(presented, { userAgent: userAgent(c), ip: clientAddress(c) });
      if (!result.ok) throw refused();
      const user = await users.find(result.userId);
      if (!user) throw refused();
      c.header('Set-Cookie', rememberCookie(c, result.refreshToken, result.refreshExpiresAt), {
        append: true,
      });
      const data: SessionResponse = { user, token: result.token, expiresAt: result.expiresAt.toISOString() };
      return reply(data, { message: authMessages.signInRestored });
    },

    async me({ identity }) {
      // Kept a few seconds at most and forgotten by every write to the row (users/user-memo.ts).
      const user = await users.find(identity.id);
      if (!user) throw unauthorized();
      return { user };
    },

    /**
     * Revokes the presented session at once, with the remembered sign-in that minted it and the one of
     * this browser's cookie (idempotent: an unknown or ended token is simply gone). A request carrying the
     * cookie must come from the app's own pages.
     */
    async logout(_input, c) {
      const token = bearerToken(c.req.header('authorization'));
      const remembered = rememberToken(c);
      if (remembered) requireSameOrigin(c, config.PUBLIC_URL);
      if (token) {
        await sessions.endFamilyOfSession(token, 'logout');
        await sessions.end(token);
      }
      if (remembered) await sessions.endFamilyOfRefresh(remembered, 'logout');
      // This browser's media grant goes with the session (another browser's lapses within minutes).
      for (const cookie of CLEAR_MEDIA_GRANT_COOKIES) c.header('Set-Cookie', cookie, { append: true });
      c.header('Set-Cookie', clearRememberCookie(c), { append: true });
      return reply(null, { message: authMessages.logoutSuccess });
    },

    /** Ends every session and remembered sign-in of the caller, this one included (a lost phone, a shared computer). */
    async logoutEverywhere({ identity }, c) {
      const endedSessions = await sessions.endOthers(identity.id, undefined, 'logout-all');
      for (const cookie of CLEAR_MEDIA_GRANT_COOKIES) c.header('Set-Cookie', cookie, { append: true });
      c.header('Set-Cookie', clearRememberCookie(c), { append: true });
      return reply({ endedSessions }, { message: authMessages.signedOutEverywhere });
    },

    async verifyEmail({ query: { token } }, c) {
      const verified = await verification.consume(token);
      if (!verified) {
        // The same link again is no failure: the address stays verified, and the page says so.
        const email = await verification.alreadyVerified(token);
        if (email) return reply({ email }, { message: authMessages.alreadyVerified });
        throw badRequest(authMessages.verificationInvalid);
      }
      await sessions.forgetUser(verified.userId);
      // The link is often opened signed out: the gateway forgets the user it names (their identities say unverified).
      c.header(EVICT_USER_HEADER, verified.userId);
      return reply({ email: verified.email }, { message: authMessages.verificationSuccess });
    },

    /**
     * The same answer, after the same work, whether or not the address has an account (the lookup and the
     * mail are queued); limited per address, per (e-mail, address), and per e-mail from addresses its
     * owner never signed in from, so no stranger can keep the owner from a link.
     */
    async forgotPassword({ body: { email } }, c) {
      await limits.resetRequest(email, clientAddress(c));
      recovery.requestReset(email, requestLanguage(c));
      return reply(null, { message: authMessages.forgotPasswordSent });
    },

    async resetPassword({ body: { token, password } }, c) {
      await limits.resetByAddress(clientAddress(c));
      await refuseCommonPassword(password);
      const userId = await recovery.reset(token, password);
      if (!userId)
        throw badRequest(authMessages.resetInvalid, [{ field: 'token', message: authMessages.resetInvalid }]);
      // Nobody is signed in here: the gateway learns from this header whose cached identities to forget at
      // once (with Redis the 'user' invalidation tells it too; without, this is the only way).
      c.header(EVICT_USER_HEADER, userId);
      return reply(null, { message: authMessages.resetSuccess });
    },
  };
}
