import {
  COURSE_MESSAGES,
  mediaInternalRoutes,
  downloadRoutes,
  minutesOf,
  notInCurriculumMessage,
  routeUrl,
  type curriculumRoutes,
  type AdminQuiz,
  type CurriculumInput,
  type CurriculumOutline,
  type FieldError,
  type MediaAssetFacts,
  type Quiz,
} from '@catalyst/contracts';
import {
  HttpError,
  badRequest,
  conflict,
  newObjectId,
  notFound,
  reply,
  mediaViewerOf,
  signStreamToken,
  unauthorized,
  unavailable,
  type RouteHandlers,
} from '@catalyst/service-kit';
import { cachedRead, type Deps } from '../deps';
import { createKeptAnswers } from '../kept-answers';
import { requireOpen } from '../premium';
import { findProduct, toPublicProduct } from '../products/products.repository';
import { sanitizeContent } from '../products/sanitize-content';
import {
  curriculumVersionOf,
  findLesson,
  loadAdminCurriculum,
  loadOutline,
  lockCurriculum,
  ownersOf,
  quizIdsOf,
  writeCurriculum,
  type CurriculumItem,
  type CurriculumWrite,
} from './curriculum.repository';

type Handlers = RouteHandlers<typeof curriculumRoutes>;

const PRODUCT_NOT_FOUND = 'Product not found';
export const MEDIA_UNREACHABLE =
  "The media library could not be reached to check this curriculum's files; nothing was saved. Try again shortly.";
/** A video lesson with neither an uploaded video nor an address would play nothing. */
export const VIDEO_REQUIRED = 'A video lesson needs a video: pick one from the media library or give its URL';
/** Media is asked about this many assets at once while a save is checked. */
const MEDIA_CONCURRENCY = 8;
/** What a resource may be: a file learners download. */
const DOWNLOADABLE_KINDS = new Set<MediaAssetFacts['kind']>(['document', 'archive', 'image']);

type QuizInput = NonNullable<CurriculumInput['sections'][number]['lessons'][number]['quiz']>;

/** A quiz as it is kept: every question and option with its id (kept, or new). */
const quizToWrite = (quiz: QuizInput): AdminQuiz => ({
  passPercent: quiz.passPercent,
  questions: quiz.questions.map((question) => ({
    id: question.id ?? newObjectId(),
    kind: question.kind,
    prompt: question.prompt,
    options: question.options.map((option) => ({
      id: option.id ?? newObjectId(),
      text: option.text,
      isCorrect: option.isCorrect,
    })),
    explanation: question.explanation,
  })),
});

/** A quiz as a learner sees it before answering: built field by field, so no answer nor explanation can ride along. */
export const learnerQuizOf = (quiz: AdminQuiz): Quiz => ({
  passPercent: quiz.passPercent,
  questions: quiz.questions.map((question) => ({
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    options: question.options.map((option) => ({ id: option.id, text: option.text })),
  })),
});

/** Media's facts of each asset, asked a few at a time; null for an asset media does not know. Media unreachable is a 503. */
export async function assetFactsOf(
  deps: Deps,
  assetIds: string[],
  requestId: string,
): Promise<Map<string, MediaAssetFacts | null>> {
  const facts = new Map<string, MediaAssetFacts | null>();
  const queue = [...assetIds];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        facts.set(
          id,
          await deps.peers.media.call(mediaInternalRoutes.assetFacts, { params: { id } }, { requestId }),
        );
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) facts.set(id, null);
        else throw unavailable(MEDIA_UNREACHABLE);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(MEDIA_CONCURRENCY, queue.length) }, worker));
  return facts;
}

/**
 * The save's media, checked with media before anything is written: a lesson's video must be a video,
 * a resource a ready PDF, zip or image; unknown assets are named. Answers each asset's facts.
 */
export async function checkCurriculumMedia(
  deps: Deps,
  body: CurriculumInput,
  requestId: string,
): Promise<Map<string, MediaAssetFacts | null>> {
  const ids = new Set<string>();
  for (const section of body.sections)
    for (const lesson of section.lessons) {
      if (lesson.kind === 'video' && lesson.mediaAssetId) ids.add(lesson.mediaAssetId);
      for (const resource of lesson.resources) ids.add(resource.mediaAssetId);
    }
  const facts = await assetFactsOf(deps, [...ids], requestId);
  const errors: FieldError[] = [];
  body.sections.forEach((section, s) =>
    section.lessons.forEach((lesson, l) => {
      const at = `sections.${s}.lessons.${l}`;
      if (lesson.kind === 'video') {
        if (lesson.mediaAssetId) {
          const video = facts.get(lesson.mediaAssetId);
          if (!video) errors.push({ field: `${at}.mediaAssetId`, message: COURSE_MESSAGES.assetUnknown });
          else if (video.kind !== 'video' || video.status === 'failed')
            errors.push({ field: `${at}.mediaAssetId`, message: COURSE_MESSAGES.videoNotPlayable });
        } else if (!lesson.videoUrl) {
          errors.push({ field: `${at}.videoUrl`, message: VIDEO_REQUIRED });
        }
      }
      lesson.resources.forEach((resource, r) => {
        const file = facts.get(resource.mediaAssetId);
        const field = `${at}.resources.${r}.mediaAssetId`;
        if (!file) errors.push({ field, message: COURSE_MESSAGES.assetUnknown });
        else if (!DOWNLOADABLE_KINDS.has(file.kind) || file.status !== 'ready')
          errors.push({ field, message: COURSE_MESSAGES.resourceNotDownloadable });
      });
    }),
  );
  if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
  return facts;
}

