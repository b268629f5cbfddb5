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
  DEFAULT_CREATOR_COLOR,
  DEFAULT_CREATOR_ICON,
  normaliseSlug,
  parseTags,
  SLUG_PATTERN,
} from './admin-terms';
import { adminMessage } from './form-messages/admin';

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
    .min(0, adminMessage('form.sortOrderNegative'))
    .max(MAX_SORT_ORDER, adminMessage('form.sortOrderMax', { max: MAX_SORT_ORDER })),
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
      .regex(/^#[0-9a-fA-F]{6}$/, adminMessage('form.colorHex'))
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
    z.string().max(16, adminMessage('form.iconMax', { max: 16 })),
  );

const booleanWithDefault = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? fallback : v),
    z.boolean({ message: adminMessage('form.trueOrFalse') }),
  );

/**
 * A slug as typed: blank → 'Slug is required'; otherwise normalised (section 5), and a value with nothing
 * left after normalising is refused with the pattern message rather than silently becoming empty.
 */
const slugField = () =>
  trimmedText.pipe(
    z
      .string()
      .min(1, { message: adminMessage('form.slugRequired'), abort: true })
      .transform((s) => normaliseSlug(s))
      .pipe(
        z
          .string()
          .min(1, adminMessage('form.slugPattern'))
          .max(120, adminMessage('form.slugMax', { max: 120 }))
          .regex(SLUG_PATTERN, adminMessage('form.slugPattern')),
      ),
  );

// ---------- categories ----------

export const categoryInputSchema = z.object({
  name: trimmedText.pipe(
    z
      .string()
      .min(1, { message: adminMessage('category.nameRequired'), abort: true })
      .min(2, adminMessage('category.nameMin'))
      .max(50, adminMessage('category.nameMax')),
  ),
  description: trimmedText.pipe(
    z
      .string()
      .min(1, { message: adminMessage('form.descriptionRequired'), abort: true })
      .min(10, adminMessage('form.descriptionMin'))
      .max(2000, adminMessage('form.descriptionMax', { max: 2000 })),
  ),
  slug: slugField(),
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
      .min(1, { message: adminMessage('creator.nameRequired'), abort: true })
      .min(2, adminMessage('creator.nameMin'))
      .max(50, adminMessage('creator.nameMax')),
  ),
  description: trimmedText.pipe(z.string().max(2000, adminMessage('form.descriptionMax', { max: 2000 }))),
  slug: slugField(),
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
export const linkSchema = (tooLong: string, notALink: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(2000, tooLong)
      .refine((s) => /^https?:\/\/[^\s]+$/i.test(s) || /^\/(?!\/)[^\s]*$/.test(s), notALink)
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
    .number({ message: adminMessage('product.durationNumber') })
    .refine((n) => Number.isFinite(n), adminMessage('product.durationNumber'))
    .pipe(
      z
        .number()
        .int(adminMessage('product.durationWhole'))
        .min(1, adminMessage('product.durationMin'))
        .max(100_000, adminMessage('product.durationMax', { max: 100_000 })),
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
    .number({ message: adminMessage('product.priceNumber') })
    .refine((n) => Number.isFinite(n), adminMessage('product.priceNumber'))
    .pipe(
      z
        .number()
        .min(0, adminMessage('product.priceNegative'))
        .max(100_000, adminMessage('product.priceMax', { max: 100_000 })),
    )
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
    .array(z.string().max(40, adminMessage('product.tagMax', { max: 40 })), {
      message: adminMessage('product.tagsList'),
    })
    .max(20, adminMessage('product.tagsMax', { max: 20 })),
);

const optionalText = (max: number, tooLong: string) =>
  z.preprocess((v) => {
    const value = emptyToNull(v);
    return typeof value === 'string' ? value.trim() : value;
  }, z.string().max(max, tooLong).nullable());

export const productInputSchema = z.object({
  title: trimmedText.pipe(
    z
      .string()
      .min(1, adminMessage('form.titleRequired'))
      .max(200, adminMessage('form.titleMax', { max: 200 })),
  ),
  description: trimmedText.pipe(
    z
      .string()
      .min(1, adminMessage('form.descriptionRequired'))
      .max(5000, adminMessage('form.descriptionMax', { max: 5000 })),
  ),
  /** HTML; the server sanitises it with an allow-list before saving. */
  content: z.preprocess(
    emptyToNull,
    z
      .string()
      .max(200_000, adminMessage('product.contentMax', { max: 200_000 }))
      .nullable(),
  ),
  category: refId(adminMessage('product.categoryRequired'), adminMessage('product.categoryInvalid')),
  creator: refId(adminMessage('product.creatorRequired'), adminMessage('product.creatorInvalid')),
  type: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'course' : v), productTypeSchema),
  difficulty: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'beginner' : v),
    difficultySchema,
  ),
  duration: durationSchema,
  thumbnail: linkSchema(
    adminMessage('product.thumbnailMax', { max: 2000 }),
    adminMessage('product.thumbnailLink'),
  ),
  videoUrl: linkSchema(
    adminMessage('product.videoUrlMax', { max: 2000 }),
    adminMessage('product.videoUrlLink'),
  ),
  /** An uploaded video (media service): streamed adaptively once processed; videoUrl plays until then. */
  mediaAssetId: z.preprocess(
    emptyToNull,
    z
      .string()
      .regex(/^[0-9a-f]{24}$/, adminMessage('product.videoUploadInvalid'))
      .nullable(),
  ),
  tags: tagsSchema,
  price: priceSchema,
  instructor: optionalText(100, adminMessage('product.instructorMax', { max: 100 })),
  /** Optional; generated from the title when blank, normalised as section 5 describes. */
  slug: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .transform(normaliseSlug)
      .pipe(z.string().max(120, adminMessage('form.slugMax', { max: 120 })))
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
