// Contracts of the creator studio: creator accounts (by an admin's invitation), creators' own products kept as
// revisions, and the admin's review (queue, difference, approve or return with a reason).
import { z } from 'zod';
import { productInputSchema } from './admin';
import { objectIdSchema } from './api';
import { difficultySchema, productTypeSchema } from './catalog';
import { adminSectionSchema } from './course';
import { adminMessage } from './form-messages/admin';
import { basicMessage } from './form-messages/basic';

export const STUDIO_MESSAGES = {
  invitationSent: 'Invitation sent',
  invitationRevoked: 'Invitation revoked',
  invitationNotFound: 'This invitation is not valid',
  invitationExpired: 'This invitation has expired',
  invitationUsed: 'This invitation has already been used',
  invitationOtherAddress: 'This invitation was sent to another e-mail address',
  alreadyLinked: 'This account is already linked to another creator',
  accountLinked: 'Your account is now a creator account',
  accountUnlinked: 'Account unlinked',
  accountNotLinked: 'This account is not linked to the creator',
  accountNotFound: 'Account not found',
  creatorNotFound: 'Creator not found',
  noCreator: 'No creator profile is linked to this account',
  productNotFound: 'Product not found',
  notYourProduct: 'This product belongs to another creator',
  saved: 'Draft saved',
  submitted: 'Submitted for review',
  nothingToSubmit: 'There is no draft to submit',
  alreadyInReview: 'This draft is already in review',
  revisionNotFound: 'Revision not found',
  notInReview: 'This revision is not waiting for review',
  approved: 'Revision approved and published',
  returned: 'Revision returned to the creator',
  reasonRequired: adminMessage('revision.reasonRequired'),
  foreignItem: 'This draft names a lesson or section of another product',
  notYourMedia: 'Pick media from your own library',
} as const;

/** How long an invitation's link opens, in days. */
export const CREATOR_INVITATION_DAYS = 7;

// ---------- accounts and invitations ----------

export const creatorInvitationBodySchema = z.object({
  email: z
    .string({ message: adminMessage('creator.invitationEmail') })
    .trim()
    .toLowerCase()
    .email(basicMessage('form.emailInvalid'))
    .max(254, basicMessage('form.emailInvalid')),
});
export type CreatorInvitationBody = z.input<typeof creatorInvitationBodySchema>;

export const creatorInvitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type CreatorInvitation = z.infer<typeof creatorInvitationSchema>;

export const creatorAccountSchema = z.object({
  userId: objectIdSchema,
  name: z.string(),
  email: z.string(),
  linkedAt: z.string(),
});
export type CreatorAccount = z.infer<typeof creatorAccountSchema>;

/** GET /admin/creators/{id}/accounts: who signs in as the creator, and who has been invited. */
export const creatorAccountsSchema = z.object({
  accounts: z.array(creatorAccountSchema),
  invitations: z.array(creatorInvitationSchema),
});
export type CreatorAccounts = z.infer<typeof creatorAccountsSchema>;

export const creatorInvitationParamsSchema = z.object({
  id: objectIdSchema,
  invitationId: z.string().uuid(STUDIO_MESSAGES.invitationNotFound),
});
export const creatorAccountParamsSchema = z.object({ id: objectIdSchema, userId: objectIdSchema });
export const invitationTokenParamsSchema = z.object({
  token: z
    .string()
    .min(1, STUDIO_MESSAGES.invitationNotFound)
    .max(200, STUDIO_MESSAGES.invitationNotFound)
    .regex(/^[A-Za-z0-9_-]+$/, STUDIO_MESSAGES.invitationNotFound),
});

export const studioCreatorSchema = z.object({ id: objectIdSchema, name: z.string(), slug: z.string() });
export type StudioCreator = z.infer<typeof studioCreatorSchema>;

/** POST /studio/invitations/{token}/accept. */
export const invitationAcceptedSchema = z.object({ creator: studioCreatorSchema });

/** GET /studio/me: the creator the caller acts as; an admin with no linked account has none (and sees every creator's items). */
export const studioMeSchema = z.object({
  creator: studioCreatorSchema.nullable(),
  isAdmin: z.boolean(),
});
export type StudioMe = z.infer<typeof studioMeSchema>;

// ---------- products, revisions and review ----------

export const REVISION_STATUSES = ['draft', 'in_review', 'changes_requested', 'approved'] as const;
export const revisionStatusSchema = z.enum(REVISION_STATUSES);
export type RevisionStatus = z.infer<typeof revisionStatusSchema>;

