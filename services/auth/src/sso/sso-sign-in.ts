import { randomBytes } from 'node:crypto';
import {
  SSO_ERROR_PARAM,
  adminUserMessages,
  emailDomainOf,
  ssoFailedMessage,
  teamMessages,
  teamSsoInternalRoutes,
  type SsoForDomain,
} from '@catalyst/contracts';
import { HttpError, requestLanguage, translateMessage } from '@catalyst/service-kit';
import type { Context } from 'hono';
import type { Deps } from '../deps';
import { hashPassword } from '../passwords';
import { clientAddress, userAgent } from '../request-context';
import { findUserByEmail, insertUser } from '../users/users.repository';
import { rememberCookie, rememberToken } from '../auth/remember-cookie';
import { ssoForEmail } from './sso-teams';

/**
 * A refused single sign-on goes back to the site's home page, which shows why: in the browser's language (the
 * provider's redirect carries no page's, but the browser's Accept-Language).
 */
export const ssoFailure = (c: Context, message: string) =>
  new Response(null, {
    status: 303,
    headers: {
      Location: `/?${SSO_ERROR_PARAM}=${encodeURIComponent(translateMessage(requestLanguage(c), message))}`,
    },
  });

/** Whom the team's provider (OpenID Connect or SAML) vouched for, once its answer has been checked. */
export interface VouchedPerson {
  email: string;
  name?: string;
}

/**
 * Signs in a person the team's provider vouched for: an address of the team's own verified domains only, the
 * account made just in time, a seat in the team, a remembered session and a 303 to `returnTo`.
 */
export async function signedInThroughTeam(
  deps: Deps,
  c: Context,
  sso: SsoForDomain,
  person: VouchedPerson,
  returnTo: string,
): Promise<Response> {
  const { db, sessions, peers, users } = deps;
  const email = person.email.trim().toLowerCase();
  if (!email) return ssoFailure(c, ssoFailedMessage('the identity provider gave no e-mail address'));
  // The provider speaks for its own domains only: an address of another team's domain is not its to vouch for.
  const owner = await ssoForEmail(deps, email);
  if (!owner || owner.teamId !== sso.teamId)
    return ssoFailure(c, ssoFailedMessage(`${emailDomainOf(email)} does not sign in with ${sso.teamName}`));

  const name = person.name?.trim() || email.split('@')[0]!;
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
    await db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', user.id).execute();
    await users.forget(user.id);
  }
  if (!user) return ssoFailure(c, ssoFailedMessage('the account could not be created'));
  if (user.deactivated_at) return ssoFailure(c, adminUserMessages.accountDeactivated);

  try {
    await peers.billing.call(teamSsoInternalRoutes.giveSeat, {
      params: { id: sso.teamId },
      body: { userId: user.id, email, name: user.name },
    });
  } catch (error) {
    // Someone already seated in another team still signs in; a full team is refused with billing's words.
    if (!(error instanceof HttpError && error.message === teamMessages.alreadyInTeam)) {
      if (error instanceof HttpError && error.status < 500) return ssoFailure(c, error.message);
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
  const headers = new Headers({ Location: returnTo, 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', rememberCookie(c, session.refreshToken!, session.refreshExpiresAt!));
  return new Response(null, { status: 303, headers });
}
