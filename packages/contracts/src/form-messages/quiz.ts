// The form messages of a quiz lesson's questions, in English. Zod-free and small: a schema loads only its
// own area's texts; ../form-messages.ts joins every area's, and es/de/ar translate them.
import { QUIZ_MESSAGES } from '../quiz-terms';
import { messageOf } from './fill';

export const QUIZ_FORM_MESSAGES = {
  'quiz.required': QUIZ_MESSAGES.quizRequired,
  'quiz.oneCorrect': QUIZ_MESSAGES.oneCorrect,
  'quiz.someCorrect': QUIZ_MESSAGES.someCorrect,
  'quiz.trueFalseOptions': QUIZ_MESSAGES.trueFalseOptions,
  'quiz.questionsMax': 'At most {{max}} questions per quiz',
  'quiz.passPercent': 'Pass mark must be a whole percent from 1 to 100',
  'quiz.kindInvalid': 'Question kind must be one of: {{values}}',
  'quiz.promptRequired': 'Question is required',
  'quiz.promptMax': 'Question must be at most {{max}} characters',
  'quiz.optionsMin': 'A question needs at least two options',
  'quiz.optionsMax': 'At most {{max}} options per question',
  'quiz.optionRequired': 'Option text is required',
  'quiz.optionMax': 'Option text must be at most {{max}} characters',
  'quiz.correctBoolean': 'Correct must be true or false',
  'quiz.explanationMax': 'Explanation must be at most {{max}} characters',
} as const;

export const quizMessage = messageOf(QUIZ_FORM_MESSAGES);
