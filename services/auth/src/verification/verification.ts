import type { Kysely } from 'kysely';
import type { Language } from '@catalyst/contracts/languages';
import { sendQuietly, type Logger, type Mailer } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { AccountMails } from '../mail/messages';
import type { UserMemo } from '../users/user-memo';
import { hashToken } from '../tokens';
import { findUserById, markEmailVerified } from '../users/users.repository';
import { findLink } from './verification.repository';
import { createOneTimeLinks } from './links';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** E-mail verification links: single use, valid 24 h, for one address of one user. */
export function createVerification({
  db,
  mailer,
  log,
  mails,
  users,
}: {
  db: Kysely<Database>;
  mailer: Mailer;
  log: Logger;
  mails: AccountMails;
  users: Pick<UserMemo, 'forget'>;
}) {
  const links = createOneTimeLinks(db, 'verify-email', { ttlMs: VERIFICATION_TTL_MS });

  async function send(user: {
    id: string;
    name: string;
    email: string;
    locale: Language | null;
  }): Promise<void> {
    const token = await links.issue(user);
    await sendQuietly(mailer, log, mails.verify(user, token));
  }

  /** Uses a link; answers the verified user, or undefined for an unknown, used, expired or outdated link. */
  async function consume(token: string): Promise<{ userId: string; email: string } | undefined> {
    const verified = await links.use(token, async (trx, row) =>
      (await markEmailVerified(trx, row.user_id, row.email))
        ? { userId: row.user_id, email: row.email }
        : undefined,
    );
    // After the commit: a read between the forget and the commit would keep the unverified row.
    if (verified) await users.forget(verified.userId);
    return verified;
  }

  /**
   * A link that did its work already, opened again (a second click, a mail client's preview): the address it
   * verified, when that address is still the user's and verified; undefined for any other link.
   */
  async function alreadyVerified(token: string): Promise<string | undefined> {
    if (token.length > 512) return undefined;
    const row = await findLink(db, 'verify-email', hashToken(token));
    if (!row?.used_at) return undefined;
    const user = await findUserById(db, row.user_id);
    return user && user.email === row.email && user.email_verified_at !== null ? row.email : undefined;
  }

  return { send, consume, alreadyVerified };
}
export type Verification = ReturnType<typeof createVerification>;