/**
 * Every id the save keeps must be an item of this product's curriculum (of the same kind): an id of
 * another product's item, or of nothing, is the admin's mistake and changes nothing. A quiz's questions
 * and options keep theirs the same way (learners' attempts name them).
 */
export async function checkKeptIds(
  trx: Parameters<typeof ownersOf>[0],
  productId: string,
  body: CurriculumInput,
) {
  const kept: Array<{ item: CurriculumItem | 'question' | 'option'; id: string; field: string }> = [];
  body.sections.forEach((section, s) => {
    if (section.id) kept.push({ item: 'section', id: section.id, field: `sections.${s}.id` });
    section.lessons.forEach((lesson, l) => {
      const at = `sections.${s}.lessons.${l}`;
      if (lesson.id) kept.push({ item: 'lesson', id: lesson.id, field: `${at}.id` });
      lesson.resources.forEach((resource, r) => {
        if (resource.id) kept.push({ item: 'resource', id: resource.id, field: `${at}.resources.${r}.id` });
      });
      if (lesson.kind !== 'quiz') return;
      lesson.quiz?.questions.forEach((question, q) => {
        if (question.id)
          kept.push({ item: 'question', id: question.id, field: `${at}.quiz.questions.${q}.id` });
        question.options.forEach((option, o) => {
          if (option.id)
            kept.push({
              item: 'option',
              id: option.id,
              field: `${at}.quiz.questions.${q}.options.${o}.id`,
            });
        });
      });
    });
  });
  const idsOf = (item: CurriculumItem) => kept.filter((k) => k.item === item).map((k) => k.id);
  const [owners, quizIds] = await Promise.all([
    ownersOf(trx, { section: idsOf('section'), lesson: idsOf('lesson'), resource: idsOf('resource') }),
    quizIdsOf(trx, productId),
  ]);
  const isOurs = ({ item, id }: (typeof kept)[number]) =>
    item === 'question'
      ? quizIds.questions.has(id)
      : item === 'option'
        ? quizIds.options.has(id)
        : owners[item].get(id) === productId;
  const errors = kept
    .filter((k) => !isOurs(k))
    .map(({ item, id, field }) => ({
      field,
      message: notInCurriculumMessage(item, id),
    }));
  if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
}

/** The save as it is written: ids given to new items (a quiz's questions and options too), articles sanitised, each kind keeping only its own fields, resources with their files' facts. */
export function toCurriculumWrite(
  body: CurriculumInput,
  facts: Map<string, MediaAssetFacts | null>,
): CurriculumWrite {
  return {
    sections: body.sections.map((section) => ({
      id: section.id ?? newObjectId(),
      title: section.title,
      lessons: section.lessons.map((lesson) => {
        const video = lesson.kind === 'video' && lesson.mediaAssetId ? facts.get(lesson.mediaAssetId) : null;
        return {
          id: lesson.id ?? newObjectId(),
          title: lesson.title,
          kind: lesson.kind,
          // An uploaded video's own length when the admin gave none.
          durationSeconds:
            lesson.durationSeconds ?? (video?.durationSeconds ? Math.round(video.durationSeconds) : null),
          isFreePreview: lesson.isFreePreview,
          videoUrl: lesson.kind === 'video' ? lesson.videoUrl : null,
          mediaAssetId: lesson.kind === 'video' ? lesson.mediaAssetId : null,
          body: lesson.kind === 'article' ? sanitizeContent(lesson.body) : null,
          quiz: lesson.kind === 'quiz' && lesson.quiz ? quizToWrite(lesson.quiz) : null,
          resources: lesson.resources.map((resource) => {
            const file = facts.get(resource.mediaAssetId)!;
            return {
              id: resource.id ?? newObjectId(),
              title: resource.title,
              mediaAssetId: resource.mediaAssetId,
              fileName: file.originalName,
              mimeType: file.mimeType,
              size: file.size,
            };
          }),
        };
      }),
    })),
  };
}

/** The whole minutes a catalogue shows of a write, when any lesson's length is known. */
export function durationMinutesOf(write: CurriculumWrite): number | null {
  const known = write.sections.flatMap((s) => s.lessons).filter((l) => l.durationSeconds !== null);
  return known.length > 0 ? minutesOf(known.reduce((total, l) => total + l.durationSeconds!, 0)) : null;
}

/**
 * Courses' curricula: the public outline, one lesson for whoever may open it, and the admin's editor
 * (read, and a save applied in one transaction with a version check).
 */
