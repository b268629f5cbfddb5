import {
  SAML,
  ValidateInResponseTo,
  generateServiceProviderMetadata,
  type CacheProvider,
} from '@node-saml/node-saml';
import { SSO_LOGIN_TTL_MINUTES, authSsoRoutes, routeUrl, type SsoForDomain } from '@catalyst/contracts';

type SamlSso = Extract<SsoForDomain, { protocol: 'saml' }>;

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
/** How far the IdP's clock may be from ours when its assertion's time conditions are checked. */
const CLOCK_SKEW_MS = 60_000;

/** This site as one SAML service provider for every team: its entity ID (its metadata's address) and its ACS. */
export function serviceProviderOf(publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  return {
    entityId: `${origin}${routeUrl(authSsoRoutes.samlMetadata)}`,
    acsUrl: `${origin}${routeUrl(authSsoRoutes.samlAcs)}`,
  };
}

type ServiceProvider = ReturnType<typeof serviceProviderOf>;

/** The SP's metadata XML for an IdP's administrator: entity ID, ACS (HTTP-POST), e-mail NameID, signed assertions. */
export const serviceProviderMetadata = (sp: ServiceProvider) =>
  generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: EMAIL_FORMAT,
    wantAssertionsSigned: true,
  });

/**
 * node-saml's cache of request IDs, answering only for the one sign-in a RelayState named: the ID itself lives
 * in Postgres (sso_logins), taken once, so every auth process agrees and a replayed response finds nothing.
 */
function onlyRequest(requestId: string | undefined): CacheProvider & { saved?: string } {
  const cache: CacheProvider & { saved?: string } = {
    async saveAsync(key, value) {
      cache.saved = key;
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => (requestId !== undefined && key === requestId ? new Date().toISOString() : null),
    removeAsync: async (key) => key,
  };
  return cache;
}

function samlFor(sp: ServiceProvider, sso: SamlSso, cacheProvider: CacheProvider) {
  return new SAML({
    entryPoint: sso.ssoUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    idpCert: sso.certificate,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SSO_LOGIN_TTL_MINUTES * 60_000,
    cacheProvider,
    identifierFormat: EMAIL_FORMAT,
    disableRequestedAuthnContext: true,
  });
}

/** The IdP's address with an (unsigned) AuthnRequest and RelayState, and the request's ID to keep. */
export async function samlAuthnRequest(sp: ServiceProvider, sso: SamlSso, relayState: string) {
  const cache = onlyRequest(undefined);
  const url = await samlFor(sp, sso, cache).getAuthorizeUrlAsync(relayState, undefined, {});
  if (!cache.saved) throw new Error('node-saml kept no request ID');
  return { url, requestId: cache.saved };
}

/** Why node-saml refused a response, in words a person can pass to their IT team. */
function problemOf(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (/signature/i.test(message))
    return "the response was not signed with the certificate saved for your team's identity provider";
  if (/InResponseTo is missing/.test(message))
    return 'the identity provider sent a sign-in nobody started here; start from the sign-in page';
  if (/InResponseTo/.test(message)) return 'the response answers another sign-in than the one started here';
  // node-saml finds no subject confirmation only when each one's time window has passed or not yet begun.
  if (/No valid subject confirmation|SAML assertion (expired|not yet valid)/.test(message))
    return "the assertion has expired or is not yet valid: check the identity provider's clock";
  return message.replace(/\.$/, '') || 'the identity provider answered something unexpected';
}

export type SamlOutcome = { email: string; name?: string } | { problem: string };

/**
 * Checks a posted SAMLResponse for the sign-in its RelayState started: signed assertion with the team's
 * certificate, audience, time conditions, InResponseTo of that sign-in's request, the team's IdP as issuer; then
 * the e-mail from an emailAddress NameID or an `email` attribute.
 */
export async function readSamlResponse(
  sp: ServiceProvider,
  sso: SamlSso,
  form: { SAMLResponse: string; RelayState: string },
  requestId: string,
): Promise<SamlOutcome> {
  let profile;
  try {
    ({ profile } = await samlFor(sp, sso, onlyRequest(requestId)).validatePostResponseAsync(form));
  } catch (error) {
    return { problem: problemOf(error) };
  }
  if (!profile) return { problem: 'the identity provider answered without an assertion' };
  if (profile.issuer !== sso.entityId)
    return { problem: `the response came from ${profile.issuer || 'no issuer'}, not ${sso.entityId}` };
  if (profile.inResponseTo !== requestId) return { problem: problemOf(new Error('InResponseTo')) };
  const attribute = (name: string) => {
    const value = (profile.attributes as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string'
      ? value
      : Array.isArray(value) && typeof value[0] === 'string'
        ? value[0]
        : '';
  };
  const email =
    profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : attribute('email') || profile.email || '';
  const name = attribute('displayName') || attribute('name') || undefined;
  return { email: typeof email === 'string' ? email : '', name };
}
