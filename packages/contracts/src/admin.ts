// Contracts of the admin area: request and response schemas shared by its service and its remote.
import { z } from 'zod';
import {
  DEFAULT_CATEGORY_COLOR,
  categorySchema,
  creatorSchema,
  difficultySchema,
  premiumProductSchema,
  productTypeSchema,
} from './catalog';
import {
  CATEGORY_ICONS,
  categoryFormMessages,
  creatorFormMessages,
  DEFAULT_CREATOR_COLOR,
  DEFAULT_CREATOR_ICON,
  normaliseSlug,
  parseTags,
  productFormMessages,
  SLUG_PATTERN,
} from './admin-terms';

export * from './admin-terms';

// ---------- shared field rules ----------

const MAX_SORT_ORDER = 1_000_000;

/** Trimmed text; a missing value reads as ''. */
const trimmedText = z.preprocess(
  (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
  z.string().trim(),
);

/**
 * sortOrder parsed as an integer (section 5): empty or not a number → 0; never negative.
 * Accepts a number or the text of the number input.
 */
export const sortOrderSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return 0;
    const parsed = typeof v === 'number' ? Math.trunc(v) : Number.parseInt(String(v), 10);
    return Number.isFinite(parsed) ? parsed : 0;
  },
  z
    .number()
    .int()
    .min(0, categoryFormMessages.sortOrderNegative)
    .max(MAX_SORT_ORDER, `Sort order must be at most ${MAX_SORT_ORDER}`),
);

const colorSchema = (fallback: string) =>
  z.preprocess(
    (v) =>
      v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
        ? fallback
        : typeof v === 'string'
          ? v.trim()
          : v,
    z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Color must be a hex colour such as #f59e0b')
      .transform((s) => s.toLowerCase()),
  );

const iconSchema = (fallback: string) =>
  z.preprocess(
    (v) =>
      v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
        ? fallback
        : typeof v === 'string'
          ? v.trim()
          : v,
    z.string().max(16, 'Icon must be at most 16 characters'),
  );

const booleanWithDefault = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? fallback : v),
    z.boolean({ message: 'Must be true or false' }),
  );

/**
 * A slug as typed: blank → 'Slug is required'; otherwise normalised (section 5), and a value with nothing
 * left after normalising is refused with the pattern message rather than silently becoming empty.
 */
const slugField = (messages: { slugRequired: string; slugPattern: string }) =>
  trimmedText.pipe(
    z
      .string()
      .min(1, { message: messages.slugRequired, abort: true })
      .transform((s) => normaliseSlug(s))
      .pipe(
        z
          .string()
          .min(1, messages.slugPattern)
          .max(120, 'Slug must be at most 120 characters')
          .regex(SLUG_PATTERN, messages.slugPattern),
      ),
  );

// ---------- categories ----------

export const categoryInputSchema = z.object({
  name: trimmedText.pipe(
    z
      .string()
      .min(1, { message: categoryFormMessages.nameRequired, abort: true })
      .min(2, categoryFormMessages.nameMin)
      .max(50, categoryFormMessages.nameMax),
  ),
  description: trimmedText.pipe(
    z
      .string()
      .min(1, { message: categoryFormMessages.descriptionRequired, abort: true })
      .min(10, categoryFormMessages.descriptionMin)
      .max(2000, 'Description must be at most 2000 characters'),
  ),
  slug: slugField(categoryFormMessages),
  icon: iconSchema(CATEGORY_ICONS[0]),
  color: colorSchema(DEFAULT_CATEGORY_COLOR),
  isActive: booleanWithDefault(true),
  sortOrder: sortOrderSchema,
});
/** What the category form sends (POST and PUT carry every field). */
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryValues = z.output<typeof categoryInputSchema>;

/** A category in the admin list: inactive ones included, productCount counts drafts too. */
export const adminCategorySchema = categorySchema.extend({ productCount: z.number().int() });
export type AdminCategory = z.infer<typeof adminCategorySchema>;

// ---------- creators ----------

export const creatorInputSchema = z.object({
  name: trimmedText.pipe(
    z
      .string()
      .min(1, { message: creatorFormMessages.nameRequired, abort: true })
      .min(2, creatorFormMessages.nameMin)
      .max(50, creatorFormMessages.nameMax),
  ),
  description: trimmedText.pipe(z.string().max(2000, 'Description must be at most 2000 characters')),
  slug: slugField(creatorFormMessages),
  icon: iconSchema(DEFAULT_CREATOR_ICON),
  color: colorSchema(DEFAULT_CREATOR_COLOR),
  isActive: booleanWithDefault(true),
  sortOrder: sortOrderSchema,
});
export type CreatorInput = z.input<typeof creatorInputSchema>;
export type CreatorValues = z.output<typeof creatorInputSchema>;

export const adminCreatorSchema = creatorSchema.extend({ productCount: z.number().int() });
export type AdminCreator = z.infer<typeof adminCreatorSchema>;

// ---------- products ----------

/** An entity reference as the form or a round-tripped product sends it: an id, or an object with _id. */
const refId = (requiredMessage: string, invalidMessage: string) =>
  z.preprocess(
    (v) => {
      if (v && typeof v === 'object' && '_id' in v) return (v as { _id: unknown })._id;
      if (v === undefined || v === null) return '';
      return typeof v === 'string' ? v.trim() : v;
    },
    z
      .string({ message: invalidMessage })
      .min(1, requiredMessage)
      .regex(/^[0-9a-f]{24}$/, invalidMessage),
  );

