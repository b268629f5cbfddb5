import * as oidc from 'openid-client';
import {
  SSO_LOGIN_TTL_MINUTES,
  authSsoRoutes,
  issuerUrlProblem,
  samlAcsFormSchema,
  ssoFailedMessage,
  teamSsoMessages,
  routeUrl,
  type SsoForDomain,
} from '@catalyst/contracts';
import { badRequest, notFound, unavailable, type RouteHandlers } from '@catalyst/service-kit';
import type { Context } from 'hono';
import type { Deps } from '../deps';
import { readSamlResponse, samlAuthnRequest, serviceProviderMetadata, serviceProviderOf } from './saml';
import { insertSsoLogin, takeSsoLogin } from './sso.repository';
import { signedInThroughTeam, ssoFailure } from './sso-sign-in';
import { ssoForEmail } from './sso-teams';

type OidcSso = Extract<SsoForDomain, { protocol: 'oidc' }>;

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
  const { db, config, log } = deps;
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  const callbackUrl = `${publicOrigin}${routeUrl(authSsoRoutes.ssoCallback)}`;
  const sp = serviceProviderOf(config.PUBLIC_URL);

  /** The provider's configuration from its discovery document (openid-client checks the issuer it names). */
  async function discover(sso: Pick<OidcSso, 'issuer' | 'clientId' | 'clientSecret'>) {
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
    // The id_token's signature is checked against the provider's published keys too: openid-client skips it for
    // a token endpoint's answer by default (TLS vouches for it), which a loopback http issuer does not have.
    return oidc.discovery(new URL(sso.issuer), sso.clientId, undefined, auth, {
      execute: [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])],
    });
  }

  const failure = ssoFailure;

  async function signIn(c: Context, query: { state?: string; error?: string; error_description?: string }) {
    if (!query.state) return failure(c, teamSsoMessages.startAgain);
    const login = await takeSsoLogin(db, query.state);
    if (!login) return failure(c, teamSsoMessages.startAgain);
    if (query.error) return failure(c, ssoFailedMessage(query.error_description ?? query.error));
    const sso = await ssoForEmail(deps, login.email);
    // The team's settings changed while the person was at the provider: start again with the new ones.
    if (!sso || sso.protocol !== 'oidc' || sso.teamId !== login.team_id || sso.issuer !== login.issuer)
      return failure(c, teamSsoMessages.startAgain);

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
      return failure(c, ssoFailedMessage(problemOf(error)));
    }

    const email = typeof claims.email === 'string' ? claims.email : '';
    if (email && claims.email_verified === false)
      return failure(c, ssoFailedMessage('the identity provider has not verified this e-mail address'));
    const name = typeof claims.name === 'string' ? claims.name : undefined;
    return signedInThroughTeam(deps, c, sso, { email, name }, login.return_to);
  }

  /** The SAML IdP's posted response, for the sign-in its RelayState started (taken once). */
  async function samlSignIn(c: Context) {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const parsed = samlAcsFormSchema.safeParse(form);
    if (!parsed.success) return failure(c, ssoFailedMessage('the identity provider posted no SAMLResponse'));
    const { SAMLResponse, RelayState } = parsed.data;
    // A response without our RelayState was not started here (IdP-initiated): refused, it answers no request.
    const login = RelayState ? await takeSsoLogin(db, RelayState) : undefined;
    if (!RelayState || !login) return failure(c, teamSsoMessages.startAgain);
    const sso = await ssoForEmail(deps, login.email);
    // The team's settings changed while the person was at the IdP: start again with the new ones.
    if (!sso || sso.protocol !== 'saml' || sso.teamId !== login.team_id || sso.entityId !== login.issuer)
      return failure(c, teamSsoMessages.startAgain);
    const outcome = await readSamlResponse(sp, sso, { SAMLResponse, RelayState }, login.nonce);
    if ('problem' in outcome) {
      log.info({ teamId: sso.teamId, problem: outcome.problem }, 'single sign-on refused');
      return failure(c, ssoFailedMessage(outcome.problem));
    }
    return signedInThroughTeam(deps, c, sso, outcome, login.return_to);
  }

  return {
    async ssoLookup({ query }) {
      const sso = await ssoForEmail(deps, query.email);
      return sso ? { teamName: sso.teamName } : null;
    },

    async ssoStart({ body }) {
      const sso = await ssoForEmail(deps, body.email);
      if (!sso) throw notFound(teamSsoMessages.notSet);
      if (sso.protocol === 'saml') {
        const relayState = oidc.randomState();
        const { url, requestId } = await samlAuthnRequest(sp, sso, relayState);
        await insertSsoLogin(db, {
          state: relayState,
          nonce: requestId,
          code_verifier: '',
          team_id: sso.teamId,
          issuer: sso.entityId,
          email: body.email,
          return_to: sameOriginPath(body.returnTo),
          expires_at: new Date(Date.now() + SSO_LOGIN_TTL_MINUTES * 60_000),
        });
        return { url };
      }
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

    // Not held to the same-origin rule of cookie writes (requireSameOrigin): the IdP's form posts here
    // cross-site by design, and the signed response answering a request taken once from Postgres is the proof.
    samlAcs: (_input, c) => samlSignIn(c),

    samlMetadata: () =>
      new Response(serviceProviderMetadata(sp), {
        headers: { 'Content-Type': 'application/samlmetadata+xml; charset=utf-8' },
      }),
  };
}
