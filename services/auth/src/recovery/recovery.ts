import type { Kysely } from 'kysely';
import type { Language } from '@catalyst/contracts/languages';
import { sendQuietly, type Logger, type Mailer } from '@catalyst/service-kit';
import type { Background } from '../background';
import type { Database } from '../db/schema';
import type { AccountMails } from '../mail/messages';
import { hashPassword } from '../passwords';
import type { Sessions } from '../sessions/sessions';
import type { UserMemo } from '../users/user-memo';
import { findUserByEmail } from '../users/users.repository';
import { createOneTimeLinks } from '../verification/links';
import { retireLinks } from '../verification/verification.repository';
import { resetPasswordFromLink } from './recovery.repository';

export const RESET_TTL_MS = 30 * 60 * 1000;

/**
 * Password recovery: a single-use, 30-minute link mailed to the account's address. Every link mailed in
 * the last 30 minutes works until one of them is used (a request from someone else never makes the
 * owner's mail worthless); using one retires the others, sets the new password, proves the address (it
 * is marked verified) and ends every session of the account, so whoever held it before is out.
 */
export function createRecovery({
  db,
  mailer,
  log,
  mails,
  users,
  sessions,
  background,
}: {
  db: Kysely<Database>;
  mailer: Mailer;
  log: Logger;
  mails: AccountMails;
  users: Pick<UserMemo, 'forget'>;
  sessions: Sessions;
  background: Background;
}) {
  const links = createOneTimeLinks(db, 'reset-password', { ttlMs: RESET_TTL_MS });

  /**
   * Mails a link when the address has an account; says nothing either way. Queued: the request does the
   * same work for an address with an account and one without, so its timing tells nothing either.
   */
  function requestReset(email: string, language: Language): void {
    background.run('a password-reset request', async () => {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      const token = await links.issue(user);
      // In the account's language, else in the one the page asking was shown in.
      await sendQuietly(mailer, log, mails.reset({ ...user, locale: user.locale ?? language }, token));
    });
  }

  /** Answers the user id whose password was reset, or undefined for an unknown, used or expired link. */
  async function reset(token: string, password: string): Promise<string | undefined> {
    const passwordHash = await hashPassword(password);
    const userId = await links.use(token, async (trx, row) => {
      const done = await resetPasswordFromLink(trx, row.user_id, row.email, passwordHash);
      // The other links mailed for this account are worthless once one did its work.
      if (done) await retireLinks(trx, 'reset-password', row.user_id);
      return done;
    });
    if (!userId) return undefined;
    await users.forget(userId);
    await sessions.endOthers(userId, undefined, 'password-reset');
    return userId;
  }

  return { requestReset, reset };
}
export type Recovery = ReturnType<typeof createRecovery>;
