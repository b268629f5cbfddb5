// The zod-free terms of team single sign-on (OpenID Connect or SAML 2.0): limits and messages the sign-in dialog reads.

export const TEAM_SSO_DOMAINS_MIN = 1;
export const TEAM_SSO_DOMAINS_MAX = 20;
/** The home page's query parameter that carries why a single sign-on failed (the callback's refusals). */
export const SSO_ERROR_PARAM = 'sso_error';
/**
 * The query parameter of a page a sign-in from outside redirected to (an LTI launch in an LMS's frame, where the
 * browser's storage knows nothing yet): the session store then asks its remembered sign-in's cookie for a token.
 */
export const REMEMBERED_SIGN_IN_PARAM = 'remembered';
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
  samlEntityId: "Enter your identity provider's entity ID (its issuer)",
  samlSsoUrl: "Enter your identity provider's single sign-on URL (https://…)",
  samlSsoUrlNotHttps: 'The single sign-on URL must be an https:// URL',
  samlCertificate: "Paste your identity provider's signing certificate (PEM)",
  continueWithSso: 'Continue with single sign-on',
} as const;

/** The protocols a team's single sign-on speaks. */
export const ssoProtocolValues = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof ssoProtocolValues)[number];

/** The single sign-on messages with a value inside (a date, what was wrong), each filled by its function. */
export const TEAM_SSO_TEMPLATES = {
  certificateExpired:
    "The signing certificate expired on {{date}}. Paste the identity provider's current certificate.",
  certificateNotYetValid: 'The signing certificate is valid only from {{date}}. Paste the one in use today.',
  discovery: "The issuer's discovery document could not be used: {{problem}}",
  failed: 'Single sign-on failed: {{problem}}',
} as const;

/** 400 of a SAML save whose signing certificate cannot be used (`problem` names what was wrong). */
export const samlCertificateMessages = {
  unreadable: 'The signing certificate could not be read: paste the PEM text your identity provider shows',
  expired: (date: string) => TEAM_SSO_TEMPLATES.certificateExpired.replace('{{date}}', () => date),
  notYetValid: (date: string) => TEAM_SSO_TEMPLATES.certificateNotYetValid.replace('{{date}}', () => date),
} as const;

/** 400 of a save whose issuer's discovery document could not be used (`problem` names what was wrong). */
export const teamSsoDiscoveryMessage = (problem: string) =>
  TEAM_SSO_TEMPLATES.discovery.replace('{{problem}}', () => problem);

/** Where an owner publishes a domain's proof: `_catalyst-verification.<domain>` TXT `catalyst-verification=<token>`. */
export const ssoVerificationRecordName = (domain: string) => `_catalyst-verification.${domain}`;
export const ssoVerificationRecordValue = (token: string) => `catalyst-verification=${token}`;

/**
 * Mail domains shared by the public (webmail): no team may sign them in, whatever DNS says. A `*` label
 * stands for any country's ending (gmx.de, yandex.ru).
 */
export const SHARED_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.*',
  'live.com',
  'msn.com',
  'yahoo.*',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.*',
  'mail.ru',
  'yandex.*',
  'qq.com',
  '163.com',
  '126.com',
  'zoho.com',
  'fastmail.com',
  'tutanota.com',
] as const;

/** Whether `domain` (lower case) is a shared mail domain. */
export function isSharedMailDomain(domain: string): boolean {
  return SHARED_MAIL_DOMAINS.some((shared) =>
    shared.endsWith('.*') ? domain.startsWith(shared.slice(0, -1)) : domain === shared,
  );
}

export const ssoDomainMessages = {
  shared: (domain: string) => `${domain} is a shared mail domain: no team can sign it in with single sign-on`,
  notClaimed: 'This domain is not one of the team’s single sign-on domains',
  noRecord: (domain: string) =>
    `No TXT record was found at ${ssoVerificationRecordName(domain)}. Publish it, then verify again.`,
  wrongValue: (domain: string, found: string[]) =>
    `The TXT record at ${ssoVerificationRecordName(domain)} says ${found.map((v) => `"${v}"`).join(', ')}, not the value shown here.`,
  lookupFailed: (domain: string, code: string) =>
    `The DNS lookup of ${ssoVerificationRecordName(domain)} failed (${code}). Try again in a few minutes.`,
} as const;

/** 409 of a save or a verification naming a domain another team has verified. */
export const TEAM_SSO_DOMAIN_TAKEN_MESSAGE = 'The domain {{domain}} already signs in with another team';
export const teamSsoDomainTakenMessage = (domain: string) =>
  TEAM_SSO_DOMAIN_TAKEN_MESSAGE.replace('{{domain}}', () => domain);

/** 403 of a password sign-in or registration for an address whose team requires single sign-on. */
export const SSO_REQUIRED_MESSAGE =
  'Your organisation {{team}} signs in with single sign-on. Use Continue with single sign-on.';
export const ssoRequiredMessage = (teamName: string) =>
  SSO_REQUIRED_MESSAGE.replace('{{team}}', () => teamName);

/** Why a sign-in through the identity provider failed (redirected to `/?sso_error=`). */
export const ssoFailedMessage = (problem: string) =>
  TEAM_SSO_TEMPLATES.failed.replace('{{problem}}', () => problem);

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * What is wrong with an issuer URL, or undefined: https only, plain http to a loopback host only where the
 * configuration allows it (tests, a local provider).
 */
export function issuerUrlProblem(
  issuer: string,
  allowLoopbackHttp: boolean,
  messages: { invalid: string; notHttps: string } = {
    invalid: teamSsoMessages.issuer,
    notHttps: teamSsoMessages.issuerNotHttps,
  },
): string | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return messages.invalid;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK_HOST.test(url.hostname)) return undefined;
  return messages.notHttps;
}

/** What is wrong with a SAML IdP's single sign-on URL, or undefined (the same rule as an issuer's). */
export const samlSsoUrlProblem = (ssoUrl: string, allowLoopbackHttp: boolean) =>
  issuerUrlProblem(ssoUrl, allowLoopbackHttp, {
    invalid: teamSsoMessages.samlSsoUrl,
    notHttps: teamSsoMessages.samlSsoUrlNotHttps,
  });
