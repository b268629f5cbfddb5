import { z } from 'zod';
import { objectIdSchema, pageSchema } from '../api';
import { idOrSlugSchema } from '../catalog';
import { learnerSignalsSchema } from '../recommendations';
import {
  categoryProgressSchema,
  learnerStandingSchema,
  playerSettingsSchema,
  playerSettingsUpdateBodySchema,
  progressActionBodySchema,
  progressListQuerySchema,
  progressSaveBatchAnswerSchema,
  progressSaveBatchBodySchema,
  progressSchema,
  progressStatsSchema,
  progressUpdateBodySchema,
  progressWithProductSchema,
  progressWriteResultSchema,
  PROGRESS_SAVE_BATCH,
  recentProgressQuerySchema,
} from '../progress';
import {
  courseProgressSchema,
  lessonProgressParamsSchema,
  lessonProgressUpdateBodySchema,
  lessonWriteResultSchema,
} from '../course';
import {
  adminCertificateListQuerySchema,
  certificateCodeParamsSchema,
  certificateOnlyCodeParamsSchema,
  certificateSchema,
  credentialCheckSchema,
  jwksSchema,
  learningRecordSchema,
  revokeCertificateBodySchema,
  statusListParamsSchema,
  verifyCredentialBodySchema,
} from '../certificates';
import { quizAttemptBodySchema, quizAttemptResultSchema, quizAttemptsSchema, quizPaperSchema } from '../quiz';
import {
  noteCreateBodySchema,
  noteDeletedSchema,
  noteExportQuerySchema,
  noteListQuerySchema,
  notePageSchema,
  noteParamsSchema,
  noteSchema,
  noteUpdateBodySchema,
} from '../notes';
import { followedPathSchema, pathProgressSchema } from '../paths';
import { teamFiguresBodySchema, teamFiguresSchema } from '../team-learning';
import { defineRoutes } from './define';
import { eventFeedQuerySchema, eventFeedSchema } from '../events';
import {
  digestLearnersQuerySchema,
  digestLearnersSchema,
  learnerWeekQuerySchema,
  learnerWeekSchema,
} from '../digest';

const product = z.object({ id: objectIdSchema });
const service = 'progress';

/** The learner's own progress: lists need a sign-in, a product's progress needs the plan (or a free product). */
export const progressRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/content/progress',
    service,
    access: 'user',
    summary: 'Your progress, newest first',
    query: progressListQuerySchema,
    response: pageSchema(progressWithProductSchema),
  },
  stats: {
    method: 'GET',
    path: '/content/progress/stats',
    service,
    access: 'user',
    summary: 'Totals over your progress',
    response: progressStatsSchema,
  },
  recent: {
    method: 'GET',
    path: '/content/progress/recent',
    service,
    access: 'user',
    summary: 'What you watched last (Continue watching)',
    query: recentProgressQuerySchema,
    response: z.array(progressWithProductSchema),
  },
  forCategory: {
    method: 'GET',
    path: '/content/progress/categories/:id',
    service,
    access: 'premium',
    summary: "Your progress over a category's products",
    params: z.object({ id: idOrSlugSchema }),
    response: categoryProgressSchema,
  },
  getForProduct: {
    method: 'GET',
    path: '/content/progress/product/:id',
    service,
    access: 'premium',
    premium: { product: 'params.id' },
    summary: 'Your progress on one product',
    params: product,
    response: progressSchema,
  },
  update: {
    refuses: { 409: 'The course keeps its progress per lesson: save the lesson instead' },
    method: 'PATCH',
    path: '/content/progress/product/:id',
    service,
    access: 'premium',
    premium: { product: 'params.id' },
    summary: 'Save your position (older saves than the stored one are ignored)',
    params: product,
    body: progressUpdateBodySchema,
    response: progressWriteResultSchema,
  },
  updateFromForm: {
    refuses: { 409: 'The course keeps its progress per lesson: save the lesson instead' },
    method: 'POST',
    path: '/content/progress/product/:id',
    service,
    access: 'premium',
    premium: { product: 'params.id' },
    summary: 'The unload save: a form with `data` (the PATCH body as JSON) and `_method=PATCH`',
    params: product,
    bodyKind: 'form',
    response: progressWriteResultSchema,
  },
  complete: {
    refuses: { 409: 'The course is completed lesson by lesson' },
    method: 'PATCH',
    path: '/content/progress/product/:id/complete',
    service,
    access: 'premium',
    premium: { product: 'params.id' },
    summary:
      'Mark a product complete (a course is refused with a 409: it is finished lesson by lesson and its quiz passed)',
    params: product,
    body: progressActionBodySchema,
    response: progressSchema,
  },
  reset: {
    method: 'PATCH',
    path: '/content/progress/product/:id/reset',
    service,
    access: 'premium',
    premium: { product: 'params.id' },
    summary: "Reset a product's progress (a course: every lesson)",
    params: product,
    body: progressActionBodySchema,
    response: progressSchema,
  },
});

