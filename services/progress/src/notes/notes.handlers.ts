import {
  NOTE_NOT_FOUND_MESSAGE,
  NOTES_FULL_MESSAGE,
  NOTES_MAX,
  type Identity,
  type Note,
  type noteRoutes,
  type ProductSummary,
} from '@catalyst/contracts';
import { conflict, newObjectId, notFound, requestLanguage, type RouteHandlers } from '@catalyst/service-kit';
import { renderMarkdown } from '@catalyst/service-kit/markdown';
import type { Deps } from '../deps';
import type { NoteRow } from '../db/tables/notes';
import * as repo from './notes.repository';
import { renderNotesPdf, type PdfNoteGroup } from './notes.pdf';

/** Markdown rendered and sanitised as posts are; a bookmark (no text) has no HTML. */
const htmlOf = (body: string) => (body.trim() === '' ? '' : renderMarkdown(body));

/** A product the learner may still see named: content has it, and it is published (an admin sees drafts too). */
const shown = (identity: Identity, product: ProductSummary | undefined) =>
  product && (product.isPublished || identity.role === 'admin') ? product : undefined;

/** Notes and bookmarks: every query names the caller, so another learner's note is a 404 like a missing one. */
export function createNoteHandlers({
  db,
  catalog,
  config,
}: Pick<Deps, 'db' | 'catalog' | 'config'>): RouteHandlers<typeof noteRoutes> {
  /**
   * The PDF's courses: in the order of their newest note, each note in its lesson's place in the course, then
   * by second. A lesson's title is content's (a lesson no longer in the course, or content not answering,
   * says so); a product no longer listed keeps its notes under a title that says so, as the page does.
   */
  async function pdfGroups(identity: Identity, rows: NoteRow[], requestId: string): Promise<PdfNoteGroup[]> {
    const productIds = [...new Set(rows.map((row) => row.product_id))];
    const products = await catalog.lookup(productIds, requestId);
    const lessons = new Map(
      await Promise.all(
        productIds
          .filter((id) => rows.some((row) => row.product_id === id && row.lesson_id !== null))
          .map(async (id) => {
            const course = await catalog.courseLessons(id, requestId).catch(() => null);
            return [id, course?.lessons ?? []] as const;
          }),
      ),
    );
    return productIds.map((id) => {
      const order = lessons.get(id) ?? [];
      const place = (row: NoteRow) => {
        const at = order.findIndex((lesson) => lesson.id === row.lesson_id);
        return at === -1 ? order.length : at;
      };
      const notes = rows
        .filter((row) => row.product_id === id)
        .sort((a, b) => place(a) - place(b) || a.seconds - b.seconds || a.id.localeCompare(b.id));
      return {
        title: shown(identity, products.get(id))?.title ?? 'A course no longer listed',
        notes: notes.map((row) => ({
          lessonTitle:
            row.lesson_id === null
              ? null
              : (order.find((lesson) => lesson.id === row.lesson_id)?.title ?? 'A lesson no longer listed'),
          seconds: row.seconds,
          body: row.body,
        })),
      };
    });
  }

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
          const product = shown(identity, products.get(note.productId));
          return {
            ...note,
            product: product
              ? { title: product.title, slug: product.slug, productId: product.productId }
              : null,
          };
        }),
        ...paged,
      };
    },
    /** Every note (or those matching `q`: at most NOTES_MAX are kept) as one PDF, downloaded as a file. */
    async exportNotesPdf({ identity, query, requestId }, c) {
      const { rows } = await repo.listNotes(db, identity.id, { q: query.q, page: 1, limit: NOTES_MAX });
      const bytes = await renderNotesPdf(await pdfGroups(identity, rows, requestId), {
        siteName: config.SITE_NAME,
        learnerName: identity.name,
        exportedAt: new Date(),
        q: query.q,
        // The account's language; a browser's download of the link says its own when none was chosen.
        language: identity.locale ?? requestLanguage(c),
      });
      return new Response(new Uint8Array(bytes), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="catalyst-notes.pdf"',
          'Content-Length': String(bytes.byteLength),
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
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
