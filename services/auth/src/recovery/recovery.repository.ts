import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Sets the password of the user the link was mailed to, while that is still their address; the link
 * came through the inbox, so the address counts as verified. Answers the user id, or undefined.
 */
export async function resetPasswordFromLink(
  trx: Transaction<Database>,
  userId: string,
  email: string,
  passwordHash: string,
): Promise<string | undefined> {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(new Date())),
      updated_at: new Date(),
    }))
    .where('id', '=', userId)
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
