import {
  LTI_CLAIM,
  issuerUrlProblem,
  ltiLaunchClaimsSchema,
  type LtiLaunchClaims,
} from '@catalyst/contracts';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { LtiPlatformRow } from '../db/tables/lti-platform';

/** How far a platform's clock may be from ours when its id_token's times are checked. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** An id_token older than this is refused even before its exp (a launch is used at once). */
const MAX_TOKEN_AGE = '10m';

/** The origins that may frame the tool for a platform: its issuer's, its authentication URL's and any it lists. */
export const platformOrigins = (platform: Pick<LtiPlatformRow, 'issuer' | 'auth_url' | 'frame_origins'>) => {
  const origins = new Set<string>(platform.frame_origins);
  for (const url of [platform.issuer, platform.auth_url]) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // An issuer need not be a URL; it then names no origin.
    }
  }
  return [...origins];
};

/** jose's remote key sets, one per JWKS URL: each caches the platform's keys and refetches on an unknown kid. */
export function createPlatformKeys(allowLoopbackHttp: boolean) {
  const sets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  return (jwksUrl: string) => {
    const problem = issuerUrlProblem(jwksUrl, allowLoopbackHttp);
    if (problem) throw new Error(`the platform's JWKS URL is refused (${problem})`);
    let set = sets.get(jwksUrl);
    if (!set) {
      set = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 10_000 });
      sets.set(jwksUrl, set);
    }
    return set;
  };
}
export type PlatformKeys = ReturnType<typeof createPlatformKeys>;

/** Why jose refused an id_token, in words a platform's administrator can act on. */
function problemOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the id_token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return "the id_token is not addressed to Catalyst's client id";
    if (error.claim === 'iss') return 'the id_token was issued by another platform';
    if (error.claim === 'iat') return 'the id_token is too old or from the future';
    return `the id_token's ${error.claim} claim is not valid`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey)
    return "the id_token's signature does not match the platform's keys";
  if (error instanceof errors.JOSEError) return `the id_token is not valid (${error.code})`;
  return error instanceof Error ? error.message : 'the id_token could not be read';
}

export type LaunchCheck = { claims: LtiLaunchClaims & JWTPayload } | { problem: string };

/**
 * The checks of LTI 1.3 core §5.1.3 on a launch's id_token for the platform its login named: the signature against
 * the platform's JWKS (RS256), iss, aud (and azp when several), exp and iat, the nonce of that login, a
 * registered deployment, message type and version.
 */
export async function checkLaunch(
  idToken: string,
  platform: LtiPlatformRow,
  expectedNonce: string,
  keys: PlatformKeys,
): Promise<LaunchCheck> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys(platform.jwks_url), {
      issuer: platform.issuer,
      audience: platform.client_id,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: MAX_TOKEN_AGE,
      requiredClaims: ['exp', 'iat', 'sub'],
    }));
  } catch (error) {
    return { problem: problemOf(error) };
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== platform.client_id)
    return { problem: "the id_token's azp is not Catalyst's client id" };
  if (payload.nonce !== expectedNonce)
    return { problem: 'the id_token answers another launch (its nonce does not match)' };
  const parsed = ltiLaunchClaimsSchema.safeParse(payload);
  if (!parsed.success) return { problem: parsed.error.issues[0]!.message };
  const claims = parsed.data;
  if (!platform.deployment_ids.includes(claims[LTI_CLAIM.deploymentId]))
    return { problem: `the deployment ${claims[LTI_CLAIM.deploymentId]} is not registered` };
  return { claims: { ...payload, ...claims } };
}
