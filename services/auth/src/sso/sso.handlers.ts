import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import {
  SSO_ERROR_PARAM,
  SSO_LOGIN_TTL_MINUTES,
  adminUserMessages,
  authSsoRoutes,
  emailDomainOf,
  issuerUrlProblem,
  ssoFailedMessage,
  teamMessages,
  teamSsoInternalRoutes,
  teamSsoMessages,
  routeUrl,
  type SsoForDomain,
} from '@catalyst/contracts';
import { HttpError, badRequest, notFound, unavailable, type RouteHandlers } from '@catalyst/service-kit';
import type { Context } from 'hono';
import type { Deps } from '../deps';
import { hashPassword } from '../passwords';
import { clientAddress, userAgent } from '../request-context';
import { findUserByEmail, insertUser } from '../users/users.repository';
import { rememberCookie, rememberToken } from '../auth/remember-cookie';
import { insertSsoLogin, takeSsoLogin } from './sso.repository';
import { ssoForEmail } from './sso-teams';

/** A path of this site to go back to; anything else (another origin, `//host`, a scheme) goes home. */
export function sameOriginPath(returnTo: string | undefined): string {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/\\'))
    return '/';
  const base = 'http://catalyst.invalid';
  try {
    const url = new URL(returnTo, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

/** Why the provider's answer was refused, in words a person can pass to their IT team. */
function problemOf(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError)
    return error.error_description ?? error.error ?? 'the identity provider refused the sign-in';
  // openid-client wraps the precise check that failed (a claim, a timestamp, a parameter) as the cause.
  let precise: unknown = error;
  while (precise instanceof Error && precise.cause instanceof Error) precise = precise.cause;
  if (precise instanceof Error) return precise.message.replace(/\.$/, '');
  return 'the identity provider answered something unexpected';
}

export function createSsoHandlers(deps: Deps): RouteHandlers<typeof authSsoRoutes> {
  const { db, config, log, sessions, peers, users } = deps;
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  const callbackUrl = `${publicOrigin}${routeUrl(authSsoRoutes.ssoCallback)}`;

  /** The provider's configuration from its discovery document (openid-client checks the issuer it names). */
  async function discover(sso: Pick<SsoForDomain, 'issuer' | 'clientId' | 'clientSecret'>) {
    const problem = issuerUrlProblem(sso.issuer, config.SSO_ALLOW_LOOPBACK_HTTP);
    if (problem) throw new Error(problem);
    const insecure = new URL(sso.issuer).protocol === 'http:';
    const server = await oidc.discovery(new URL(sso.issuer), sso.clientId, undefined, undefined, {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
    });
    const methods = server.serverMetadata().token_endpoint_auth_methods_supported;
    const auth =
      !methods || methods.includes('client_secret_basic')
        ? oidc.ClientSecretBasic(sso.clientSecret)
        : oidc.ClientSecretPost(sso.clientSecret);
    return oidc.discovery(new URL(sso.issuer), sso.clientId, undefined, auth, {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
    });
  }

  /** The callback's refusals go back to the site's home page, which shows them. */
  const failure = (message: string) =>
    new Response(null, {
      status: 303,
      headers: { Location: `/?${SSO_ERROR_PARAM}=${encodeURIComponent(message)}` },
    });

  async function signIn(c: Context, query: { state?: string; error?: string; error_description?: string }) {
    if (!query.state) return failure(teamSsoMessages.startAgain);
    const login = await takeSsoLogin(db, query.state);
    if (!login) return failure(teamSsoMessages.startAgain);
    if (query.error) return failure(ssoFailedMessage(query.error_description ?? query.error));
    const sso = await ssoForEmail(deps, login.email);
    // The team's settings changed while the person was at the provider: start again with the new ones.
    if (!sso || sso.teamId !== login.team_id || sso.issuer !== login.issuer)
      return failure(teamSsoMessages.startAgain);

    let claims: oidc.IDToken;
    try {
      const server = await discover(sso);
      const currentUrl = new URL(callbackUrl);
      currentUrl.search = new URL(c.req.url).search;
      const tokens = await oidc.authorizationCodeGrant(server, currentUrl, {
        pkceCodeVerifier: login.code_verifier,
        expectedState: query.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      // Providers that keep the id_token lean give the address at the userinfo endpoint, for the same subject.
      claims =
        typeof idToken.email === 'string'
          ? idToken
          : { ...idToken, ...(await oidc.fetchUserInfo(server, tokens.access_token, idToken.sub)) };
    } catch (error) {
      log.info({ err: error, teamId: sso.teamId }, 'single sign-on refused');
      return failure(ssoFailedMessage(problemOf(error)));
    }

    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email) return failure(ssoFailedMessage('the identity provider gave no e-mail address'));
    if (claims.email_verified === false)
      return failure(ssoFailedMessage('the identity provider has not verified this e-mail address'));
    // The provider speaks for its own domains only: an address of another team's domain is not its to vouch for.
    const owner = await ssoForEmail(deps, email);
    if (!owner || owner.teamId !== sso.teamId)
      return failure(ssoFailedMessage(`${emailDomainOf(email)} does not sign in with ${sso.teamName}`));

    const name = (typeof claims.name === 'string' && claims.name.trim()) || email.split('@')[0]!;
    let user = await findUserByEmail(db, email);
    if (!user) {
      // Created just in time: verified by the provider, with a password nobody knows (a reset can set one).
      const created = await insertUser(db, {
        name: name.slice(0, 50).padEnd(2, '.'),
        email,
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        emailVerifiedAt: new Date(),
      }).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 409) return undefined;
        throw error;
      });
      user = created ?? (await findUserByEmail(db, email));
    } else if (!user.email_verified_at) {
      await db
        .updateTable('users')
        .set({ email_verified_at: new Date() })
        .where('id', '=', user.id)
        .execute();
      await users.forget(user.id);
    }
    if (!user) return failure(ssoFailedMessage('the account could not be created'));
    if (user.deactivated_at) return failure(adminUserMessages.accountDeactivated);

    try {
      await peers.billing.call(teamSsoInternalRoutes.giveSeat, {
        params: { id: sso.teamId },
        body: { userId: user.id, email, name: user.name },
      });
    } catch (error) {
      // Someone already seated in another team still signs in; a full team is refused with billing's words.
      if (!(error instanceof HttpError && error.message === teamMessages.alreadyInTeam)) {
        if (error instanceof HttpError && error.status < 500) return failure(error.message);
        throw error;
      }
    }

    // The session a remembered password sign-in makes: the page at returnTo restores it from the cookie.
    const session = await sessions.start(
      user.id,
      { userAgent: userAgent(c), ip: clientAddress(c) },
      { remember: true },
    );
    const previous = rememberToken(c);
    if (previous) await sessions.endFamilyOfRefresh(previous, 'logout');
    const headers = new Headers({ Location: login.return_to, 'Cache-Control': 'no-store' });
    headers.append('Set-Cookie', rememberCookie(c, session.refreshToken!, session.refreshExpiresAt!));
    return new Response(null, { status: 303, headers });
  }

  return {
    async ssoLookup({ query }) {
      const sso = await ssoForEmail(deps, query.email);
      return sso ? { teamName: sso.teamName } : null;
    },

    async ssoStart({ body }) {
      const sso = await ssoForEmail(deps, body.email);
      if (!sso) throw notFound(teamSsoMessages.notSet);
      let server: oidc.Configuration;
      try {
        server = await discover(sso);
      } catch (error) {
        log.warn({ err: error, teamId: sso.teamId }, 'identity provider discovery failed');
        if (error instanceof Error && error.message === teamSsoMessages.issuerNotHttps)
          throw badRequest(error.message);
        throw unavailable(
          `The identity provider of ${sso.teamName} could not be reached. Try again shortly.`,
        );
      }
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await insertSsoLogin(db, {
        state,
        nonce,
        code_verifier: codeVerifier,
        team_id: sso.teamId,
        issuer: sso.issuer,
        email: body.email,
        return_to: sameOriginPath(body.returnTo),
        expires_at: new Date(Date.now() + SSO_LOGIN_TTL_MINUTES * 60_000),
      });
      const url = oidc.buildAuthorizationUrl(server, {
        redirect_uri: callbackUrl,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        login_hint: body.email,
      });
      return { url: url.href };
    },

    ssoCallback: ({ query }, c) => signIn(c, query),
  };
}
