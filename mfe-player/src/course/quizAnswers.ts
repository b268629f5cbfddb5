import type { Quiz, QuizAttemptBody, QuizPaper } from '@catalyst/contracts';
import { playerStrings } from '../i18n/en';

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
  return count === 0 ? null : playerStrings.t('quiz.unanswered', { count });
}

/**
 * The quiz in the order of the learner's paper (shuffled per attempt by the server): its questions, and each
 * question's options, as served; anything the paper does not name (the quiz changed since) after them.
 * Without a paper, the quiz as content gives it.
 */
export function orderedQuiz<Q extends Pick<Quiz, 'questions'>>(
  quiz: Q,
  paper: Pick<QuizPaper, 'questions'> | null,
): Q {
  if (!paper) return quiz;
  const byId = new Map(quiz.questions.map((question) => [question.id, question]));
  const served = paper.questions.flatMap((entry) => {
    const question = byId.get(entry.questionId);
    if (!question) return [];
    const options = new Map(question.options.map((option) => [option.id, option]));
    return [
      {
        ...question,
        options: [
          ...entry.optionIds.flatMap((id) => (options.has(id) ? [options.get(id)!] : [])),
          ...question.options.filter((option) => !entry.optionIds.includes(option.id)),
        ],
      },
    ];
  });
  const rest = quiz.questions.filter((q) => !paper.questions.some((entry) => entry.questionId === q.id));
  return { ...quiz, questions: [...served, ...rest] };
}
