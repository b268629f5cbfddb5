// The zod-free terms of team single sign-on (OpenID Connect): limits and messages the sign-in dialog reads.

export const TEAM_SSO_DOMAINS_MIN = 1;
export const TEAM_SSO_DOMAINS_MAX = 20;
/** The home page's query parameter that carries why a single sign-on failed (the callback's refusals). */
export const SSO_ERROR_PARAM = 'sso_error';
/** How long a started sign-in (its state, nonce and PKCE verifier) can come back. */
export const SSO_LOGIN_TTL_MINUTES = 10;

/** The domain part of an e-mail address, lower-cased ('' when there is none). */
export const emailDomainOf = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
};

export const teamSsoMessages = {
  issuer: "Enter the issuer's URL (https://…)",
  issuerNotHttps: 'The issuer must be an https:// URL',
  clientId: 'Enter the client id your identity provider gave you',
  clientSecret: 'The client secret is at most 1,000 characters',
  clientSecretMissing: 'Enter the client secret your identity provider gave you',
  domains: `Give between ${TEAM_SSO_DOMAINS_MIN} and ${TEAM_SSO_DOMAINS_MAX} e-mail domains`,
  domain: 'Each domain is a name such as example.com',
  required: 'Say whether single sign-on is required',
  notSet: 'No single sign-on is set up for this address',
  startAgain: 'This sign-in has expired or was already used. Start again.',
  continueWithSso: 'Continue with single sign-on',
} as const;

/** 400 of a save whose issuer's discovery document could not be used (`problem` names what was wrong). */
export const teamSsoDiscoveryMessage = (problem: string) =>
  `The issuer's discovery document could not be used: ${problem}`;

/** 409 of a save naming a domain another team signs in with. */
export const teamSsoDomainTakenMessage = (domain: string) =>
  `The domain ${domain} already signs in with another team`;

/** 403 of a password sign-in or registration for an address whose team requires single sign-on. */
export const ssoRequiredMessage = (teamName: string) =>
  `Your organisation ${teamName} signs in with single sign-on. Use Continue with single sign-on.`;

/** Why a sign-in through the identity provider failed (redirected to `/?sso_error=`). */
export const ssoFailedMessage = (problem: string) => `Single sign-on failed: ${problem}`;

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * What is wrong with an issuer URL, or undefined: https only, plain http to a loopback host only where the
 * configuration allows it (tests, a local provider).
 */
export function issuerUrlProblem(issuer: string, allowLoopbackHttp: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return teamSsoMessages.issuer;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK_HOST.test(url.hostname)) return undefined;
  return teamSsoMessages.issuerNotHttps;
}
