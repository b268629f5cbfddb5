import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { NewPortalSession, PortalSession } from '../db/tables/portal-session';

type Db = Kysely<Database>;

export async function insertPortalSession(db: Db, row: NewPortalSession): Promise<PortalSession> {
  return db.insertInto('portal_sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findPortalSession(db: Db, id: string): Promise<PortalSession | undefined> {
  return db.selectFrom('portal_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}
