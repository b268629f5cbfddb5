import type { ColumnType, Insertable, Selectable } from 'kysely';

/** A learner's note or bookmark (an empty body), pinned to a second of a video or a course lesson. */
export interface NotesTable {
  /** Chosen by the client (so an offline replay is stored once); unique per learner. */
  id: string;
  user_id: string;
  /** The product's `_id` in the content service. */
  product_id: string;
  /** The lesson's id in the course's curriculum; null for a video. */
  lesson_id: string | null;
  seconds: number;
  /** The Markdown the learner wrote, and its sanitised HTML (service-kit's renderer, as posts). */
  body: string;
  body_html: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type NoteRow = Selectable<NotesTable>;
export type NewNoteRow = Insertable<NotesTable>;
