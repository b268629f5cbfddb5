import type { Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { hashToken, newToken } from '../tokens';
import type { UserMemo } from '../users/user-memo';
import { markEmailVerified } from '../users/users.repository';
import { findVerificationForUpdate, insertVerification, markVerificationUsed } from './verification.repository';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify-email?token=${encodeURIComponent(token)}`;
}

/** E-mail verification links: single use, valid 24 h, for one address of one user. */
export function createVerification({ db, mailer, log, publicUrl, siteName, users }: { db: Kysely<Database>; mailer: Mailer; log: Logger; publicUrl: string; siteName: string; users: Pick<UserMemo, 'forget'> }) {
  /** Issues a link and mails it. A mail failure is logged, never fatal to the request that caused it. */
  async function send(user: { id: string; name: string; email: string }): Promise<void> {
    const token = newToken();
    await insertVerification(db, { userId: user.id, email: user.email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS) });
    const link = verificationLink(publicUrl, token);
    const text = [
      `Hi ${user.name},`,
      '',
      `Please confirm your e-mail address for ${siteName} by opening this link:`,
      '',
      link,
      '',
      'The link can be used once and expires in 24 hours. If you did not ask for it, you can ignore this message.',
      '',
      `— ${siteName}`,
    ].join('\n');
    try {
      await mailer.send({ to: user.email, subject: `Verify your e-mail address for ${siteName}`, text });
    } catch (error) {
      log.error({ to: user.email, err: error instanceof Error ? error.message : String(error) }, 'verification e-mail could not be sent');
    }
  }

  /** Uses a link; answers the verified address, or undefined for an unknown, used, expired or outdated link. */
  async function consume(token: string): Promise<string | undefined> {
    const verified = await db.transaction().execute(async (trx) => {
      const row = await findVerificationForUpdate(trx, hashToken(token));
      if (!row || row.used_at || row.expires_at.getTime() <= Date.now()) return undefined;
      await markVerificationUsed(trx, row.id);
      return (await markEmailVerified(trx, row.user_id, row.email)) ? row : undefined;
    });
    if (!verified) return undefined;
    // After the commit: a read between the forget and the commit would keep the unverified row.
    await users.forget(verified.user_id);
    return verified.email;
  }

  return { send, consume };
}
export type Verification = ReturnType<typeof createVerification>;