/** A course's progress per lesson: premium, opened as the product and lesson are (a free preview too). */
export const lessonProgressRoutes = defineRoutes({
  forCourse: {
    method: 'GET',
    path: '/content/progress/product/:id/lessons',
    service,
    access: 'premium',
    premium: { product: 'params.id' },
    summary: "Your progress on a course: its figure, each lesson's, and the lesson you were in",
    params: product,
    response: courseProgressSchema,
  },
  updateLesson: {
    method: 'PATCH',
    path: '/content/progress/product/:id/lessons/:lessonId',
    service,
    access: 'premium',
    premium: { product: 'params.id', lesson: 'params.lessonId' },
    summary:
      'Save your position in a lesson (older saves ignored; a free-preview lesson opens to every signed-in user)',
    params: lessonProgressParamsSchema,
    body: lessonProgressUpdateBodySchema,
    response: lessonWriteResultSchema,
  },
  updateLessonFromForm: {
    method: 'POST',
    path: '/content/progress/product/:id/lessons/:lessonId',
    service,
    access: 'premium',
    premium: { product: 'params.id', lesson: 'params.lessonId' },
    summary: "A lesson's unload save: a form with `data` (the PATCH body as JSON) and `_method=PATCH`",
    params: lessonProgressParamsSchema,
    bodyKind: 'form',
    response: lessonWriteResultSchema,
  },
  completeLesson: {
    refuses: { 409: 'A quiz lesson is completed by passing its quiz' },
    method: 'PATCH',
    path: '/content/progress/product/:id/lessons/:lessonId/complete',
    service,
    access: 'premium',
    premium: { product: 'params.id', lesson: 'params.lessonId' },
    summary: 'Mark a lesson complete',
    params: lessonProgressParamsSchema,
    body: progressActionBodySchema,
    response: lessonWriteResultSchema,
  },
  resetLesson: {
    method: 'PATCH',
    path: '/content/progress/product/:id/lessons/:lessonId/reset',
    service,
    access: 'premium',
    premium: { product: 'params.id', lesson: 'params.lessonId' },
    summary: "Reset a lesson's progress",
    params: lessonProgressParamsSchema,
    body: progressActionBodySchema,
    response: lessonWriteResultSchema,
  },
});

