import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { QuizAttemptBody } from '@catalyst/contracts';

/** One graded question of an attempt, as kept (the answer's questions, explanations included). */
export interface GradedQuestion {
  questionId: string;
  correct: boolean;
  chosenOptionIds: string[];
  correctOptionIds: string[];
  explanation: string | null;
}

/** One learner's attempt at a quiz lesson, graded by the server; every attempt is kept. */
export interface QuizAttemptsTable {
  id: string;
  user_id: string;
  /** The course's `_id` in the content service. */
  product_id: string;
  /** The quiz lesson's id in the content service's curriculum. */
  lesson_id: string;
  /** Whole percent of the quiz's questions answered right. */
  score: number;
  passed: boolean;
  /** What the learner sent. */
  answers: ColumnType<QuizAttemptBody['answers'], string, never>;
  /** Every question of the quiz, graded. */
  graded: ColumnType<GradedQuestion[], string, never>;
  submitted_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type QuizAttemptRow = Selectable<QuizAttemptsTable>;
export type NewQuizAttemptRow = Insertable<QuizAttemptsTable>;
