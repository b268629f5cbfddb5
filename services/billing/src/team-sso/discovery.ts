import { badRequest } from '@catalyst/service-kit';
import { issuerUrlProblem, teamSsoDiscoveryMessage } from '@catalyst/contracts';

const TIMEOUT_MS = 5_000;

/**
 * Fetches the issuer's OpenID discovery document and checks what a sign-in will need of it: the same
 * issuer, the authorization, token and key endpoints, and PKCE with S256. A problem is a 400 naming it.
 */
export async function checkDiscovery(issuer: string, allowLoopbackHttp: boolean): Promise<void> {
  const urlProblem = issuerUrlProblem(issuer, allowLoopbackHttp);
  if (urlProblem) throw badRequest(urlProblem, [{ field: 'issuer', message: urlProblem }]);
  const refuse = (problem: string) => {
    const message = teamSsoDiscoveryMessage(problem);
    return badRequest(message, [{ field: 'issuer', message }]);
  };
  const address = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let document: Record<string, unknown>;
  try {
    const response = await fetch(address, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw refuse(`${address} answered HTTP ${response.status}`);
    document = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw error;
    throw refuse(`${address} could not be read`);
  }
  if (typeof document !== 'object' || document === null) throw refuse('it is not a JSON object');
  if (document.issuer !== issuer)
    throw refuse(`it names the issuer ${String(document.issuer)}, not ${issuer}`);
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri']) {
    const value = document[field];
    if (typeof value !== 'string' || issuerUrlProblem(value, allowLoopbackHttp))
      throw refuse(`its ${field} is missing or not https`);
  }
  const methods = document.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256')) throw refuse('it does not offer PKCE with S256');
}