/** A learner's notes and bookmarks, pinned to a second of a video or lesson: private to their author. */
export const noteRoutes = defineRoutes({
  listNotes: {
    method: 'GET',
    path: '/notes',
    service,
    access: 'user',
    summary:
      "Your notes: a product's (or lesson's) in time order, or every one newest first, `q` searching their text",
    query: noteListQuerySchema,
    response: notePageSchema,
  },
  exportNotesPdf: {
    produces: ['application/pdf'],
    method: 'GET',
    path: '/notes/export/pdf',
    service,
    access: 'user',
    answer: 'bytes',
    summary:
      "Your notes as one PDF, to print or keep: by course, each note's lesson, time and text (`q`: those whose text contains it)",
    query: noteExportQuerySchema,
    response: z.string(),
  },
  createNote: {
    refuses: { 409: 'You keep the most notes one learner may (2,000)' },
    method: 'POST',
    path: '/notes',
    service,
    access: 'user',
    summary: 'Add a note (an empty body is a bookmark); sent again with the same `id`, it is stored once',
    body: noteCreateBodySchema,
    response: noteSchema,
    status: 201,
  },
  updateNote: {
    method: 'PATCH',
    path: '/notes/:id',
    service,
    access: 'user',
    summary: "Change a note's text or second",
    params: noteParamsSchema,
    body: noteUpdateBodySchema,
    response: noteSchema,
  },
  deleteNote: {
    method: 'DELETE',
    path: '/notes/:id',
    service,
    access: 'user',
    summary: 'Delete a note',
    params: noteParamsSchema,
    response: noteDeletedSchema,
  },
});

/** The learner's player settings, kept with their account so every device plays alike. */
export const playerSettingRoutes = defineRoutes({
  playerSettings: {
    method: 'GET',
    path: '/player-settings',
    service,
    access: 'user',
    summary: 'Your player settings (autoplay: a finished lesson counts down to the next one)',
    response: playerSettingsSchema,
  },
  updatePlayerSettings: {
    method: 'PUT',
    path: '/player-settings',
    service,
    access: 'user',
    summary: 'Change your player settings',
    body: playerSettingsUpdateBodySchema,
    response: playerSettingsSchema,
  },
});

/** Quiz lessons: papers, attempts graded by the server, the best score. */
export const quizRoutes = defineRoutes({
  quizAttempts: {
    refuses: { 409: 'The lesson is not a quiz' },
    method: 'GET',
    path: '/content/progress/product/:id/lessons/:lessonId/quiz-attempts',
    service,
    access: 'premium',
    premium: { product: 'params.id', lesson: 'params.lessonId' },
    summary: 'Your attempts at a quiz lesson, newest first, and your best score',
    params: lessonProgressParamsSchema,
    response: quizAttemptsSchema,
  },
  quizPaper: {
    refuses: { 409: 'The lesson is not a quiz' },
    method: 'POST',
    path: '/content/progress/product/:id/lessons/:lessonId/quiz-paper',
    service,
    access: 'premium',
    premium: { product: 'params.id', lesson: 'params.lessonId' },
    summary:
      "The attempt you are sitting at a quiz: its questions and options in this attempt's own order (the same until submitted), and when an answer is next taken",
    params: lessonProgressParamsSchema,
    response: quizPaperSchema,
  },
  submitQuizAttempt: {
    refuses: {
      409: 'The lesson is not a quiz, or the paper is not yours or already submitted',
      429: 'Answered faster than a person reads the questions: wait Retry-After seconds',
    },
    method: 'POST',
    path: '/content/progress/product/:id/lessons/:lessonId/quiz-attempts',
    service,
    access: 'premium',
    premium: { product: 'params.id', lesson: 'params.lessonId' },
    status: 201,
    summary:
      'Submit an attempt at a quiz: graded by the server (a pass completes the lesson and shows the right answers; a fail names the wrong questions only; the best score counts; a retake before the growing gap of 10 s, 1 min, 5 min, then 1 h is a 429)',
    params: lessonProgressParamsSchema,
    body: quizAttemptBodySchema,
    response: quizAttemptResultSchema,
  },
});

/** The learner's record over everything they learned. */
export const learningRoutes = defineRoutes({
  learningRecord: {
    method: 'GET',
    path: '/content/progress/learning-record',
    service,
    access: 'user',
    summary:
      'Your learning record: courses in progress and completed, certificates, minutes per week, streaks, quiz results',
    response: learningRecordSchema,
  },
});

/**
 * Certificates: the learner's own, anyone's by its public code (JSON, `/pdf` the PDF; its signed credential is
 * credentialRoutes'), and the admin's list and revocation.
 */
