import { useId } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from '@catalyst/web-kit/icons';
import { QUIZ_LIMITS, QUIZ_QUESTION_KINDS, type QuizQuestionKind } from '@catalyst/contracts';
import { Button, TextField, useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../i18n/console/en';
import { SelectField, TextAreaField } from '../common/FormControls';
import styles from './Curriculum.module.css';
import { moveItem } from './curriculumDraft';
import {
  addOption,
  addQuestion,
  newOption,
  newQuestion,
  removeOption,
  removeQuestion,
  setCorrect,
  setOptionText,
  setQuestionKind,
  updateQuestion,
  type DraftQuestion,
  type DraftQuiz,
} from './quizDraft';

const KIND_LABELS = {
  single: 'curriculum.quiz.single',
  multiple: 'curriculum.quiz.multiple',
  'true-false': 'curriculum.quiz.trueFalse',
} as const satisfies Record<QuizQuestionKind, string>;
const CORRECT_HINTS = {
  single: 'curriculum.quiz.singleHint',
  multiple: 'curriculum.quiz.multipleHint',
  'true-false': 'curriculum.quiz.trueFalseHint',
} as const satisfies Record<QuizQuestionKind, string>;
/** The fewest options a question may have (the server's rule); Remove stops there. */
const MIN_OPTIONS = 2;

export interface QuizBuilderProps {
  lessonKey: string;
  /** The lesson's name as its controls say it ("Add question: lesson Grid basics"). */
  lessonName: string;
  quiz: DraftQuiz;
  errors: Record<string, string>;
  /** Changes the lesson's quiz. */
  onChange: (quiz: DraftQuiz) => void;
  clearError: (itemKey: string, field?: string) => void;
  requestFocus: (focusIds: string[]) => void;
  announce: (message: string) => void;
}

/** A quiz lesson's pass mark and questions: each question's kind, text, options with the correct ones marked, and an explanation. */
export function QuizBuilder({
  lessonKey,
  lessonName,
  quiz,
  errors,
  onChange,
  clearError,
  requestFocus,
  announce,
}: QuizBuilderProps) {
  const t = useStrings(consoleStrings);
  const { questions } = quiz;
  const quizError = errors[`${lessonKey}.quiz.questions`] ?? errors[`${lessonKey}.quiz`];

  const add = () => {
    const question = newQuestion();
    onChange(addQuestion(quiz, question));
    clearError(lessonKey, 'quiz.questions');
    clearError(lessonKey, 'quiz');
    announce(t('curriculum.quiz.added', { number: questions.length + 1 }));
    requestFocus([`${question.key}:prompt`]);
  };
  const move = (index: number, delta: -1 | 1, question: DraftQuestion) => {
    const next = moveItem(questions, index, index + delta);
    onChange({ ...quiz, questions: next });
    announce(
      t('curriculum.quiz.moved', {
        number: index + 1,
        position: next.indexOf(question) + 1,
        count: next.length,
      }),
    );
    requestFocus(
      delta < 0
        ? [`${question.key}:up`, `${question.key}:down`]
        : [`${question.key}:down`, `${question.key}:up`],
    );
  };
  const remove = (index: number, question: DraftQuestion) => {
    onChange(removeQuestion(quiz, question.key));
    clearError(question.key);
    for (const option of question.options) clearError(option.key);
    announce(t('curriculum.quiz.removed', { number: index + 1 }));
    requestFocus([`${lessonKey}:add-question`]);
  };

  return (
    <fieldset className={styles.group}>
      <legend>{t('curriculum.kind.quiz')}</legend>
      <TextField
        label={t('curriculum.quiz.passMark')}
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        step={1}
        value={quiz.passPercent}
        error={errors[`${lessonKey}.quiz.passPercent`]}
        hint={t('curriculum.quiz.passMarkHint')}
        onChange={(event) => {
          onChange({ ...quiz, passPercent: event.target.value });
          clearError(lessonKey, 'quiz.passPercent');
        }}
      />
      {questions.length === 0 ? <p className={styles.intro}>{t('curriculum.quiz.none')}</p> : null}
      {questions.length > 0 ? (
        <ol className={styles.questions} aria-label={t('curriculum.quiz.questionsOf', { name: lessonName })}>
          {questions.map((question, index) => (
            <QuestionItem
              key={question.key}
              question={question}
              index={index}
              count={questions.length}
              quiz={quiz}
              errors={errors}
              onChange={onChange}
              clearError={clearError}
              requestFocus={requestFocus}
              announce={announce}
              onMove={(delta) => move(index, delta, question)}
              onRemove={() => remove(index, question)}
            />
          ))}
        </ol>
      ) : null}
      {quizError ? (
        <p className={styles.error} role="alert">
          {quizError}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          disabled={questions.length >= QUIZ_LIMITS.questions}
          data-focus-id={`${lessonKey}:add-question`}
          aria-label={t('curriculum.lesson.control', {
            action: t('curriculum.quiz.addQuestion'),
            name: lessonName,
          })}
          onClick={add}
        >
          <Plus size={16} aria-hidden="true" /> {t('curriculum.quiz.addQuestion')}
        </Button>
      </div>
    </fieldset>
  );
}

interface QuestionItemProps extends Omit<QuizBuilderProps, 'lessonKey' | 'lessonName'> {
  question: DraftQuestion;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

function QuestionItem({
  question,
  index,
  count,
  quiz,
  errors,
  onChange,
  clearError,
  requestFocus,
  announce,
  onMove,
  onRemove,
}: QuestionItemProps) {
  const t = useStrings(consoleStrings);
  const uid = useId();
  const name = t('curriculum.quiz.name', { number: index + 1 });
  const fixed = question.kind === 'true-false';
  const error = (field: string) => errors[`${question.key}.${field}`];
  const optionsError = error('options');
  const hintId = `${uid}-correct-hint`;

  const addAnOption = () => {
    const option = newOption();
    onChange(addOption(quiz, question.key, option));
    clearError(question.key, 'options');
    requestFocus([`${option.key}:text`]);
  };

  return (
    <li className={styles.question} data-testid="quiz-question">
      <fieldset className={styles.group}>
        <legend>{t('curriculum.quiz.legend', { number: index + 1 })}</legend>
        <SelectField
          label={t('curriculum.quiz.kind')}
          value={question.kind}
          options={QUIZ_QUESTION_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABELS[kind]) }))}
          error={error('kind')}
          onChange={(event) => {
            const kind = event.target.value as QuizQuestionKind;
            onChange(setQuestionKind(quiz, question.key, kind));
            clearError(question.key, 'kind');
            clearError(question.key, 'options');
            for (const option of question.options) clearError(option.key);
            if (kind === 'true-false') announce(t('curriculum.quiz.nowTrueFalse', { number: index + 1 }));
          }}
        />
        <TextAreaField
          label={t('curriculum.quiz.text')}
          rows={2}
          maxLength={QUIZ_LIMITS.prompt}
          value={question.prompt}
          error={error('prompt')}
          data-focus-id={`${question.key}:prompt`}
          onChange={(event) => {
            onChange(updateQuestion(quiz, question.key, { prompt: event.target.value }));
            clearError(question.key, 'prompt');
          }}
        />
        <fieldset className={styles.group}>
          <legend>{t('curriculum.quiz.optionsOf', { number: index + 1 })}</legend>
          <p id={hintId} className={styles.intro}>
            {t(CORRECT_HINTS[question.kind])}
          </p>
          <ol className={styles.options}>
            {question.options.map((option, o) => {
              const textId = `${uid}-${option.key}-text`;
              return (
                <li key={option.key} className={styles.option}>
                  {fixed ? (
                    <span id={textId} className={styles.fixedOption}>
                      {option.text}
                    </span>
                  ) : (
                    <TextField
                      id={textId}
                      label={t('curriculum.quiz.optionText')}
                      value={option.text}
                      maxLength={QUIZ_LIMITS.option}
                      error={errors[`${option.key}.text`]}
                      data-focus-id={`${option.key}:text`}
                      onChange={(event) => {
                        onChange(setOptionText(quiz, question.key, option.key, event.target.value));
                        clearError(option.key, 'text');
                      }}
                    />
                  )}
                  <label className={styles.choice}>
                    <input
                      type={question.kind === 'multiple' ? 'checkbox' : 'radio'}
                      name={`${question.key}-correct`}
                      checked={option.isCorrect}
                      aria-describedby={`${textId} ${hintId}`}
                      onChange={(event) => {
                        onChange(setCorrect(quiz, question.key, option.key, event.target.checked));
                        clearError(question.key, 'options');
                        clearError(option.key, 'isCorrect');
                      }}
                    />
                    <span>{t('curriculum.quiz.correct')}</span>
                  </label>
                  {errors[`${option.key}.isCorrect`] ? (
                    <p className={styles.error} role="alert">
                      {errors[`${option.key}.isCorrect`]}
                    </p>
                  ) : null}
                  {fixed ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={question.options.length <= MIN_OPTIONS}
                      aria-label={t('curriculum.quiz.removeOption', { number: o + 1, name })}
                      onClick={() => {
                        onChange(removeOption(quiz, question.key, option.key));
                        clearError(option.key);
                        announce(t('curriculum.quiz.optionRemoved', { number: o + 1, name }));
                        requestFocus([`${question.key}:add-option`]);
                      }}
                    >
                      <Trash2 size={16} aria-hidden="true" /> {t('curriculum.remove')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ol>
          {optionsError ? (
            <p className={styles.error} role="alert">
              {optionsError}
            </p>
          ) : null}
          {fixed ? null : (
            <div className={styles.actions}>
              <Button
                variant="secondary"
                size="sm"
                disabled={question.options.length >= QUIZ_LIMITS.options}
                data-focus-id={`${question.key}:add-option`}
                aria-label={t('curriculum.quiz.control', { action: t('curriculum.quiz.addOption'), name })}
                onClick={addAnOption}
              >
                <Plus size={16} aria-hidden="true" /> {t('curriculum.quiz.addOption')}
              </Button>
            </div>
          )}
        </fieldset>
        <TextAreaField
          label={t('curriculum.quiz.explanation')}
          rows={2}
          maxLength={QUIZ_LIMITS.explanation}
          value={question.explanation}
          error={error('explanation')}
          hint={t('curriculum.quiz.explanationHint')}
          onChange={(event) => {
            onChange(updateQuestion(quiz, question.key, { explanation: event.target.value }));
            clearError(question.key, 'explanation');
          }}
        />
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="sm"
            disabled={index === 0}
            data-focus-id={`${question.key}:up`}
            aria-label={t('curriculum.quiz.control', { action: t('curriculum.moveUp'), name })}
            onClick={() => onMove(-1)}
          >
            <ArrowUp size={16} aria-hidden="true" /> {t('curriculum.moveUp')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={index === count - 1}
            data-focus-id={`${question.key}:down`}
            aria-label={t('curriculum.quiz.control', { action: t('curriculum.moveDown'), name })}
            onClick={() => onMove(1)}
          >
            <ArrowDown size={16} aria-hidden="true" /> {t('curriculum.moveDown')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('curriculum.quiz.control', { action: t('curriculum.remove'), name })}
            onClick={onRemove}
          >
            <Trash2 size={16} aria-hidden="true" /> {t('curriculum.remove')}
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
