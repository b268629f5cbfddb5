// Contracts of learning paths (issue 57): an ordered list of the catalogue's products and courses towards a
// goal. Content owns the paths (admin-built, published under Browse → Paths); progress owns who follows one,
// the progress across its items and the path certificate.
import { z } from 'zod';
import { objectIdSchema } from './api';
import { difficultySchema, productTypeSchema } from './catalog';
import { normaliseSlug, SLUG_PATTERN } from './admin-terms';
import { adminMessage } from './form-messages/admin';

// zod-free, for the player: a path's order without the schemas below
export { itemAfter } from './path-rules';

/** The most items a path holds. */
export const PATH_ITEMS_MAX = 50;

export const PATH_MESSAGES = {
  titleRequired: adminMessage('form.titleRequired'),
  descriptionRequired: adminMessage('form.descriptionRequired'),
  slugPattern: adminMessage('form.slugPattern'),
  slugTaken: adminMessage('path.slugTaken'),
  hours: adminMessage('path.hours'),
  itemsRequired: adminMessage('path.itemsRequired'),
  itemsMax: adminMessage('path.itemsMax', { max: PATH_ITEMS_MAX }),
  itemTwice: adminMessage('path.itemTwice'),
  unknownProduct: adminMessage('path.unknownProduct'),
  notFound: 'Path not found',
  notFollowed: 'Follow this path first',
  created: 'Path created successfully!',
  updated: 'Path updated successfully!',
  deleted: 'Path deleted successfully!',
} as const;

const trimmed = z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string());

/** What the admin's path form sends (POST and PUT carry every field); `slug` blank: made from the title. */
export const pathInputSchema = z.object({
  title: trimmed.pipe(
    z
      .string()
      .min(1, PATH_MESSAGES.titleRequired)
      .max(200, adminMessage('form.titleMax', { max: 200 })),
  ),
  description: trimmed.pipe(
    z
      .string()
      .min(1, PATH_MESSAGES.descriptionRequired)
      .max(5000, adminMessage('form.descriptionMax', { max: 5000 })),
  ),
  slug: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z
      .string()
      .trim()
      .transform(normaliseSlug)
      .pipe(
        z
          .string()
          .min(1, PATH_MESSAGES.slugPattern)
          .max(120, adminMessage('form.slugMax', { max: 120 }))
          .regex(SLUG_PATTERN, PATH_MESSAGES.slugPattern),
      )
      .nullable(),
  ),
  level: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'beginner' : v), difficultySchema),
  estimatedHours: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ message: PATH_MESSAGES.hours })
      .min(0.5, PATH_MESSAGES.hours)
      .max(1000, PATH_MESSAGES.hours)
      .transform((n) => Math.round(n * 10) / 10),
  ),
  isPublished: z.preprocess((v) => v ?? false, z.boolean({ message: adminMessage('form.trueOrFalse') })),
  /** The items' product ids, in order. */
  items: z
    .array(objectIdSchema, { message: PATH_MESSAGES.itemsRequired })
    .min(1, PATH_MESSAGES.itemsRequired)
    .max(PATH_ITEMS_MAX, PATH_MESSAGES.itemsMax)
    .refine((ids) => new Set(ids).size === ids.length, PATH_MESSAGES.itemTwice),
});
export type PathInput = z.input<typeof pathInputSchema>;
export type PathValues = z.output<typeof pathInputSchema>;

/** One item of a path: the product (a course is a product of type course) as a card shows it. */
export const pathItemSchema = z.object({
  productId: objectIdSchema,
  /** The short public id used in product links. */
  publicId: z.string(),
  slug: z.string(),
  title: z.string(),
  type: productTypeSchema,
  thumbnail: z.string().nullable(),
  /** Minutes; null when unknown. */
  duration: z.number().int().nullable(),
  /** Whether the public sees it (a draft item shows only to admins, and counts for nobody's progress). */
  isPublished: z.boolean(),
});
export type PathItem = z.infer<typeof pathItemSchema>;

export const pathSummarySchema = z.object({
  _id: objectIdSchema,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  level: difficultySchema,
  estimatedHours: z.number(),
  isPublished: z.boolean(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PathSummary = z.infer<typeof pathSummarySchema>;

/** A path with its items in order (publicly: its published items only). */
export const pathSchema = pathSummarySchema.extend({ items: z.array(pathItemSchema) });
export type LearningPath = z.infer<typeof pathSchema>;

export const pathIdParamSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/, 'Invalid path ID: expected 24 hexadecimal characters'),
});

// ---------- following a path (progress) ----------

/** One item's standing for the caller: the product's own figure (a course's is derived from its lessons). */
export const pathItemProgressSchema = z.object({
  productId: objectIdSchema,
  progress: z.number(),
  completed: z.boolean(),
});

/** The caller's standing on a path: whether they follow it, each item's figure, the next item, the certificate. */
export const pathProgressSchema = z.object({
  pathId: objectIdSchema,
  following: z.boolean(),
  items: z.array(pathItemProgressSchema),
  completedCount: z.number().int(),
  total: z.number().int(),
  /** The first item not finished yet, in the path's order; null when every item is. */
  nextProductId: objectIdSchema.nullable(),
  /** The path certificate's code once earned. */
  certificateCode: z.string().nullable(),
});
export type PathProgress = z.infer<typeof pathProgressSchema>;

/** A followed path on the dashboard ("Your path"): the path, how far, and the next item to take. */
export const followedPathSchema = z.object({
  path: pathSummarySchema.pick({ _id: true, slug: true, title: true }),
  completedCount: z.number().int(),
  total: z.number().int(),
  next: pathItemSchema.nullable(),
  certificateCode: z.string().nullable(),
  /** Every item's product, in the path's order (the player finds the path a product it plays belongs to). */
  productIds: z.array(objectIdSchema),
});
export type FollowedPath = z.infer<typeof followedPathSchema>;
