import { z } from 'zod';
import { objectIdSchema } from './api';
import { publicProductSchema } from './catalog';
import { cursorPageSchema } from './community';
import { groupDigits } from './no-intl';

/** How many products one member may keep saved: the bookmark's state on every card is read in one answer. */
export const SAVED_MAX = 1_000;
export const SAVED_FULL_MESSAGE = `You can save up to ${groupDigits(SAVED_MAX)} courses: remove one to save another`;

/** The product a save names: its `_id`, as every card carries it. */
export const savedParamsSchema = z.object({ productId: objectIdSchema });

/** The saved list's page: newest first, going on from the previous page's `nextCursor`. */
export const savedListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type SavedListQuery = z.infer<typeof savedListQuerySchema>;

/** One saved product: what a card shows, and when it was saved. */
export const savedProductSchema = z.object({ savedAt: z.string(), product: publicProductSchema });
export type SavedProduct = z.infer<typeof savedProductSchema>;

export const savedPageSchema = cursorPageSchema(savedProductSchema);

/** Every product the member saved (ids only), so each card can show its bookmark's state. */
export const savedIdsSchema = z.object({ productIds: z.array(objectIdSchema) });
export type SavedIds = z.infer<typeof savedIdsSchema>;

/** What a save or an unsave leaves: the product and whether it is saved now. */
export const savedStateSchema = z.object({ productId: objectIdSchema, saved: z.boolean() });
export type SavedState = z.infer<typeof savedStateSchema>;
