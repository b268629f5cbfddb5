import { z } from 'zod';
import { basicMessage } from './form-messages/basic';
import type { ReasonRule } from './reason-terms';

/** One field's problem, as the one error shape carries it. */
const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error shape on the wire (architecture rule 4). */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * A page of a list, with the total for paging controls. Catalogue lists count at most LISTING_WINDOW matches:
 * beyond it `total` is LISTING_WINDOW and `totalCapped` is true ("1,000+"; narrow the search to see the rest).
 */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalCapped: z.boolean().optional(),
  });
export type Page<T> = { items: T[]; total: number; page: number; limit: number; totalCapped?: boolean };

/** How many matches of a catalogue list offset paging reaches (and its total counts): bounded work per page at any size. */
export const LISTING_WINDOW = 1_000;

/** The body of an admin action that needs a reason: `{ reason }`, trimmed, checked by the rule the dialogs use. */
export const reasonBodySchema = (rule: ReasonRule) =>
  z.object({
    reason: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ error: rule.required }).min(rule.min, rule.tooShort).max(rule.max, rule.tooLong),
    ),
  });

/** Entity ids are 24-character lowercase hex strings. */
export const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/, basicMessage('form.invalidId'));

/** page/limit query parameters shared by every list call. */
export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
