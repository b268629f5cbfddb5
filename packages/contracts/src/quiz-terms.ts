// The zod-free terms of quizzes (kinds, limits, messages): the player reads them without downloading zod.

export const QUIZ_QUESTION_KINDS = ['single', 'multiple', 'true-false'] as const;
export type QuizQuestionKind = (typeof QUIZ_QUESTION_KINDS)[number];

/**
 * How long a learner waits after an attempt before the next one at the same quiz, by how many of their
 * attempts at it have failed: 10 s after the first failure, then 1 min, 5 min, and 1 h from the fourth on
 * (a learner who has only passed waits the first step).
 */
export const RETAKE_GAPS_SECONDS = [10, 60, 300, 3_600] as const;
export const retakeGapSeconds = (failedAttempts: number): number =>
  RETAKE_GAPS_SECONDS[Math.min(Math.max(failedAttempts, 1), RETAKE_GAPS_SECONDS.length) - 1]!;

/** A wait in words: "45 seconds", "1 minute", "4 minutes 30 seconds", "1 hour". */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (s < 60) return unit(s, 'second');
  const hours = Math.floor(s / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  const rest = s % 60;
  if (hours > 0)
    return [unit(hours, 'hour'), minutes > 0 ? unit(minutes, 'minute') : ''].filter(Boolean).join(' ');
  return [unit(minutes, 'minute'), rest > 0 ? unit(rest, 'second') : ''].filter(Boolean).join(' ');
}

/** A live countdown's text: "0:09", "4:59", "59:59", "1:00:00". */
export function countdownOf(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(s % 60)}` : `${minutes}:${pad(s % 60)}`;
}

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
  tooFast: (seconds: number) => `Take a moment with what you got wrong: try again in ${waitInWords(seconds)}`,
  paperSubmitted: 'This attempt was already submitted: start a new attempt',
  paperNotYours: 'This attempt is not one of yours at this quiz: start a new attempt',
  notAQuiz: 'This lesson is not a quiz',
  passToComplete: 'A quiz is completed by passing it',
  passed: (score: number) => `Passed with ${score}%`,
  failed: (score: number, pass: number) =>
    `${score}%: ${pass}% passes. Look again at the questions marked wrong, then try again.`,
} as const;