export const emptyToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v;

/** A link the browser may follow: an http(s) URL or a path on this site (demo media live under /media). */
export const linkSchema = (label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(2000, `${label} must be at most 2000 characters`)
      .refine(
        (s) => /^https?:\/\/[^\s]+$/i.test(s) || /^\/(?!\/)[^\s]*$/.test(s),
        `${label} must be a URL (http:// or https://) or a path starting with /`,
      )
      .nullable(),
  );

/** Duration in minutes: optional; when given it must be a whole number of at least 1. */
const durationSchema = z.preprocess(
  (v) => {
    const value = emptyToNull(v);
    if (value === null) return null;
    return typeof value === 'string' ? Number(value.trim()) : value;
  },
  z
    .number({ message: productFormMessages.durationNumber })
    .refine((n) => Number.isFinite(n), productFormMessages.durationNumber)
    .pipe(
      z
        .number()
        .int('Duration must be a whole number of minutes')
        .min(1, 'Duration must be at least 1 minute')
        .max(100_000, 'Duration must be at most 100000 minutes'),
    )
    .nullable(),
);

const priceSchema = z.preprocess(
  (v) => {
    const value = emptyToNull(v);
    if (value === null) return null;
    return typeof value === 'string' ? Number(value.trim()) : value;
  },
  z
    .number({ message: 'Price must be a number' })
    .refine((n) => Number.isFinite(n), 'Price must be a number')
    .pipe(z.number().min(0, 'Price cannot be negative').max(100_000, 'Price must be at most 100000'))
    .transform((n) => Math.round(n * 100) / 100)
    .nullable(),
);

const tagsSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return [];
    if (typeof v === 'string') return parseTags(v);
    if (Array.isArray(v)) return v.flatMap((t) => (typeof t === 'string' ? parseTags(t) : [t]));
    return v;
  },
  z
    .array(z.string().max(40, 'Each tag must be at most 40 characters'), {
      message: 'Tags must be a list or comma-separated text',
    })
    .max(20, 'At most 20 tags'),
);

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => {
      const value = emptyToNull(v);
      return typeof value === 'string' ? value.trim() : value;
    },
    z.string().max(max, `${label} must be at most ${max} characters`).nullable(),
  );

export const productInputSchema = z.object({
  title: trimmedText.pipe(
    z.string().min(1, productFormMessages.titleRequired).max(200, 'Title must be at most 200 characters'),
  ),
  description: trimmedText.pipe(
    z
      .string()
      .min(1, productFormMessages.descriptionRequired)
      .max(5000, 'Description must be at most 5000 characters'),
  ),
  /** HTML; the server sanitises it with an allow-list before saving. */
  content: z.preprocess(
    emptyToNull,
    z.string().max(200_000, 'Content must be at most 200000 characters').nullable(),
  ),
  category: refId(productFormMessages.categoryRequired, 'Category is invalid'),
  creator: refId('Creator is required', 'Creator is invalid'),
  type: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'course' : v), productTypeSchema),
  difficulty: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'beginner' : v),
    difficultySchema,
  ),
  duration: durationSchema,
  thumbnail: linkSchema('Thumbnail'),
  videoUrl: linkSchema('Video URL'),
  /** An uploaded video (media service): streamed adaptively once processed; videoUrl plays until then. */
  mediaAssetId: z.preprocess(
    emptyToNull,
    z
      .string()
      .regex(/^[0-9a-f]{24}$/, 'Video upload is invalid')
      .nullable(),
  ),
  tags: tagsSchema,
  price: priceSchema,
  instructor: optionalText('Instructor', 100),
  /** Optional; generated from the title when blank, normalised as section 5 describes. */
  slug: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .transform(normaliseSlug)
      .pipe(z.string().max(120, 'Slug must be at most 120 characters'))
      .nullable(),
  ),
  isActive: booleanWithDefault(true),
  isPublished: booleanWithDefault(false),
  isFeatured: booleanWithDefault(false),
  sortOrder: sortOrderSchema,
});

/** Accepts what the form sends and a whole product sent back by the eye/star toggles (categoryId, creatorId). */
export const productBodySchema = z.preprocess((body) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  return {
    ...b,
    category: b.category ?? b.categoryId,
    creator: b.creator ?? b.creatorId,
    title: b.title ?? b.name,
    thumbnail: b.thumbnail ?? b.image,
  };
}, productInputSchema);
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

/** A product as the admin sees it: drafts too, with the video, the HTML content and its author. */
export const adminProductSchema = premiumProductSchema.extend({
  content: z.string().nullable(),
  mediaAssetId: z.string().nullable(),
  createdBy: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

// ---------- lists and stats ----------

export const adminIdParamSchema = (entity: 'category' | 'product' | 'creator') =>
  z.object({
    id: z.string().regex(/^[0-9a-f]{24}$/, `Invalid ${entity} ID: expected 24 hexadecimal characters`),
  });

/** GET /admin/stats. A figure another service owns is null when that service cannot be reached. */
export const adminStatsSchema = z.object({
  categories: z.number().int(),
  creators: z.number().int(),
  products: z.object({ total: z.number().int(), published: z.number().int(), draft: z.number().int() }),
  users: z.number().int().nullable(),
  subscribers: z.number().int().nullable(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** Answer of the peers' count routes (auth /internal/users/count, billing /internal/subscribers/count). */
export const countSchema = z.object({ count: z.number().int().min(0) });
