import { z } from 'zod';
import { objectIdSchema, pageSchema } from './api';
import { NOTE_BODY_MAX, NOTE_TOO_LONG_MESSAGE } from './notes-terms';

export * from './notes-terms';

/** The longest lesson or video a note can point into: 100 hours. */
const SECONDS_MAX = 360_000;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const noteBodySchema = z.string().max(NOTE_BODY_MAX, NOTE_TOO_LONG_MESSAGE);
/** A whole second of the video (a fraction is dropped: a note is pinned to the second it was taken). */
const secondsSchema = z.number().finite().min(0).max(SECONDS_MAX).transform(Math.floor);

/** GET /notes?productId=&lessonId=: one product's (or lesson's) notes in time order, or every note, newest first. */
export const noteListQuerySchema = z.object({
  productId: z.preprocess(blankToUndefined, objectIdSchema.optional()),
  lessonId: z.preprocess(blankToUndefined, objectIdSchema.optional()),
  /** Words every listed note's text contains (case-insensitive). */
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type NoteListQuery = z.infer<typeof noteListQuerySchema>;

/** GET /notes/export/pdf: every note (or those whose text contains `q`) as one PDF. */
export const noteExportQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
});

/**
 * POST /notes. `id` is chosen by the client (a 24-hex id), so a note sent again after a lost answer (offline
 * replay) is stored once; an empty body is a bookmark.
 */
export const noteCreateBodySchema = z.object({
  id: objectIdSchema.optional(),
  productId: objectIdSchema,
  lessonId: objectIdSchema.nullish(),
  seconds: secondsSchema,
  body: noteBodySchema.default(''),
});
export type NoteCreateBody = z.input<typeof noteCreateBodySchema>;

/** PATCH /notes/{id}: the text, the second, or both. */
export const noteUpdateBodySchema = z
  .object({ seconds: secondsSchema.optional(), body: noteBodySchema.optional() })
  .refine((b) => b.seconds !== undefined || b.body !== undefined, 'Send the note text or its second');
export type NoteUpdateBody = z.input<typeof noteUpdateBodySchema>;

export const noteParamsSchema = z.object({ id: objectIdSchema });

/** One note as its author sees it: the Markdown source and its sanitised HTML. */
export const noteSchema = z.object({
  id: objectIdSchema,
  productId: objectIdSchema,
  lessonId: objectIdSchema.nullable(),
  seconds: z.number().int(),
  body: z.string(),
  bodyHtml: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** A listed note; listed without a product (every note), it names its product (null: no longer published). */
export const noteListItemSchema = noteSchema.extend({
  product: z.object({ title: z.string(), slug: z.string(), productId: z.string() }).nullable().optional(),
});
export type NoteListItem = z.infer<typeof noteListItemSchema>;

export const notePageSchema = pageSchema(noteListItemSchema);
export const noteDeletedSchema = z.object({ id: objectIdSchema, deleted: z.boolean() });
