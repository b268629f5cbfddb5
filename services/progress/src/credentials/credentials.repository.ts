import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CertificateRow } from '../db/tables/certificates';

type Db = Kysely<Database>;

/** A certificate by its code with its kept credential (null while none is signed). */
export async function findCertificateWithCredential(
  db: Db,
  code: string,
): Promise<{ certificate: CertificateRow; jwt: string | null } | undefined> {
  const row = await db
    .selectFrom('certificates as c')
    .leftJoin('certificate_credentials as k', 'k.code', 'c.code')
    .selectAll('c')
    .select('k.jwt')
    .where('c.code', '=', code)
    .executeTakeFirst();
  if (!row) return undefined;
  const { jwt, ...certificate } = row;
  return { certificate, jwt };
}

/**
 * Keeps a freshly signed credential unless one is kept already, and answers the kept one: concurrent first
 * requests sign twice but hand out one credential, the same for ever after.
 */
export async function keepCredential(
  db: Db,
  code: string,
  signed: { jwt: string; kid: string },
): Promise<string> {
  await db
    .insertInto('certificate_credentials')
    .values({ code, jwt: signed.jwt, kid: signed.kid })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const kept = await db
    .selectFrom('certificate_credentials')
    .select('jwt')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return kept.jwt;
}
