import type { Kysely } from 'kysely';
import { sendQuietly, type Logger, type Mailer } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { AccountMails } from '../mail/messages';
import { hashPassword } from '../passwords';
import type { Sessions } from '../sessions/sessions';
import type { UserMemo } from '../users/user-memo';
import { findUserByEmail } from '../users/users.repository';
import { createOneTimeLinks } from '../verification/links';
import { resetPasswordFromLink } from './recovery.repository';

export const RESET_TTL_MS = 30 * 60 * 1000;

/**
 * Password recovery: a single-use, 30-minute link mailed to the account's address (only the newest link
 * works). Using it sets the new password, proves the address (it is marked verified) and ends every
 * session of the account, so whoever held it before is out.
 */
export function createRecovery({
  db,
  mailer,
  log,
  mails,
  users,
  sessions,
}: {
  db: Kysely<Database>;
  mailer: Mailer;
  log: Logger;
  mails: AccountMails;
  users: Pick<UserMemo, 'forget'>;
  sessions: Sessions;
}) {
  const links = createOneTimeLinks(db, 'reset-password', { ttlMs: RESET_TTL_MS, onlyNewest: true });

  /** Mails a link when the address has an account; says nothing either way. */
  async function requestReset(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = await links.issue(user);
    await sendQuietly(mailer, log, mails.reset(user, token));
  }

  /** Answers the user id whose password was reset, or undefined for an unknown, used or expired link. */
  async function reset(token: string, password: string): Promise<string | undefined> {
    const passwordHash = await hashPassword(password);
    const userId = await links.use(token, (trx, row) =>
      resetPasswordFromLink(trx, row.user_id, row.email, passwordHash),
    );
    if (!userId) return undefined;
    await users.forget(userId);
    await sessions.endOthers(userId, undefined, 'password-reset');
    return userId;
  }

  return { requestReset, reset };
}
export type Recovery = ReturnType<typeof createRecovery>;
