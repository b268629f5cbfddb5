import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The sandbox's "now" in unix seconds: real time plus the test clock's offset. */
export async function currentTime(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('clock').select('offset_seconds').where('id', '=', 1).executeTakeFirst();
  return Math.floor(Date.now() / 1000) + Number(row?.offset_seconds ?? 0);
}

/** Moves the test clock forward; time never goes backwards. */
export async function advanceClock(db: Kysely<Database>, seconds: number): Promise<void> {
  await db
    .updateTable('clock')
    .set((eb) => ({ offset_seconds: eb('offset_seconds', '+', Math.max(0, Math.floor(seconds))) }))
    .where('id', '=', 1)
    .execute();
}
