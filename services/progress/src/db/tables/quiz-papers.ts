import type { ColumnType, Selectable } from 'kysely';

/** A question of a paper as served: its id and its options' ids, in this paper's order. */
export interface PaperQuestion {
  questionId: string;
  optionIds: string[];
}

/** The paper of one attempt at a quiz: the order it was served in (shuffled per attempt). */
export interface QuizPapersTable {
  id: string;
  user_id: string;
  product_id: string;
  lesson_id: string;
  questions: ColumnType<PaperQuestion[], string, never>;
  served_at: ColumnType<Date, Date | string | undefined, never>;
  /** The graded attempt that answered it; null while it is being answered. */
  attempt_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type QuizPaperRow = Selectable<QuizPapersTable>;
