// A quiz lesson's questions as the editor holds them: keys of their own (a new question or option has no id
// until the server gives it one), the edits the quiz builder makes, and the quiz one save sends.
import type { AdminQuiz, QuizInput, QuizQuestionKind } from '@catalyst/contracts';

export interface DraftOption {
  key: string;
  id: string | null;
  text: string;
  isCorrect: boolean;
}

export interface DraftQuestion {
  key: string;
  id: string | null;
  kind: QuizQuestionKind;
  prompt: string;
  options: DraftOption[];
  /** Shown to learners once they submit; '' for none. */
  explanation: string;
}

export interface DraftQuiz {
  /** The pass mark as typed (whole percent). */
  passPercent: string;
  questions: DraftQuestion[];
}

/** The quiz one save sends (inside a quiz lesson; other kinds send none). */
export type QuizBody = Omit<QuizInput, 'passPercent'> & { passPercent?: number };

/** The pass mark a new quiz starts with (the server's default too). */
export const DEFAULT_PASS_PERCENT = 70;
/** A true/false question's options, always these two, in this order. */
export const TRUE_FALSE_TEXTS = ['True', 'False'] as const;

let lastKey = 0;
const newKey = (prefix: 'q' | 'o') => `${prefix}${++lastKey}`;

export const emptyQuiz = (): DraftQuiz => ({ passPercent: String(DEFAULT_PASS_PERCENT), questions: [] });

export const newOption = (text = '', isCorrect = false): DraftOption => ({
  key: newKey('o'),
  id: null,
  text,
  isCorrect,
});

const trueFalseOptions = () => TRUE_FALSE_TEXTS.map((text) => newOption(text));

/** A new question of this kind: two empty options (True and False for a true/false one), none marked correct. */
export function newQuestion(kind: QuizQuestionKind = 'single'): DraftQuestion {
  return {
    key: newKey('q'),
    id: null,
    kind,
    prompt: '',
    options: kind === 'true-false' ? trueFalseOptions() : [newOption(), newOption()],
    explanation: '',
  };
}

/** The editor's copy of a stored quiz; each item keeps the key it had at the same place in `previous` (after a save). */
export function quizFrom(quiz: AdminQuiz, previous?: DraftQuiz): DraftQuiz {
  return {
    passPercent: String(quiz.passPercent),
    questions: quiz.questions.map((question, q) => {
      const before = previous?.questions[q];
      return {
        key: before?.key ?? newKey('q'),
        id: question.id,
        kind: question.kind,
        prompt: question.prompt,
        explanation: question.explanation ?? '',
        options: question.options.map((option, o) => ({
          key: before?.options[o]?.key ?? newKey('o'),
          id: option.id,
          text: option.text,
          isCorrect: option.isCorrect,
        })),
      };
    }),
  };
}

/** The pass mark to send: empty leaves the server's default; anything else as typed (the schema says what is wrong). */
const passPercentOf = (typed: string): number | undefined =>
  typed.trim() === '' ? undefined : Number(typed);

export function quizBody(quiz: DraftQuiz): QuizBody {
  return {
    passPercent: passPercentOf(quiz.passPercent),
    questions: quiz.questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      options: question.options.map((option) => ({
        id: option.id,
        text: option.text,
        isCorrect: option.isCorrect,
      })),
      explanation: question.explanation.trim() === '' ? null : question.explanation,
    })),
  };
}

// ---------- edits (each returns a new quiz) ----------

export const updateQuestion = (
  quiz: DraftQuiz,
  questionKey: string,
  patch: Partial<Omit<DraftQuestion, 'key' | 'options' | 'kind'>>,
): DraftQuiz => ({
  ...quiz,
  questions: quiz.questions.map((question) =>
    question.key === questionKey ? { ...question, ...patch } : question,
  ),
});

const withOptions = (
  quiz: DraftQuiz,
  questionKey: string,
  change: (options: DraftOption[], question: DraftQuestion) => DraftOption[],
): DraftQuiz => ({
  ...quiz,
  questions: quiz.questions.map((question) =>
    question.key === questionKey ? { ...question, options: change(question.options, question) } : question,
  ),
});

/**
 * A question's kind changed: a true/false question gets exactly True and False (keeping which was correct when
 * it already had those two); a single-choice one keeps only its first correct option; options otherwise stay.
 */
