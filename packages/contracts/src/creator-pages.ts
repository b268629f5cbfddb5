import { z } from 'zod';
import { objectIdSchema } from './api';
import { publicProductSchema } from './catalog';
import { creatorPageMessage } from './form-messages/creator-page';
import { reviewSchema } from './reviews';

/** At most this many links on a creator's public page. */
export const CREATOR_LINKS_MAX = 6;

export const creatorLinkMessages = {
  label: creatorPageMessage('creatorPage.linkLabel', { max: 40 }),
  url: creatorPageMessage('creatorPage.linkUrl'),
  tooMany: creatorPageMessage('creatorPage.linksMax', { max: CREATOR_LINKS_MAX }),
} as const;

/** A link a creator shows on their public page (their site, a channel): https only, labelled. */
export const creatorLinkSchema = z.object({
  label: z.string().trim().min(1, creatorLinkMessages.label).max(40, creatorLinkMessages.label),
  url: z
    .string()
    .trim()
    .max(500, creatorLinkMessages.url)
    .refine((value) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    }, creatorLinkMessages.url),
});
export type CreatorLink = z.infer<typeof creatorLinkSchema>;

export const creatorLinksSchema = z
  .array(creatorLinkSchema)
  .max(CREATOR_LINKS_MAX, creatorLinkMessages.tooMany);

/**
 * GET /content/creators/:slug: a creator's public page. `learners`: the people who started any of their
 * published items; `averageRating`: the mean of every review of them (two decimals; null before the first).
 */
export const creatorPageSchema = z.object({
  creator: z.object({
    id: objectIdSchema,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    icon: z.string(),
    color: z.string(),
    links: z.array(creatorLinkSchema),
  }),
  products: z.array(publicProductSchema),
  learners: z.number().int(),
  averageRating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type CreatorPage = z.infer<typeof creatorPageSchema>;

export const creatorPageParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Creator not found')
    .max(100, 'Creator not found'),
});

export const creatorFollowParamsSchema = z.object({ creatorId: objectIdSchema });

/** Whether the caller follows the creator (told by e-mail when they publish), and how many do. */
export const creatorFollowSchema = z.object({
  creatorId: objectIdSchema,
  following: z.boolean(),
  followers: z.number().int(),
});
export type CreatorFollow = z.infer<typeof creatorFollowSchema>;

/** Content tells community what was published, for the creators' followers (internal). */
export const creatorNewsBodySchema = z.object({
  items: z
    .array(z.object({ productId: objectIdSchema, creatorId: objectIdSchema }))
    .min(1)
    .max(200),
});

/** Content's internal summary of a creator, for community's follow and e-mails. */
export const creatorSummarySchema = z.object({ id: objectIdSchema, name: z.string(), slug: z.string() });
export type CreatorSummary = z.infer<typeof creatorSummarySchema>;

/** GET/PUT /studio/profile: what a creator writes of their public page (the name and slug stay the admin's). */
export const creatorProfileBodySchema = z.object({
  description: z
    .string()
    .trim()
    .max(2000, creatorPageMessage('creatorPage.bioMax', { max: 2000 })),
  links: creatorLinksSchema,
});
export type CreatorProfileBody = z.infer<typeof creatorProfileBodySchema>;
export const creatorProfileSchema = creatorProfileBodySchema.extend({
  creatorId: objectIdSchema,
  name: z.string(),
  slug: z.string(),
});
export type CreatorProfile = z.infer<typeof creatorProfileSchema>;

/** GET /studio/reviews: the newest reviews of the creator's items, the unanswered only when asked. */
export const studioReviewsQuerySchema = z.object({
  unanswered: z
    .enum(['true', 'false'], { message: 'unanswered must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export const studioReviewSchema = reviewSchema.extend({
  product: z.object({ _id: objectIdSchema, title: z.string(), slug: z.string() }),
});
export type StudioReview = z.infer<typeof studioReviewSchema>;
/** At most this many reviews in the studio's list. */
export const STUDIO_REVIEWS_LIMIT = 50;
