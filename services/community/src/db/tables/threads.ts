import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A discussion on a product or one lesson of it; its opening post is the `posts` row with is_opening. */
export interface ThreadsTable {
  id: string;
  /** Insertion order: the keyset of the lists. */
  seq: ColumnType<string, never, never>;
  product_id: string;
  lesson_id: string | null;
  /** `productId/lessonId` (lessonId empty for the product's own discussions): what lists filter on. */
  target: ColumnType<string, never, never>;
  title: string;
  author_id: string;
  locked: Generated<boolean>;
  answer_post_id: string | null;
  /** Replies of every status (hidden and deleted keep their place). */
  reply_count: Generated<number>;
  /** The opening post's upvotes (the 'top' sort). */
  upvotes: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_activity_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type ThreadRow = Selectable<ThreadsTable>;
export type NewThreadRow = Insertable<ThreadsTable>;

/** Threads and answered threads per target: the lists' totals. */
export interface DiscussionTargetsTable {
  target: string;
  thread_count: Generated<number>;
  answered_count: Generated<number>;
}