export const certificateRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/certificates',
    service,
    access: 'user',
    summary: 'Your certificates, newest first',
    response: z.array(certificateSchema),
  },
  get: {
    method: 'GET',
    path: '/certificates/:code',
    service,
    access: 'public',
    summary:
      "A certificate by its public code, for anyone to verify (`CODE.pdf`, the PDF's first address, is moved permanently to its own: GET /certificates/:code/pdf)",
    params: certificateCodeParamsSchema,
    response: certificateSchema,
  },
  pdf: {
    produces: ['application/pdf'],
    method: 'GET',
    path: '/certificates/:code/pdf',
    service,
    access: 'public',
    answer: 'bytes',
    summary: 'A certificate by its public code as its designed PDF, for anyone to print or keep',
    params: certificateOnlyCodeParamsSchema,
    response: z.string(),
  },
  adminList: {
    method: 'GET',
    path: '/admin/certificates',
    service,
    access: 'admin',
    summary: 'Every certificate, newest first, by learner, course or code',
    query: adminCertificateListQuerySchema,
    response: pageSchema(certificateSchema),
  },
  revoke: {
    refuses: { 409: 'The certificate is already revoked' },
    method: 'POST',
    path: '/admin/certificates/:code/revoke',
    service,
    access: 'admin',
    summary: 'Revoke a certificate, giving the reason its verification page shows',
    params: certificateOnlyCodeParamsSchema,
    body: revokeCertificateBodySchema,
    response: certificateSchema,
  },
});

/**
 * A certificate as an Open Badges 3.0 Verifiable Credential: the signed JWT, the revocation status lists, and
 * the check of a kept credential.
 */
export const credentialRoutes = defineRoutes({
  credential: {
    produces: ['application/vc+jwt'],
    refuses: { 410: 'The certificate was revoked' },
    method: 'GET',
    path: '/certificates/:code/credential',
    service,
    access: 'public',
    answer: 'bytes',
    summary:
      'The certificate as an Open Badges 3.0 Verifiable Credential, a compact JWT (application/vc+jwt; EdDSA, checked against /.well-known/jwks.json)',
    params: certificateOnlyCodeParamsSchema,
    response: z.string(),
  },
  statusList: {
    produces: ['application/vc+jwt'],
    method: 'GET',
    path: '/certificates/status-lists/:list',
    service,
    access: 'public',
    answer: 'bytes',
    summary:
      "A revocation status list (W3C Bitstring Status List) as a compact JWT (application/vc+jwt), signed with the credentials' keys: a credential's credentialStatus names its place, set once the certificate is revoked",
    params: statusListParamsSchema,
    response: z.string(),
  },
  verifyCredential: {
    method: 'POST',
    path: '/certificates/credentials/verify',
    service,
    access: 'public',
    summary:
      'Check a kept credential: its signature against the published keys (400 when it does not verify), then its place in the revocation status list',
    body: verifyCredentialBodySchema,
    response: credentialCheckSchema,
  },
});

