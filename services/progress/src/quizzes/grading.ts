import { QUIZ_MESSAGES, type QuizAttemptBody, type QuizKey } from '@catalyst/contracts';
import { badRequest } from '@catalyst/service-kit';
import type { GradedQuestion } from '../db/tables/quiz-attempts';

export interface Grading {
  /** Whole percent of the quiz's questions answered right (an unanswered question is wrong). */
  score: number;
  passed: boolean;
  questions: GradedQuestion[];
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * Grades an attempt against the quiz's answer key. An answer naming a question the quiz does not have, an
 * option its question does not have, a question twice, or more than one option of a single-choice or
 * true/false question is the learner's mistake: a 400 naming the answer, and nothing is kept.
 */
export function gradeAttempt(key: QuizKey, answers: QuizAttemptBody['answers']): Grading {
  const questions = new Map(key.questions.map((question) => [question.id, question]));
  const chosen = new Map<string, string[]>();
  answers.forEach((answer, i) => {
    const question = questions.get(answer.questionId);
    if (!question)
      throw badRequest(QUIZ_MESSAGES.unknownQuestion(answer.questionId), [
        { field: `answers.${i}.questionId`, message: QUIZ_MESSAGES.unknownQuestion(answer.questionId) },
      ]);
    if (chosen.has(answer.questionId))
      throw badRequest(QUIZ_MESSAGES.answeredTwice(answer.questionId), [
        { field: `answers.${i}.questionId`, message: QUIZ_MESSAGES.answeredTwice(answer.questionId) },
      ]);
    const optionIds = [...new Set(answer.optionIds)];
    const unknown = optionIds.find((id) => !question.optionIds.includes(id));
    if (unknown)
      throw badRequest(QUIZ_MESSAGES.unknownOption(unknown), [
        { field: `answers.${i}.optionIds`, message: QUIZ_MESSAGES.unknownOption(unknown) },
      ]);
    if (question.kind !== 'multiple' && optionIds.length > 1)
      throw badRequest(QUIZ_MESSAGES.oneAnswer, [
        { field: `answers.${i}.optionIds`, message: QUIZ_MESSAGES.oneAnswer },
      ]);
    chosen.set(answer.questionId, optionIds);
  });

  const graded = key.questions.map((question): GradedQuestion => {
    const picked = chosen.get(question.id) ?? [];
    return {
      questionId: question.id,
      correct: picked.length > 0 && sameSet(picked, question.correctOptionIds),
      chosenOptionIds: picked,
      correctOptionIds: question.correctOptionIds,
      explanation: question.explanation,
    };
  });
  const right = graded.filter((question) => question.correct).length;
  // Rounded down: a score shown as the pass mark has truly reached it.
  const score = graded.length === 0 ? 0 : Math.floor((right * 100) / graded.length);
  return { score, passed: score >= key.passPercent, questions: graded };
}

/**
 * The grading as the learner reads it: after a pass, every question with the right options and why; after a
 * fail, which questions were wrong and what was chosen, never the right options nor the explanations (the
 * learner works them out; the kept attempt holds everything).
 */
export function gradingForLearner(grading: Grading) {
  if (grading.passed) return grading.questions;
  return grading.questions.map(({ questionId, correct, chosenOptionIds }) => ({
    questionId,
    correct,
    chosenOptionIds,
  }));
}