export const revisionSummarySchema = z.object({
  id: z.string().uuid(),
  productId: objectIdSchema,
  number: z.number().int(),
  status: revisionStatusSchema,
  /** Why an admin returned it (changes_requested), else null. */
  reason: z.string().nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

/** A product in the studio: the live product (as the admin sees it) with its review state. */
export const studioProductSchema = z.object({
  _id: objectIdSchema,
  title: z.string(),
  slug: z.string(),
  thumbnail: z.string().nullable(),
  isPublished: z.boolean(),
  creator: studioCreatorSchema,
  updatedAt: z.string(),
  /** draft: unsaved or unsubmitted changes; in_review; changes_requested (see reason); approved: live = last draft. */
  reviewStatus: revisionStatusSchema,
  /** The last return's reason while changes are requested, else null. */
  reason: z.string().nullable(),
  latestRevision: revisionSummarySchema.nullable(),
});
export type StudioProduct = z.infer<typeof studioProductSchema>;

/** The values of a product's draft, as the product form holds them (category and creator by id). */
export const productDraftSchema = z.object({
  title: z.string(),
  description: z.string(),
  content: z.string().nullable(),
  category: objectIdSchema,
  creator: objectIdSchema,
  type: productTypeSchema,
  difficulty: difficultySchema,
  duration: z.number().nullable(),
  thumbnail: z.string().nullable(),
  videoUrl: z.string().nullable(),
  mediaAssetId: z.string().nullable(),
  tags: z.array(z.string()),
  price: z.number().nullable(),
  instructor: z.string().nullable(),
  slug: z.string().nullable(),
  isActive: z.boolean(),
  isPublished: z.boolean(),
  isFeatured: z.boolean(),
  sortOrder: z.number(),
}) satisfies z.ZodType<z.output<typeof productInputSchema>>;
export type ProductDraft = z.infer<typeof productDraftSchema>;

/** GET/POST/PUT /studio/products[/{id}]: the product with its draft's values (the form opens these). */
export const studioProductDetailSchema = studioProductSchema.extend({
  draft: productDraftSchema,
});
export type StudioProductDetail = z.infer<typeof studioProductDetailSchema>;

export const studioProductParamsSchema = z.object({ id: objectIdSchema });
export const revisionParamsSchema = z.object({ id: z.string().uuid(STUDIO_MESSAGES.revisionNotFound) });

export const revisionReturnBodySchema = z.object({
  reason: z
    .string({ message: STUDIO_MESSAGES.reasonRequired })
    .trim()
    .min(1, STUDIO_MESSAGES.reasonRequired)
    .max(2000, adminMessage('revision.reasonMax', { max: 2000 })),
});
export type RevisionReturnBody = z.input<typeof revisionReturnBodySchema>;

/** One piece of a text difference (jsdiff's change objects): kept, added or removed text. */
export const diffPartSchema = z.object({
  value: z.string(),
  added: z.boolean(),
  removed: z.boolean(),
});
export type DiffPart = z.infer<typeof diffPartSchema>;

/** A field that differs: its values before (live) and after (the revision), and their word difference. */
export const fieldDiffSchema = z.object({
  field: z.string(),
  before: z.string(),
  after: z.string(),
  parts: z.array(diffPartSchema),
});
export type FieldDiff = z.infer<typeof fieldDiffSchema>;

export const lessonDiffSchema = z.object({
  lessonId: objectIdSchema,
  title: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  fields: z.array(fieldDiffSchema),
});
export type LessonDiff = z.infer<typeof lessonDiffSchema>;

export const revisionDiffSchema = z.object({
  fields: z.array(fieldDiffSchema),
  lessons: z.array(lessonDiffSchema),
});
export type RevisionDiff = z.infer<typeof revisionDiffSchema>;

/** A revision's whole content: the product's values and its curriculum's sections. */
export const revisionSnapshotSchema = z.object({
  product: productDraftSchema,
  sections: z.array(adminSectionSchema),
});
export type RevisionSnapshot = z.infer<typeof revisionSnapshotSchema>;

export const reviewQueueItemSchema = z.object({
  revision: revisionSummarySchema,
  product: z.object({ _id: objectIdSchema, title: z.string(), isPublished: z.boolean() }),
  creator: studioCreatorSchema,
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

/** GET /admin/revisions/{id}: the revision, what it holds, and how it differs from the live product. */
export const revisionDetailSchema = reviewQueueItemSchema.extend({
  snapshot: revisionSnapshotSchema,
  diff: revisionDiffSchema,
});
export type RevisionDetail = z.infer<typeof revisionDetailSchema>;

// ---------- internal, for analytics and royalties ----------

export const creatorOfUserSchema = z.object({ creatorId: objectIdSchema });
export const productCreatorsBodySchema = z.object({ productIds: z.array(objectIdSchema).max(5000) });
export const productCreatorSchema = z.object({
  productId: objectIdSchema,
  creatorId: objectIdSchema,
  creatorName: z.string(),
  title: z.string(),
});
export type ProductCreator = z.infer<typeof productCreatorSchema>;
export const creatorProductSchema = z.object({
  productId: objectIdSchema,
  title: z.string(),
  isPublished: z.boolean(),
});
export type CreatorProduct = z.infer<typeof creatorProductSchema>;
