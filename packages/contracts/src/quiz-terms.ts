// The zod-free terms of quizzes (kinds, limits, messages): the player reads them without downloading zod.

export const QUIZ_QUESTION_KINDS = ['single', 'multiple', 'true-false'] as const;
export type QuizQuestionKind = (typeof QUIZ_QUESTION_KINDS)[number];

/** How long a learner waits between attempts at one quiz: a person needs a moment per question. */
export const retakeGapSeconds = (questions: number) => Math.max(10, 2 * questions);

export const QUIZ_LIMITS = {
  questions: 50,
  options: 10,
  prompt: 1_000,
  option: 500,
  explanation: 2_000,
} as const;

/** The words quizzes answer with, shared by content, progress, the player, the editor and the tests. */
export const QUIZ_MESSAGES = {
  quizRequired: 'A quiz lesson needs at least one question',
  oneCorrect: 'A single-choice or true/false question has exactly one correct option',
  someCorrect: 'A multiple-choice question has at least one correct option',
  trueFalseOptions: 'A true/false question has exactly the options True and False',
  unknownQuestion: (id: string) => `Question ${id} is not part of this quiz`,
  unknownOption: (id: string) => `Option ${id} is not an option of this question`,
  oneAnswer: 'Choose exactly one option for this question',
  answeredTwice: (id: string) => `Question ${id} is answered twice`,
  tooFast: (seconds: number) =>
    `Take a moment with the questions: you can submit again in ${seconds} seconds`,
  notAQuiz: 'This lesson is not a quiz',
  passToComplete: 'A quiz is completed by passing it',
  passed: (score: number) => `Passed with ${score}%`,
  failed: (score: number, pass: number) =>
    `${score}%: ${pass}% passes. Review the explanations and try again.`,
} as const;
