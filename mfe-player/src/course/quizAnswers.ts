import type { Quiz, QuizAttemptBody } from '@catalyst/contracts';

type Question = Quiz['questions'][number];

/** The options a learner has chosen, by question id (a question not in it is unanswered). */
export type QuizAnswers = Readonly<Record<string, readonly string[]>>;

/** A click on an option: a single or true/false question keeps that one; a multiple-choice question toggles it. */
export function chooseOption(
  answers: QuizAnswers,
  question: Pick<Question, 'id' | 'kind'>,
  optionId: string,
  checked: boolean,
): QuizAnswers {
  const kept = answers[question.id] ?? [];
  const chosen =
    question.kind === 'multiple'
      ? checked
        ? [...kept.filter((id) => id !== optionId), optionId]
        : kept.filter((id) => id !== optionId)
      : checked
        ? [optionId]
        : [];
  const { [question.id]: _, ...rest } = answers;
  return chosen.length > 0 ? { ...rest, [question.id]: chosen } : rest;
}

export const isAnswered = (answers: QuizAnswers, questionId: string): boolean =>
  (answers[questionId]?.length ?? 0) > 0;

/** The questions of the quiz still without an answer, in quiz order. */
export const unansweredOf = (quiz: Pick<Quiz, 'questions'>, answers: QuizAnswers): Question[] =>
  quiz.questions.filter((q) => !isAnswered(answers, q.id));

/** The attempt's body: every answered question in quiz order (an unanswered one scores nothing, so it is left out). */
export const attemptBodyOf = (quiz: Pick<Quiz, 'questions'>, answers: QuizAnswers): QuizAttemptBody => ({
  answers: quiz.questions
    .filter((q) => isAnswered(answers, q.id))
    .map((q) => ({ questionId: q.id, optionIds: [...answers[q.id]!] })),
});

/** "2 questions are unanswered: they score nothing." (null when every question is answered). */
export function unansweredWarning(count: number): string | null {
  if (count === 0) return null;
  return count === 1
    ? '1 question is unanswered: it scores nothing.'
    : `${count} questions are unanswered: they score nothing.`;
}
