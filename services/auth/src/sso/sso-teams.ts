import {
  emailDomainOf,
  ssoRequiredMessage,
  teamSsoInternalRoutes,
  type SsoForDomain,
} from '@catalyst/contracts';
import { HttpError, forbidden } from '@catalyst/service-kit';
import type { Deps } from '../deps';

/** The single sign-on of the team holding an address's domain (asked of billing), or null when none. */
export async function ssoForEmail(deps: Pick<Deps, 'peers'>, email: string): Promise<SsoForDomain | null> {
  const domain = emailDomainOf(email);
  if (!domain) return null;
  try {
    return await deps.peers.billing.call(teamSsoInternalRoutes.ssoForDomain, { query: { domain } });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Password sign-in and registration are refused for an address whose team requires single sign-on. When
 * billing cannot answer, the password still works (logged): a billing outage must not lock everyone out.
 */
export async function refuseWhenSsoRequired(deps: Pick<Deps, 'peers' | 'log'>, email: string): Promise<void> {
  let sso: SsoForDomain | null;
  try {
    sso = await ssoForEmail(deps, email);
  } catch (error) {
    deps.log.warn({ err: error }, 'single sign-on requirement unknown: billing did not answer');
    return;
  }
  if (sso?.required) throw forbidden(ssoRequiredMessage(sso.teamName));
}
