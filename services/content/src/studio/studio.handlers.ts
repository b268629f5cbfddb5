import {
  COURSE_MESSAGES,
  STUDIO_MESSAGES,
  type Identity,
  type MediaAssetFacts,
  type ProductDraft,
  type ProductValues,
  type RevisionSnapshot,
  type StudioProduct,
  type studioRoutes,
  notInCurriculumMessage,
} from '@catalyst/contracts';
import {
  badRequest,
  conflict,
  newObjectId,
  notFound,
  reply,
  type RouteHandlers,
} from '@catalyst/service-kit';
import { assetFactsOf, checkCurriculumMedia, toCurriculumWrite } from '../curriculum/curriculum.handlers';
import { curriculumVersionOf, loadAdminCurriculum } from '../curriculum/curriculum.repository';
import type { Deps } from '../deps';
import type { ProductRevisionRow } from '../db/tables/creator-studio';
import {
  createProductWriteChecks,
  slugConflict,
  uniqueViolationToConflict,
} from '../products/products.handlers';
import {
  findProduct,
  insertProduct,
  productSlugTaken,
  type ProductRecord,
} from '../products/products.repository';
import { sanitizeContent } from '../products/sanitize-content';
import { actingCreatorOf } from './accounts.handlers';
import { findCreatorOfUser } from './accounts.repository';
import {
  findLatestRevision,
  insertRevision,
  latestRevisionsOf,
  listRevisions,
  setRevisionStatus,
  snapshotOf,
  toRevisionSummary,
} from './revisions.repository';

/** The product's live values, as its form holds them. */
export function liveValuesOf(row: ProductRecord): ProductDraft {
  return {
    title: row.title,
    description: row.description,
    content: row.content,
    category: row.category_id,
    creator: row.creator_id,
    type: row.type,
    difficulty: row.difficulty,
    duration: row.duration,
    thumbnail: row.thumbnail,
    videoUrl: row.video_url,
    mediaAssetId: row.media_asset_id,
    tags: row.tags,
    price: row.price === null ? null : Number(row.price),
    instructor: row.instructor,
    slug: row.slug,
    isActive: row.is_active,
    isPublished: row.is_published,
    isFeatured: row.is_featured,
    sortOrder: row.sort_order,
  };
}

/** The live product and curriculum as one snapshot (what a first draft starts from, and what approval replaces). */
export async function liveSnapshotOf(deps: Deps, row: ProductRecord): Promise<RevisionSnapshot> {
  const curriculum = await loadAdminCurriculum(deps.db, row.id, row.curriculum_version);
  return { product: liveValuesOf(row), sections: curriculum.sections };
}

export function studioProductOf(row: ProductRecord, latest: ProductRevisionRow | undefined): StudioProduct {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    thumbnail: row.thumbnail,
    isPublished: row.is_published,
    creator: { id: row.creator_id, name: row.creator_name, slug: row.creator_slug },
    updatedAt: new Date(row.updated_at).toISOString(),
    reviewStatus: latest ? latest.status : row.is_published ? 'approved' : 'draft',
    reason: latest?.status === 'changes_requested' ? latest.reason : null,
    latestRevision: latest ? toRevisionSummary(latest) : null,
  };
}

/** Every media asset a snapshot uses: the product's video, lessons' videos and resources' files. */
function assetsOf(snapshot: RevisionSnapshot): Set<string> {
  const ids = new Set<string>();
  if (snapshot.product.mediaAssetId) ids.add(snapshot.product.mediaAssetId);
  for (const section of snapshot.sections)
    for (const lesson of section.lessons) {
      if (lesson.mediaAssetId) ids.add(lesson.mediaAssetId);
      for (const resource of lesson.resources) ids.add(resource.mediaAssetId);
    }
  return ids;
}

/** Every id a curriculum snapshot holds (sections, lessons, resources, questions, options). */
function idsOf(sections: RevisionSnapshot['sections']): Set<string> {
  const ids = new Set<string>();
  for (const section of sections) {
    ids.add(section.id);
    for (const lesson of section.lessons) {
      ids.add(lesson.id);
      for (const resource of lesson.resources) ids.add(resource.id);
      for (const question of lesson.quiz?.questions ?? []) {
        ids.add(question.id);
        for (const option of question.options) ids.add(option.id);
      }
    }
  }
  return ids;
}

/**
 * The studio: a creator's own products (an admin without a linked account: any). A save writes a new revision
 * (a whole snapshot of product + curriculum); the live product changes only when an admin approves one.
 */