export function createCurriculumHandlers(deps: Deps): Handlers {
  const { db } = deps;
  /** The outline is the same for everyone while its memoised read lives: kept serialised beside it (a 200-lesson course's is 31 KiB). */
  const outlineAnswers = createKeptAnswers<CurriculumOutline>();

  async function requireVersion(productId: string) {
    const version = await curriculumVersionOf(db, productId);
    if (version === undefined) throw notFound(PRODUCT_NOT_FOUND);
    return version;
  }

  return {
    /** The public outline (memoised like every public read); a product nobody may list is a 404, as its own page is. */
    async outline({ params: { idOrSlug } }) {
      const outline = await cachedRead(deps, 'curriculum', idOrSlug, async () => {
        const product = await findProduct(db, idOrSlug);
        return product ? loadOutline(db, product) : null;
      });
      if (!outline) throw notFound(PRODUCT_NOT_FOUND);
      return outlineAnswers(outline, () => outline);
    },

    /**
     * One lesson: a free preview for anyone; any other lesson as its product opens (401 for visitors, the
     * spec's 403 without the plan, asked before a 404 so a refusal says nothing of what exists). Admins see drafts.
     */
    async lesson({ params: { idOrSlug, lessonId }, identity, requestId }, c) {
      const includeHidden = identity?.role === 'admin';
      const product = await cachedRead(deps, 'productDetail', [idOrSlug, includeHidden], () =>
        findProduct(db, idOrSlug, { includeHidden }),
      );
      const lesson = product
        ? await cachedRead(deps, 'lesson', [product.id, lessonId], () => findLesson(db, product.id, lessonId))
        : undefined;
      if (!lesson?.is_free_preview) {
        if (!identity) throw unauthorized(COURSE_MESSAGES.signInForLesson);
        await requireOpen(deps, identity, product && toPublicProduct(product), requestId);
      }
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      if (!lesson) throw notFound(COURSE_MESSAGES.lessonNotFound);
      // Every address is signed for this viewer (with what their plan opens now) and plays only beside their
      // own media grant, handed with it; a visitor's free preview is signed for anyone (a visitor has no grant).
      const viewer = identity ? await mediaViewerOf(deps.entitlements, identity, requestId) : null;
      const audience = viewer ?? 'anyone';
      const stream =
        lesson.kind === 'video'
          ? await deps.mediaStreams.forProduct(lesson.media_asset_id, audience, requestId)
          : null;
      const data = {
        id: lesson.id,
        productId: product.id,
        sectionId: lesson.section_id,
        title: lesson.title,
        kind: lesson.kind,
        durationSeconds: lesson.duration_seconds,
        isFreePreview: lesson.is_free_preview,
        resourceCount: lesson.resources.length,
        videoUrl: lesson.kind === 'video' ? deps.signVideoUrl(lesson.video_url, audience) : null,
        captionsUrl:
          lesson.kind === 'video' && lesson.is_free_preview
            ? deps.signVideoUrl.captions(lesson.video_url)
            : null,
        stream,
        body: lesson.kind === 'article' ? lesson.body : null,
        quiz: lesson.kind === 'quiz' && lesson.quiz ? learnerQuizOf(lesson.quiz) : null,
        resources: lesson.resources.map((r) => ({
          id: r.id,
          title: r.title,
          fileName: r.file_name,
          mimeType: r.mime_type,
          size: Number(r.size_bytes),
          url: routeUrl(downloadRoutes.download, {
            params: { id: r.media_asset_id },
            query: { token: signStreamToken(r.media_asset_id, deps.config.INTERNAL_SECRET, audience) },
          }),
        })),
      };
      if (viewer)
        for (const cookie of deps.signVideoUrl.grantCookies(viewer))
          c.header('Set-Cookie', cookie, { append: true });
      return data;
    },

    async adminGet({ params: { id } }) {
      return loadAdminCurriculum(db, id, await requireVersion(id));
    },

    /**
     * The whole curriculum in one transaction. Media is asked first (nothing is locked meanwhile); then the
     * product row is locked, the version compared (another admin's save since `version` is a 409), the kept
     * ids checked, and everything written or nothing.
     */
    async replace({ params: { id }, body, requestId }) {
      await requireVersion(id);
      const facts = await checkCurriculumMedia(deps, body, requestId);
      const write = toCurriculumWrite(body, facts);
      const durationMinutes = durationMinutesOf(write);
      const version = await db.transaction().execute(async (trx) => {
        const current = await lockCurriculum(trx, id);
        if (current === undefined) throw notFound(PRODUCT_NOT_FOUND);
        if (current !== body.version)
          throw conflict(COURSE_MESSAGES.versionConflict, [
            { field: 'version', message: COURSE_MESSAGES.versionConflict },
          ]);
        await checkKeptIds(trx, id, body);
        return writeCurriculum(trx, id, write, durationMinutes);
      });
      return reply(await loadAdminCurriculum(db, id, version), { message: COURSE_MESSAGES.savedCurriculum });
    },
  };
}
