import { sql, type Kysely, type Transaction } from 'kysely';
import type { RevisionStatus, RevisionSnapshot, RevisionSummary } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { ProductRevisionRow } from '../db/tables/creator-studio';

type Db = Kysely<Database> | Transaction<Database>;

export const toRevisionSummary = (row: ProductRevisionRow): RevisionSummary => ({
  id: row.id,
  productId: row.product_id,
  number: row.number,
  status: row.status,
  reason: row.reason,
  authorName: row.author_name,
  createdAt: row.created_at.toISOString(),
  submittedAt: row.submitted_at?.toISOString() ?? null,
  decidedAt: row.decided_at?.toISOString() ?? null,
});

export const snapshotOf = (row: ProductRevisionRow) => row.snapshot as RevisionSnapshot;

export const findLatestRevision = (db: Db, productId: string) =>
  db
    .selectFrom('product_revisions')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The newest revision of each product, for the studio's list. */
export async function latestRevisionsOf(
  db: Db,
  productIds: string[],
): Promise<Map<string, ProductRevisionRow>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_revisions')
    .selectAll()
    .distinctOn('product_id')
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('number', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.product_id, row]));
}

export const findLastApproved = (db: Db, productId: string) =>
  db
    .selectFrom('product_revisions')
    .selectAll()
    .where('product_id', '=', productId)
    .where('status', '=', 'approved')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findRevision = (db: Db, id: string) =>
  db.selectFrom('product_revisions').selectAll().where('id', '=', id).executeTakeFirst();

export const lockRevision = (trx: Transaction<Database>, id: string) =>
  trx.selectFrom('product_revisions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const listRevisions = (db: Db, productId: string) =>
  db
    .selectFrom('product_revisions')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('number', 'desc')
    .execute();

/**
 * A new draft, numbered after the product's last: a submission still waiting goes back to draft (the creator
 * changed what was submitted). The product row is locked so two saves cannot take one number.
 */
export async function insertRevision(
  trx: Transaction<Database>,
  productId: string,
  snapshot: RevisionSnapshot,
  author: { id: string; name: string },
): Promise<ProductRevisionRow> {
  await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().execute();
  await trx
    .updateTable('product_revisions')
    .set({ status: 'draft', submitted_at: null })
    .where('product_id', '=', productId)
    .where('status', '=', 'in_review')
    .execute();
  return trx
    .insertInto('product_revisions')
    .values({
      id: crypto.randomUUID(),
      product_id: productId,
      number: sql<number>`coalesce((select max(number) from product_revisions where product_id = ${productId}), 0) + 1`,
      snapshot: JSON.stringify(snapshot),
      author_user_id: author.id,
      author_name: author.name,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setRevisionStatus(
  db: Db,
  id: string,
  change: { status: RevisionStatus; reason?: string | null; decidedBy?: string },
): Promise<ProductRevisionRow> {
  const now = new Date();
  return db
    .updateTable('product_revisions')
    .set({
      status: change.status,
      ...(change.status === 'in_review' ? { submitted_at: now, reason: null } : {}),
      ...(change.decidedBy
        ? { decided_at: now, decided_by: change.decidedBy, reason: change.reason ?? null }
        : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Submitted drafts (the latest of their product), oldest submission first, with product and creator. */
export const listReviewQueue = (db: Db) =>
  db
    .selectFrom('product_revisions as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .selectAll('r')
    .select([
      'p.title as product_title',
      'p.is_published as product_published',
      'c.id as creator_id',
      'c.name as creator_name',
      'c.slug as creator_slug',
    ])
    .where('r.status', '=', 'in_review')
    .orderBy('r.submitted_at')
    .orderBy('r.id')
    .execute();
