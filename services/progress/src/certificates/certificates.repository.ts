import { sql, type Kysely } from 'kysely';
import {
  certificatePagePath,
  certificateRoutes,
  credentialRoutes,
  routeUrl,
  type Certificate,
} from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { CertificateRow, NewCertificateRow } from '../db/tables/certificates';

type Db = Kysely<Database>;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A certificate as the API answers it: its addresses absolute under the site's public address. */
export function toCertificate(row: CertificateRow, publicUrl: string): Certificate {
  const site = publicUrl.replace(/\/+$/, '');
  return {
    code: row.code,
    kind: row.kind,
    learnerName: row.learner_name,
    productId: row.product_id,
    productSlug: row.product_slug,
    courseTitle: row.course_title,
    creatorName: row.creator_name,
    hours: Number(row.hours),
    completedAt: iso(row.completed_at),
    issuedAt: iso(row.issued_at),
    status: row.revoked_at ? 'revoked' : 'valid',
    revokedAt: row.revoked_at ? iso(row.revoked_at) : null,
    revokedReason: row.revoked_reason,
    verifyUrl: `${site}${certificatePagePath(row.code)}`,
    pdfUrl: `${site}${routeUrl(certificateRoutes.pdf, { params: { code: row.code } })}`,
    credentialUrl: `${site}${routeUrl(credentialRoutes.credential, { params: { code: row.code } })}`,
  };
}

export async function findCertificate(db: Db, code: string): Promise<CertificateRow | undefined> {
  return db.selectFrom('certificates').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findCertificateOf(
  db: Db,
  userId: string,
  productId: string,
): Promise<CertificateRow | undefined> {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** A learner's certificates, newest first. */
export async function certificatesOf(db: Db, userId: string): Promise<CertificateRow[]> {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('code')
    .execute();
}

/**
 * Courses the learner completed that hold no certificate yet: the course rows (a course keeps rows per
 * lesson; a single-video product has none and earns no certificate) completed without one.
 */
export async function completedCoursesWithoutCertificate(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('progress as p')
    .select('p.product_id')
    .where('p.user_id', '=', userId)
    .where('p.completed', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lesson_progress as l')
          .select('l.lesson_id')
          .whereRef('l.user_id', '=', 'p.user_id')
          .whereRef('l.product_id', '=', 'p.product_id'),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('certificates as c')
            .select('c.code')
            .whereRef('c.user_id', '=', 'p.user_id')
            .whereRef('c.product_id', '=', 'p.product_id'),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.product_id);
}

/**
 * Issues the certificate unless the learner already holds one for the course: the unique (user, course)
 * pair makes concurrent issues insert one row. Answers whether this call inserted it; a code already
 * taken (another course's) is a unique violation on the primary key, for the caller to retry with a new one.
 */
export async function insertCertificate(db: Db, row: NewCertificateRow): Promise<boolean> {
  const inserted = await db
    .insertInto('certificates')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .returning('code')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A learner's valid certificates whose credential is not signed yet (the issuer could not sign then). */
export async function uncredentialedOf(db: Db, userId: string): Promise<CertificateRow[]> {
  return db
    .selectFrom('certificates as c')
    .selectAll('c')
    .where('c.user_id', '=', userId)
    .where('c.revoked_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('certificate_credentials as k').select('k.code').whereRef('k.code', '=', 'c.code')),
      ),
    )
    .execute();
}

export async function hasCredential(db: Db, code: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('certificate_credentials')
      .select('code')
      .where('code', '=', code)
      .executeTakeFirst()) !== undefined
  );
}

/** Revokes a valid certificate; undefined when it is unknown or revoked already (the caller tells which). */
export async function revokeCertificate(
  db: Db,
  code: string,
  reason: string,
): Promise<CertificateRow | undefined> {
  return db
    .updateTable('certificates')
    .set({ revoked_at: sql<Date>`now()`, revoked_reason: reason })
    .where('code', '=', code)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A LIKE pattern matching the term anywhere, with the term's own wildcards taken literally. */
const containsPattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Every certificate, newest first: by code, learner or course (the trigram index over search_text), by status. */
export async function listCertificates(
  db: Db,
  {
    search,
    status,
    limit,
    offset,
  }: { search?: string; status?: 'valid' | 'revoked'; limit: number; offset: number },
): Promise<{ rows: CertificateRow[]; total: number }> {
  const base = db
    .selectFrom('certificates')
    .$if(search !== undefined, (qb) => qb.where(sql<boolean>`search_text like ${containsPattern(search!)}`))
    .$if(status === 'valid', (qb) => qb.where('revoked_at', 'is', null))
    .$if(status === 'revoked', (qb) => qb.where('revoked_at', 'is not', null));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('issued_at', 'desc').orderBy('code').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A learner's certificates go with their account; answers how many went. */
export async function deleteUserCertificates(db: Db, userId: string): Promise<number> {
  // Their credentials go by the foreign key's cascade.
  const result = await db.deleteFrom('certificates').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