export function createStudioHandlers(deps: Deps): RouteHandlers<typeof studioRoutes> {
  const { db } = deps;
  const checks = createProductWriteChecks(db);

  /** The product, if the caller may act on it (another creator's is a 404: a refusal names nothing). */
  async function requireOwned(identity: Identity, id: string) {
    const acting = await actingCreatorOf(deps, identity);
    const row = await findProduct(db, id, { includeHidden: true });
    if (!row || row.id !== id || (acting !== null && row.creator_id !== acting))
      throw notFound(STUDIO_MESSAGES.productNotFound);
    return { row, acting };
  }

  /**
   * The form's values as a creator may save them: their own creator (an admin without a link keeps the
   * form's), and nothing of the catalogue's merchandising (active, published, featured, order stay as they are).
   */
  async function draftValues(values: ProductValues, acting: string | null, live?: ProductRecord) {
    const draft: ProductValues = {
      ...values,
      creator: acting ?? values.creator,
      content: sanitizeContent(values.content),
      isActive: live?.is_active ?? true,
      isPublished: live?.is_published ?? false,
      isFeatured: live?.is_featured ?? false,
      sortOrder: live?.sort_order ?? 0,
    };
    await checks.requireReferences(draft);
    const slug = draft.slug || live?.slug || (await checks.slugFromTitle(draft.title, live?.id));
    if (await productSlugTaken(db, slug, live?.id)) throw slugConflict();
    return { ...draft, slug };
  }

  /**
   * A creator may use their own uploads, and keep what the product (live or its last draft) already uses; any
   * other asset, another creator's, is refused naming the field. An admin may use any.
   */
  function requireOwnMedia(
    identity: Identity,
    uses: Array<{ assetId: string; field: string }>,
    kept: Set<string>,
    facts: Map<string, MediaAssetFacts | null>,
  ) {
    if (identity.role === 'admin') return;
    const errors = uses
      .filter(({ assetId }) => !kept.has(assetId) && facts.get(assetId)?.uploadedBy !== identity.id)
      .map(({ field }) => ({ field, message: STUDIO_MESSAGES.notYourMedia }));
    if (errors.length > 0) throw badRequest(STUDIO_MESSAGES.notYourMedia, errors);
  }

  async function detailOf(id: string) {
    const row = (await findProduct(db, id, { includeHidden: true }))!;
    const latest = await findLatestRevision(db, id);
    return {
      ...studioProductOf(row, latest),
      draft: latest ? snapshotOf(latest).product : liveValuesOf(row),
    };
  }

  async function latestSnapshot(row: ProductRecord) {
    const latest = await findLatestRevision(db, row.id);
    return { latest, snapshot: latest ? snapshotOf(latest) : await liveSnapshotOf(deps, row) };
  }

  return {
    async me({ identity }) {
      const creator = await findCreatorOfUser(db, identity.id);
      if (!creator && identity.role !== 'admin') return { creator: null, isAdmin: false };
      return { creator: creator ?? null, isAdmin: identity.role === 'admin' };
    },

    async list({ identity }) {
      const acting = await actingCreatorOf(deps, identity);
      let query = db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .innerJoin('creators as cr', 'cr.id', 'p.creator_id')
        .selectAll('p')
        .select([
          'c.name as category_name',
          'c.slug as category_slug',
          'cr.name as creator_name',
          'cr.slug as creator_slug',
        ])
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.id');
      if (acting !== null) query = query.where('p.creator_id', '=', acting);
      const rows = (await query.execute()) as ProductRecord[];
      const latest = await latestRevisionsOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => studioProductOf(row, latest.get(row.id)));
    },

    async get({ params: { id }, identity }) {
      await requireOwned(identity, id);
      return detailOf(id);
    },

    /** The live row is created unpublished with the first draft's values, and the draft is revision 1. */
    async create({ body, identity, requestId }) {
      const acting = await actingCreatorOf(deps, identity);
      const values = await draftValues(body, acting);
      if (values.mediaAssetId)
        requireOwnMedia(
          identity,
          [{ assetId: values.mediaAssetId, field: 'mediaAssetId' }],
          new Set(),
          await assetFactsOf(deps, [values.mediaAssetId], requestId),
        );
      const id = newObjectId();
      await db.transaction().execute(async (trx) => {
        await insertProduct(trx, { id, productId: await checks.newProductId() }, values, identity).catch(
          uniqueViolationToConflict,
        );
        await insertRevision(trx, id, { product: values, sections: [] }, identity);
      });
      return reply(await detailOf(id), { status: 201, message: STUDIO_MESSAGES.saved });
    },

    async save({ params: { id }, body, identity, requestId }) {
      const { row, acting } = await requireOwned(identity, id);
      const values = await draftValues(body, acting, row);
      const { snapshot } = await latestSnapshot(row);
      if (values.mediaAssetId) {
        const kept = new Set([row.media_asset_id, snapshot.product.mediaAssetId].filter((a) => a !== null));
        if (!kept.has(values.mediaAssetId))
          requireOwnMedia(
            identity,
            [{ assetId: values.mediaAssetId, field: 'mediaAssetId' }],
            kept,
            await assetFactsOf(deps, [values.mediaAssetId], requestId),
          );
      }
      await db
        .transaction()
        .execute((trx) =>
          insertRevision(trx, id, { product: values, sections: snapshot.sections }, identity),
        );
      return reply(await detailOf(id), { message: STUDIO_MESSAGES.saved });
    },

    async curriculum({ params: { id }, identity }) {
      const { row } = await requireOwned(identity, id);
      const { latest, snapshot } = await latestSnapshot(row);
      const seconds = snapshot.sections.flatMap((s) => s.lessons.map((l) => l.durationSeconds ?? 0));
      return {
        productId: id,
        version: latest?.number ?? 0,
        durationSeconds: seconds.reduce((a, b) => a + b, 0),
        sections: snapshot.sections,
      };
    },

    /**
     * A new draft of the curriculum: `version` must be the latest draft's number (409 otherwise); ids kept must
     * be the live curriculum's or the last draft's (anything else, another product's lesson, is refused).
     */
    async saveCurriculum({ params: { id }, body, identity, requestId }) {
      const { row } = await requireOwned(identity, id);
      const { latest, snapshot } = await latestSnapshot(row);
      if ((latest?.number ?? 0) !== body.version)
        throw conflict(COURSE_MESSAGES.versionConflict, [
          { field: 'version', message: COURSE_MESSAGES.versionConflict },
        ]);
      const live = await loadAdminCurriculum(db, id, (await curriculumVersionOf(db, id)) ?? 0);
      const known = new Set([...idsOf(live.sections), ...idsOf(snapshot.sections)]);
      const foreign: string[] = [];
      for (const section of body.sections) {
        if (section.id && !known.has(section.id)) foreign.push(section.id);
        for (const lesson of section.lessons) {
          if (lesson.id && !known.has(lesson.id)) foreign.push(lesson.id);
          for (const resource of lesson.resources)
            if (resource.id && !known.has(resource.id)) foreign.push(resource.id);
        }
      }
      if (foreign.length > 0) throw badRequest(notInCurriculumMessage('any', foreign[0]!));
      const facts = await checkCurriculumMedia(deps, body, requestId);
      const uses = body.sections.flatMap((section, s) =>
        section.lessons.flatMap((lesson, l) => [
          ...(lesson.kind === 'video' && lesson.mediaAssetId
            ? [{ assetId: lesson.mediaAssetId, field: `sections.${s}.lessons.${l}.mediaAssetId` }]
            : []),
          ...lesson.resources.map((resource, r) => ({
            assetId: resource.mediaAssetId,
            field: `sections.${s}.lessons.${l}.resources.${r}.mediaAssetId`,
          })),
        ]),
      );
      const kept = new Set([
        ...assetsOf(snapshot),
        ...assetsOf({ product: snapshot.product, sections: live.sections }),
      ]);
      requireOwnMedia(identity, uses, kept, facts);
      const write = toCurriculumWrite(body, facts);
      const revision = await db
        .transaction()
        .execute((trx) =>
          insertRevision(trx, id, { product: snapshot.product, sections: write.sections }, identity),
        );
      const seconds = write.sections.flatMap((s) => s.lessons.map((l) => l.durationSeconds ?? 0));
      return reply(
        {
          productId: id,
          version: revision.number,
          durationSeconds: seconds.reduce((a, b) => a + b, 0),
          sections: write.sections,
        },
        { message: STUDIO_MESSAGES.saved },
      );
    },

    async submit({ params: { id }, identity }) {
      const { row } = await requireOwned(identity, id);
      const latest = await findLatestRevision(db, id);
      if (!latest || latest.status === 'approved') throw conflict(STUDIO_MESSAGES.nothingToSubmit);
      if (latest.status === 'in_review') throw conflict(STUDIO_MESSAGES.alreadyInReview);
      const submitted = await setRevisionStatus(db, latest.id, { status: 'in_review' });
      return reply(studioProductOf(row, submitted), { message: STUDIO_MESSAGES.submitted });
    },

    async revisions({ params: { id }, identity }) {
      await requireOwned(identity, id);
      return (await listRevisions(db, id)).map(toRevisionSummary);
    },
  };
}
