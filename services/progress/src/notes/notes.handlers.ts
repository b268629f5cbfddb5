import { NOTE_NOT_FOUND_MESSAGE, NOTES_FULL_MESSAGE, type Note, type noteRoutes } from '@catalyst/contracts';
import { conflict, newObjectId, notFound, type RouteHandlers } from '@catalyst/service-kit';
import { renderMarkdown } from '@catalyst/service-kit/markdown';
import type { Deps } from '../deps';
import * as repo from './notes.repository';

/** Markdown rendered and sanitised as posts are; a bookmark (no text) has no HTML. */
const htmlOf = (body: string) => (body.trim() === '' ? '' : renderMarkdown(body));

/** Notes and bookmarks: every query names the caller, so another learner's note is a 404 like a missing one. */
export function createNoteHandlers({
  db,
  catalog,
}: Pick<Deps, 'db' | 'catalog'>): RouteHandlers<typeof noteRoutes> {
  return {
    async listNotes({ identity, query, requestId }) {
      const { rows, total } = await repo.listNotes(db, identity.id, query);
      const items = rows.map(repo.toNote);
      const paged = { total, page: query.page, limit: query.limit };
      if (query.productId !== undefined) return { items, ...paged };
      // Every note: each names its product, looked up once for the page (a product no longer listed: null).
      const products = await catalog.lookup([...new Set(rows.map((row) => row.product_id))], requestId);
      return {
        items: items.map((note) => {
          const product = products.get(note.productId);
          return {
            ...note,
            product:
              product && (product.isPublished || identity.role === 'admin')
                ? { title: product.title, slug: product.slug, productId: product.productId }
                : null,
          };
        }),
        ...paged,
      };
    },
    async createNote({ identity, body }): Promise<Note> {
      const row = await repo.insertNote(db, identity.id, {
        id: body.id ?? newObjectId(),
        product_id: body.productId,
        lesson_id: body.lessonId ?? null,
        seconds: body.seconds,
        body: body.body,
        body_html: htmlOf(body.body),
      });
      if (row === 'full') throw conflict(NOTES_FULL_MESSAGE);
      return repo.toNote(row);
    },
    async updateNote({ identity, params, body }): Promise<Note> {
      const row = await repo.updateNote(db, identity.id, params.id, {
        ...(body.seconds === undefined ? {} : { seconds: body.seconds }),
        ...(body.body === undefined ? {} : { body: body.body, body_html: htmlOf(body.body) }),
      });
      if (!row) throw notFound(NOTE_NOT_FOUND_MESSAGE);
      return repo.toNote(row);
    },
    async deleteNote({ identity, params }) {
      if (!(await repo.deleteNote(db, identity.id, params.id))) throw notFound(NOTE_NOT_FOUND_MESSAGE);
      return { id: params.id, deleted: true };
    },
  };
}
