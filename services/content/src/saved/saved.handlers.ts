import { z } from 'zod';
import { SAVED_FULL_MESSAGE, type savedRoutes } from '@catalyst/contracts';
import { badRequest, conflict, notFound, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { isSavable, listSaved, listSavedIds, saveProduct, unsaveProduct } from './saved.repository';

type Handlers = RouteHandlers<typeof savedRoutes>;

const cursorSchema = z.object({ s: z.string().regex(/^\d{1,19}$/) });
const encodeCursor = (seq: string) => Buffer.from(JSON.stringify({ s: seq })).toString('base64url');

/** The save a cursor names (400 when it is not one of ours). */
function afterSeqOf(cursor: string | undefined): string | null {
  if (!cursor) return null;
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).s;
  } catch {
    throw badRequest('Invalid cursor', [
      { field: 'cursor', message: 'This page cursor is not valid: start from the first page' },
    ]);
  }
}

/** A member's saved list: each handler reads and writes the caller's own rows only. */
export function createSavedHandlers({ db }: Deps): Handlers {
  return {
    async list({ query: { cursor, limit }, identity }) {
      const { rows, total } = await listSaved(db, identity.id, { afterSeq: afterSeqOf(cursor), limit });
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      return {
        items: items.map(({ savedAt, product }) => ({ savedAt, product })),
        nextCursor: rows.length > limit && last ? encodeCursor(last.seq) : null,
        total,
      };
    },

    ids: async ({ identity }) => ({ productIds: await listSavedIds(db, identity.id) }),

    async save({ params: { productId }, identity }) {
      if (!(await isSavable(db, productId))) throw notFound('Product not found');
      if (!(await saveProduct(db, identity.id, productId))) throw conflict(SAVED_FULL_MESSAGE);
      return { productId, saved: true };
    },

    async remove({ params: { productId }, identity }) {
      await unsaveProduct(db, identity.id, productId);
      return { productId, saved: false };
    },
  };
}