export function setQuestionKind(quiz: DraftQuiz, questionKey: string, kind: QuizQuestionKind): DraftQuiz {
  return {
    ...quiz,
    questions: quiz.questions.map((question) => {
      if (question.key !== questionKey || question.kind === kind) return question;
      if (kind === 'true-false') {
        const kept = TRUE_FALSE_TEXTS.map((text) =>
          question.options.find((option) => option.text.trim().toLowerCase() === text.toLowerCase()),
        );
        const options =
          kept.every(Boolean) && question.options.length === 2
            ? kept.map((option, i) => ({ ...option!, text: TRUE_FALSE_TEXTS[i]! }))
            : trueFalseOptions();
        return { ...question, kind, options };
      }
      if (kind === 'single') {
        const first = question.options.findIndex((option) => option.isCorrect);
        return {
          ...question,
          kind,
          options: question.options.map((option, i) => ({ ...option, isCorrect: i === first })),
        };
      }
      return { ...question, kind };
    }),
  };
}

/** Marks an option correct: the only one for a single-choice or true/false question, toggled for a multiple-choice one. */
export const setCorrect = (
  quiz: DraftQuiz,
  questionKey: string,
  optionKey: string,
  checked: boolean,
): DraftQuiz =>
  withOptions(quiz, questionKey, (options, question) =>
    options.map((option) =>
      option.key === optionKey
        ? { ...option, isCorrect: checked }
        : question.kind === 'multiple' || !checked
          ? option
          : { ...option, isCorrect: false },
    ),
  );

export const setOptionText = (
  quiz: DraftQuiz,
  questionKey: string,
  optionKey: string,
  text: string,
): DraftQuiz =>
  withOptions(quiz, questionKey, (options) =>
    options.map((option) => (option.key === optionKey ? { ...option, text } : option)),
  );

export const addOption = (quiz: DraftQuiz, questionKey: string, option: DraftOption): DraftQuiz =>
  withOptions(quiz, questionKey, (options) => [...options, option]);

export const removeOption = (quiz: DraftQuiz, questionKey: string, optionKey: string): DraftQuiz =>
  withOptions(quiz, questionKey, (options) => options.filter((option) => option.key !== optionKey));

export const addQuestion = (quiz: DraftQuiz, question: DraftQuestion): DraftQuiz => ({
  ...quiz,
  questions: [...quiz.questions, question],
});

export const removeQuestion = (quiz: DraftQuiz, questionKey: string): DraftQuiz => ({
  ...quiz,
  questions: quiz.questions.filter((question) => question.key !== questionKey),
});

/** Every key of a quiz's questions and options (errors are kept by them). */
export const quizItemKeys = (quiz: DraftQuiz): string[] =>
  quiz.questions.flatMap((question) => [question.key, ...question.options.map((option) => option.key)]);

// ---------- errors ----------

const QUESTION_FIELDS = new Set(['kind', 'prompt', 'explanation', 'options']);

/**
 * The editor's key of a quiz error (`quiz.questions.1.options.0.text` under a lesson): the lesson's own quiz
 * fields (`l7.quiz.passPercent`, `l7.quiz.questions`), a question's (`q3.prompt`, `q3.options`) or an option's
 * (`o9.text`, `o9.isCorrect`); null when it names nothing the editor shows.
 */
export function quizFieldOf(lessonKey: string, quiz: DraftQuiz, path: readonly string[]): string | null {
  const [field, questionAt, questionField, optionAt, optionField] = path;
  if (field === undefined) return `${lessonKey}.quiz`;
  if (field === 'passPercent') return questionAt === undefined ? `${lessonKey}.quiz.passPercent` : null;
  if (field !== 'questions') return null;
  if (questionAt === undefined) return `${lessonKey}.quiz.questions`;
  const question = quiz.questions[Number(questionAt)];
  if (!question || questionField === undefined || !QUESTION_FIELDS.has(questionField)) return null;
  if (questionField !== 'options') return optionAt === undefined ? `${question.key}.${questionField}` : null;
  if (optionAt === undefined) return `${question.key}.options`;
  const option = question.options[Number(optionAt)];
  if (option && (optionField === 'text' || optionField === 'isCorrect'))
    return `${option.key}.${optionField}`;
  return `${question.key}.options`;
}
