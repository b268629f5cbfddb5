import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { EmailVerificationRow, LinkPurpose } from '../db/tables/email-verification';
import { hashToken, newToken } from '../tokens';
import { findLinkForUpdate, insertLink, markLinkUsed } from './verification.repository';

/**
 * Single-use links mailed to one address of one user (verification, password reset): the token is
 * 256 random bits, only its SHA-256 is stored, and using it locks the row so two clicks cannot both win.
 */
export function createOneTimeLinks(db: Kysely<Database>, purpose: LinkPurpose, { ttlMs }: { ttlMs: number }) {
  return {
    ttlMs,
    async issue(user: { id: string; email: string }): Promise<string> {
      const token = newToken();
      await insertLink(db, {
        purpose,
        userId: user.id,
        email: user.email,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + ttlMs),
      });
      return token;
    },
    /**
     * Uses a link inside one transaction: `apply` runs with the locked row and decides (true) whether
     * the link did its work; an unknown, used or expired link answers undefined and changes nothing.
     */
    async use<T>(
      token: string,
      apply: (trx: Transaction<Database>, row: EmailVerificationRow) => Promise<T | undefined>,
    ): Promise<T | undefined> {
      if (token.length > 512) return undefined;
      return db.transaction().execute(async (trx) => {
        const row = await findLinkForUpdate(trx, purpose, hashToken(token));
        if (!row || row.used_at || row.expires_at.getTime() <= Date.now()) return undefined;
        await markLinkUsed(trx, row.id);
        return apply(trx, row);
      });
    },
  };
}