/** Peers' calls into progress (shared secret; never through the gateway). */
export const progressInternalRoutes = defineRoutes({
  deleteProductProgress: {
    method: 'DELETE',
    path: '/internal/progress/products/:productId',
    service,
    access: 'internal',
    summary: "A deleted product's progress goes with it",
    params: z.object({ productId: objectIdSchema }),
    response: z.object({ deleted: z.number().int() }),
  },
  jwks: {
    method: 'GET',
    path: '/internal/credentials/jwks',
    service,
    access: 'internal',
    summary: "The credential issuer's public keys (the gateway serves them at /.well-known/jwks.json)",
    response: jwksSchema,
  },
  standing: {
    method: 'GET',
    path: '/internal/progress/users/:userId/products/:productId',
    service,
    access: 'internal',
    summary:
      "How far a learner got in a product and how many of its lessons they finished (content's review rule)",
    params: z.object({ userId: objectIdSchema, productId: objectIdSchema }),
    response: learnerStandingSchema,
  },
  learnerSignals: {
    method: 'GET',
    path: '/internal/progress/users/:userId/signals',
    service,
    access: 'internal',
    summary:
      "What a learner watched and completed, and what others who watched the same products watched (content's recommendations)",
    params: z.object({ userId: objectIdSchema }),
    response: learnerSignalsSchema,
  },
  learnerWeek: {
    method: 'GET',
    path: '/internal/progress/users/:userId/week',
    service,
    access: 'internal',
    summary:
      "A learner's week for community's weekly e-mail: minutes learned, the current streak, each course in progress and its next lesson",
    params: z.object({ userId: objectIdSchema }),
    query: learnerWeekQuerySchema,
    response: learnerWeekSchema,
  },
  digestLearners: {
    method: 'GET',
    path: '/internal/progress/digest-learners',
    service,
    access: 'internal',
    summary:
      "Learners community's weekly e-mail may have something to tell (a course in progress, or time learned lately), a page by id",
    query: digestLearnersQuerySchema,
    response: digestLearnersSchema,
  },
  deleteUserProgress: {
    method: 'DELETE',
    path: '/internal/progress/users/:userId',
    service,
    access: 'internal',
    summary: "A deleted account's progress goes with it",
    params: z.object({ userId: objectIdSchema }),
    response: z.object({ deleted: z.number().int() }),
  },
  teamFigures: {
    method: 'POST',
    path: '/internal/progress/team-figures',
    service,
    access: 'internal',
    summary:
      "A team's learning (billing's team dashboard): each learner's figures and standing on assigned items, and the team's last months",
    body: teamFiguresBodySchema,
    response: teamFiguresSchema,
  },
});

const pathParams = z.object({ pathId: objectIdSchema });

/**
 * Following a learning path (content owns the path): the caller's own standing only (the user id is the
 * signed identity's, never the request's). A path certificate is issued when a followed path's every
 * published item is finished.
 */
export const pathProgressRoutes = defineRoutes({
  followed: {
    method: 'GET',
    path: '/content/progress/paths',
    service,
    access: 'user',
    summary: 'The paths you follow, most recently followed first, each with its next item to take',
    response: z.array(followedPathSchema),
  },
  get: {
    method: 'GET',
    path: '/content/progress/paths/:pathId',
    service,
    access: 'user',
    summary:
      "Your standing on a path: whether you follow it, each item's progress, the next item, the certificate",
    params: pathParams,
    response: pathProgressSchema,
  },
  follow: {
    method: 'PUT',
    path: '/content/progress/paths/:pathId/follow',
    service,
    access: 'user',
    summary: 'Follow a published path (following it again changes nothing)',
    params: pathParams,
    response: pathProgressSchema,
  },
  unfollow: {
    method: 'DELETE',
    path: '/content/progress/paths/:pathId/follow',
    service,
    access: 'user',
    summary: 'Stop following a path (a certificate already earned stays)',
    params: pathParams,
    response: pathProgressSchema,
  },
});

/** Progress's domain events, read by its own consumers and peers (LTI grade passback) by cursor. */
export const progressEventRoutes = defineRoutes({
  events: {
    method: 'GET',
    path: '/internal/progress/events',
    service,
    access: 'internal',
    summary: "Progress's domain events after a cursor, in the order they became visible",
    query: eventFeedQuerySchema,
    response: eventFeedSchema,
  },
});

/**
 * The gateway's coalesced progress saves: the PATCHes of `progressRoutes.update` that arrived in one moment, as one
 * request (a save's two HTTP exchanges were most of its CPU), each answered as its own PATCH would be.
 */
export const progressSaveBatchRoutes = defineRoutes({
  saves: {
    method: 'POST',
    path: '/internal/progress/saves',
    service,
    access: 'internal',
    summary: 'Progress saves gathered by the gateway, each answered as its own PATCH would be',
    body: progressSaveBatchBodySchema,
    // The gateway keeps a batch within maxBytes (its saves as serialised); the service's limit leaves room over it.
    maxBodyBytes: 2 * PROGRESS_SAVE_BATCH.maxBytes,
    response: progressSaveBatchAnswerSchema,
  },
});
