import { STUDIO_MESSAGES, type RevisionSnapshot, type reviewQueueRoutes } from '@catalyst/contracts';
import {
  conflict,
  languagesOfUsers,
  notFound,
  reply,
  sendQuietly,
  type RouteHandlers,
  type TextValues,
} from '@catalyst/service-kit';
import { durationMinutesOf } from '../curriculum/curriculum.handlers';
import { ownersOf, writeCurriculum } from '../curriculum/curriculum.repository';
import type { Deps } from '../deps';
import { contentTexts } from '../i18n/en';
import { findProduct, updateProduct } from '../products/products.repository';
import { uniqueViolationToConflict } from '../products/products.handlers';
import { diffRevision } from './revision-diff';
import {
  findLastApproved,
  findRevision,
  listReviewQueue,
  lockRevision,
  setRevisionStatus,
  snapshotOf,
  toRevisionSummary,
} from './revisions.repository';
import { liveSnapshotOf } from './studio.handlers';

/** A text of content's e-mails in one recipient's language. */
type ContentText = (key: keyof typeof contentTexts.english, values?: TextValues) => string;

/** The admin's review: the queue, a draft with its difference, approval (one transaction, then live) or return. */
export function createReviewHandlers(deps: Deps): RouteHandlers<typeof reviewQueueRoutes> {
  const { db } = deps;

  async function requireRevision(id: string) {
    const revision = await findRevision(db, id);
    if (!revision) throw notFound(STUDIO_MESSAGES.revisionNotFound);
    const product = (await findProduct(db, revision.product_id, { includeHidden: true }))!;
    return { revision, product };
  }

  /**
   * Mails the creator's accounts, each in the language its person chose (asked of auth; English when it cannot
   * say): `write` gives the subject and text in a language. A failure is logged, never the admin's problem.
   */
  async function tellCreator(
    creatorId: string,
    write: (t: ContentText) => { subject: string; text: string },
    requestId: string,
  ) {
    const log = deps.log.child({ requestId });
    const accounts = await db
      .selectFrom('creator_accounts')
      .select(['user_id', 'email'])
      .where('creator_id', '=', creatorId)
      .execute();
    const languageOf = await languagesOfUsers(
      deps.peers.auth,
      accounts.map((account) => account.user_id),
      log,
    );
    for (const { user_id: userId, email } of accounts) {
      const language = languageOf(userId);
      const t: ContentText = (key, values) => contentTexts.t(language, key, values);
      await sendQuietly(deps.mailer, log, {
        to: email,
        ...write(t),
        ...(language === 'en' ? {} : { headers: { 'Content-Language': language } }),
      });
    }
  }

  /** The snapshots with their category and creator by name, as the admin reads a difference (ids say nothing). */
  async function namesOf(snapshots: Array<RevisionSnapshot | null>) {
    const present = snapshots.filter((s): s is RevisionSnapshot => s !== null);
    const categoryIds = [...new Set(present.map((s) => s.product.category))];
    const creatorIds = [...new Set(present.map((s) => s.product.creator))];
    const [categories, creators] = await Promise.all([
      db.selectFrom('categories').select(['id', 'name']).where('id', 'in', categoryIds).execute(),
      db.selectFrom('creators').select(['id', 'name']).where('id', 'in', creatorIds).execute(),
    ]);
    const category = new Map(categories.map((c) => [c.id, c.name]));
    const creator = new Map(creators.map((c) => [c.id, c.name]));
    return (s: RevisionSnapshot): RevisionSnapshot => ({
      ...s,
      product: {
        ...s.product,
        category: category.get(s.product.category) ?? s.product.category,
        creator: creator.get(s.product.creator) ?? s.product.creator,
      },
    });
  }

  return {
    async queue() {
      const rows = await listReviewQueue(db);
      return rows.map((row) => ({
        revision: toRevisionSummary(row),
        product: { _id: row.product_id, title: row.product_title, isPublished: row.product_published },
        creator: { id: row.creator_id, name: row.creator_name, slug: row.creator_slug },
      }));
    },

    /** The difference is against the last approved draft, else the live product if it is published, else nothing. */
    async revision({ params: { id } }) {
      const { revision, product } = await requireRevision(id);
      const approved = await findLastApproved(db, product.id);
      const before: RevisionSnapshot | null =
        approved && approved.number < revision.number
          ? snapshotOf(approved)
          : product.is_published
            ? await liveSnapshotOf(deps, product)
            : null;
      const snapshot = snapshotOf(revision);
      const named = await namesOf([before, snapshot]);
      return {
        revision: toRevisionSummary(revision),
        product: { _id: product.id, title: product.title, isPublished: product.is_published },
        creator: { id: product.creator_id, name: product.creator_name, slug: product.creator_slug },
        snapshot,
        diff: diffRevision(before && named(before), named(snapshot)),
      };
    },

    /**
     * In one transaction: the revision locked and checked (waiting for review), its product values and
     * curriculum written with the admin editor's own writes, the product published, the revision approved.
     */
    async approve({ params: { id }, identity, requestId }) {
      const approved = await db.transaction().execute(async (trx) => {
        const revision = await lockRevision(trx, id);
        if (!revision) throw notFound(STUDIO_MESSAGES.revisionNotFound);
        if (revision.status !== 'in_review') throw conflict(STUDIO_MESSAGES.notInReview);
        const snapshot = snapshotOf(revision);
        const ids = {
          section: snapshot.sections.map((s) => s.id),
          lesson: snapshot.sections.flatMap((s) => s.lessons.map((l) => l.id)),
          resource: snapshot.sections.flatMap((s) => s.lessons.flatMap((l) => l.resources.map((r) => r.id))),
        };
        const owners = await ownersOf(trx, ids);
        const foreign = [
          ...owners.section.values(),
          ...owners.lesson.values(),
          ...owners.resource.values(),
        ].some((owner) => owner !== revision.product_id);
        if (foreign) throw conflict(STUDIO_MESSAGES.foreignItem);
        // The catalogue's merchandising stays as the admins have it now, whatever it was when the draft was saved.
        const live = await trx
          .selectFrom('products')
          .select(['is_active', 'is_featured', 'sort_order'])
          .where('id', '=', revision.product_id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        // Drafts are stored with their slug settled (the studio's save), so it is never blank here.
        await updateProduct(trx, revision.product_id, {
          ...snapshot.product,
          slug: snapshot.product.slug!,
          isActive: live.is_active,
          isFeatured: live.is_featured,
          sortOrder: live.sort_order,
          isPublished: true,
        }).catch(uniqueViolationToConflict);
        await writeCurriculum(trx, revision.product_id, snapshot, durationMinutesOf(snapshot));
        return setRevisionStatus(trx, id, { status: 'approved', decidedBy: identity.id });
      });
      const product = (await findProduct(db, approved.product_id, { includeHidden: true }))!;
      await tellCreator(
        product.creator_id,
        (t) => ({
          subject: t('approved.subject', { title: product.title }),
          text: t('approved.text', { title: product.title, link: `${deps.config.PUBLIC_URL}/studio` }),
        }),
        requestId,
      );
      return reply(toRevisionSummary(approved), { message: STUDIO_MESSAGES.approved });
    },

    async return({ params: { id }, body: { reason }, identity, requestId }) {
      const returned = await db.transaction().execute(async (trx) => {
        const revision = await lockRevision(trx, id);
        if (!revision) throw notFound(STUDIO_MESSAGES.revisionNotFound);
        if (revision.status !== 'in_review') throw conflict(STUDIO_MESSAGES.notInReview);
        return setRevisionStatus(trx, id, { status: 'changes_requested', reason, decidedBy: identity.id });
      });
      const { product } = await requireRevision(id);
      await tellCreator(
        product.creator_id,
        (t) => ({
          subject: t('returned.subject', { title: product.title }),
          text: [
            t('returned.intro', { title: product.title }),
            '',
            reason,
            '',
            t('returned.action', { link: `${deps.config.PUBLIC_URL}/studio` }),
          ].join('\n'),
        }),
        requestId,
      );
      return reply(toRevisionSummary(returned), { message: STUDIO_MESSAGES.returned });
    },
  };
}
