import { CheckCircle2, XCircle } from '@catalyst/web-kit/icons';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import {
  countdownOf,
  type Quiz,
  type QuizAttempt,
  type QuizAttemptResult,
  type QuizAttemptSummary,
  type QuizPaper,
} from '@catalyst/contracts';
import {
  api,
  Badge,
  Button,
  isApiRequestError,
  isPassingFailure,
  useApiData,
  useStrings,
} from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import { formatMoment } from '../i18n/formats';
import {
  attemptBodyOf,
  chooseOption,
  orderedQuiz,
  unansweredOf,
  unansweredWarning,
  type QuizAnswers,
} from './quizAnswers';
import styles from './QuizLesson.module.css';

/** Where a pass leads: the next lesson of the course. */
export interface QuizNext {
  title: string;
  to: string;
  state?: unknown;
}

export interface QuizLessonProps {
  /** The product's id (progress is kept by it). */
  productId: string;
  lessonId: string;
  /** The questions without their answers: the server grades an attempt and only then says what was right. */
  quiz: Quiz;
  /** The lesson after this one, offered after a pass; null at the end of the course. */
  next: QuizNext | null;
  /** Every graded attempt: its answer carries the lesson's row and the course figure after it. */
  onResult: (result: QuizAttemptResult) => void;
}

/** Why an attempt was not graded, in words a learner can act on (a 429 says how many seconds to wait). */
export function attemptFailureMessage(error: unknown): string {
  if (isApiRequestError(error) && error.status !== 0 && !(error.status >= 500)) return error.message;
  return playerStrings.t(isPassingFailure(error) ? 'quiz.notSentUnreachable' : 'quiz.notSent');
}

/** Whole seconds until `at` (ms since the epoch), ticking while there are any; 0 when passed or unset. */
export function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return undefined;
    const tick = () => {
      const at_ = Date.now();
      setNow(at_);
      if (at_ >= at) clearInterval(timer);
    };
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * A quiz lesson: its questions as a form (radios for single choice and true/false, checkboxes for multiple
 * choice) in the order of this attempt's paper (the server shuffles each attempt), graded by the server on
 * Submit; then the score and each question right or wrong — after a pass with the correct options and the
 * explanations, after a fail without them — and Try again, which counts down the wait the server sets (it
 * grows with each failed attempt). A pass completes the lesson (the page takes the answer's rows) and offers
 * the next lesson. The learner's earlier attempts and best score sit below.
 */
export function QuizLesson({ productId, lessonId, quiz: content, next, onResult }: QuizLessonProps) {
  const t = useStrings(playerStrings);
  const formId = useId();
  const [paper, setPaper] = useState<QuizPaper | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const wait = useSecondsUntil(retryAt);
  const quiz = orderedQuiz(content, paper);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<QuizAttemptResult | null>(null);
  // the quiz in the order its graded attempt was answered in (the next paper's order may differ)
  const [answered, setAnswered] = useState<Quiz | null>(null);
  const [submitted, setSubmitted] = useState<QuizAttemptSummary[]>([]);
  const history = useApiData(api.quiz.quizAttempts, { params: { id: productId, lessonId } });
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [refocus, setRefocus] = useState<'result' | 'form' | null>(null);

  useEffect(() => {
    if (refocus === 'result') resultHeading.current?.focus();
    if (refocus === 'form') form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [refocus]);

  // the paper being answered (and when an answer is next taken); without one, the content's order is answered
  const [paperAsk, setPaperAsk] = useState(0);
  const askPaper = () => setPaperAsk((n) => n + 1);
  // until the asked paper and the past attempts are known the options cannot be chosen: the paper's order, or
  // "passed before" wrapping the intro, could move an option under a pointer between aim and click, and the
  // click would choose its neighbour
  const [paperAnswered, setPaperAnswered] = useState(-1);
  const settling = paperAnswered !== paperAsk || history.isLoading;
  useEffect(() => {
    let live = true;
    api.quiz.quizPaper({ params: { id: productId, lessonId } }).then(
      (served) => {
        if (!live) return;
        setPaper(served);
        setRetryAt(served.retryAt ? Date.parse(served.retryAt) : null);
        setPaperAnswered(paperAsk);
      },
      () => {
        if (!live) return;
        setPaper(null);
        setPaperAnswered(paperAsk);
      },
    );
    return () => {
      live = false;
    };
  }, [productId, lessonId, paperAsk]);

  const unanswered = unansweredOf(quiz, answers);
  const answeredCount = quiz.questions.length - unanswered.length;
  const warning = answeredCount > 0 ? unansweredWarning(unanswered.length) : null;

  const submit = async () => {
    if (submitting || answeredCount === 0) return;
    setSubmitting(true);
    setError(null);
    try {
      const graded = await api.quiz.submitQuizAttempt({
        params: { id: productId, lessonId },
        body: { ...(paper ? { paperId: paper.paperId } : {}), ...attemptBodyOf(quiz, answers) },
      });
      const { questions: _, ...summary } = graded.attempt;
      setSubmitted((list) => [summary, ...list]);
      setResult(graded);
      setAnswered(quiz);
      setRefocus('result');
      onResult(graded);
      // the next attempt's paper, and how long until it is taken
      setPaper(null);
      askPaper();
    } catch (e) {
      setError(attemptFailureMessage(e));
      // too soon (429) or a paper already answered (409): the server says which paper and when
      if (isApiRequestError(e) && (e.status === 429 || e.status === 409)) askPaper();
    } finally {
      setSubmitting(false);
    }
  };

  const tryAgain = () => {
    setResult(null);
    setAnswers({});
    setError(null);
    setRefocus('form');
  };

  // what the server had before this visit, with this visit's attempts before it (newest first)
  const earlier = (history.data?.attempts ?? []).filter((a) => !submitted.some((s) => s.id === a.id));
  const attempts = [...submitted, ...earlier];
  const scores = [result?.bestScore, history.data?.bestScore, ...attempts.map((a) => a.score)].filter(
    (n): n is number => typeof n === 'number',
  );
  const bestScore = scores.length > 0 ? Math.max(...scores) : null;
  const everPassed = !!history.data?.passed || attempts.some((a) => a.passed);

  return (
    <div className={styles.quiz} data-testid="quiz">
      {result ? (
        <QuizResult
          quiz={answered ?? quiz}
          result={result}
          next={next}
          headingRef={resultHeading}
          wait={wait}
          onTryAgain={tryAgain}
        />
      ) : (
        <form
          ref={form}
          className={styles.form}
          aria-label={t('quiz.form')}
          aria-busy={settling}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className={styles.intro}>
            {t('quiz.questions', { count: quiz.questions.length })} ·{' '}
            {t('quiz.toPass', { percent: quiz.passPercent })}
            {everPassed ? ` · ${t('quiz.passedBefore')}` : ''}
          </p>
          <ol className={styles.questions}>
            {quiz.questions.map((question) => {
              const hintId = `${formId}-${question.id}-hint`;
              return (
                <li key={question.id}>
                  <fieldset
                    className={styles.question}
                    aria-describedby={question.kind === 'multiple' ? hintId : undefined}
                  >
                    <legend className={styles.prompt}>{question.prompt}</legend>
                    {question.kind === 'multiple' ? (
                      <p id={hintId} className={styles.hint}>
                        {t('quiz.chooseEvery')}
                      </p>
                    ) : null}
                    <div className={styles.options}>
                      {question.options.map((option) => (
                        <label key={option.id} className={styles.option}>
                          <input
                            type={question.kind === 'multiple' ? 'checkbox' : 'radio'}
                            name={`${formId}-${question.id}`}
                            value={option.id}
                            checked={answers[question.id]?.includes(option.id) ?? false}
                            onChange={(event) =>
                              setAnswers((kept) =>
                                chooseOption(kept, question, option.id, event.target.checked),
                              )
                            }
                            disabled={submitting || settling}
                          />
                          <span>{option.text}</span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <div className={styles.submitRow}>
            <Button
              type="submit"
              disabled={answeredCount === 0 || wait > 0}
              loading={submitting}
              aria-describedby={wait > 0 || warning ? `${formId}-warning` : undefined}
            >
              {t('quiz.submit')}
            </Button>
            <p id={`${formId}-warning`} className={styles.warning}>
              {answeredCount === 0 ? t('quiz.answerOne') : warning}
            </p>
            {wait > 0 ? (
              <p className={styles.warning} role="timer" data-testid="quiz-wait">
                {t('quiz.wait', { time: countdownOf(wait) })}
              </p>
            ) : null}
          </div>
          <p className={styles.error} role="alert" data-testid="quiz-error">
            {error}
          </p>
        </form>
      )}

      <QuizHistory
        attempts={attempts}
        bestScore={bestScore}
        passed={everPassed}
        loading={history.isLoading && attempts.length === 0}
      />
    </div>
  );
}

/** The graded attempt: the score and its verdict, each question right or wrong with the right options and why. */
function QuizResult({
  quiz,
  result,
  next,
  headingRef,
  wait,
  onTryAgain,
}: {
  quiz: Quiz;
  result: QuizAttemptResult;
  next: QuizNext | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Seconds before the next attempt is taken: Try again counts them down, disabled. */
  wait: number;
  onTryAgain: () => void;
}) {
  const t = useStrings(playerStrings);
  const id = useId();
  const { attempt } = result;
  return (
    <section className={styles.result} aria-labelledby={`${id}-title`} data-testid="quiz-result">
      <div className={[styles.verdict, attempt.passed ? styles.passed : styles.failed].join(' ')}>
        <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.resultTitle}>
          {t('quiz.score', { score: attempt.score })}
        </h3>
        <p data-testid="quiz-verdict">
          {attempt.passed
            ? t('quiz.passed', { score: attempt.score })
            : t('quiz.failed', { score: attempt.score, pass: quiz.passPercent })}
        </p>
        {attempt.passed ? (
          <p>{t(result.course.completed ? 'quiz.courseComplete' : 'quiz.lessonComplete')}</p>
        ) : null}
      </div>

      {attempt.passed ? null : <p className={styles.note}>{t('quiz.lookAgain')}</p>}
      <ol className={styles.review}>
        {[
          ...quiz.questions.flatMap((q) => attempt.questions.filter((g) => g.questionId === q.id)),
          ...attempt.questions.filter((g) => !quiz.questions.some((q) => q.id === g.questionId)),
        ].map((graded) => (
          <GradedQuestion
            key={graded.questionId}
            graded={graded}
            question={quiz.questions.find((q) => q.id === graded.questionId) ?? null}
          />
        ))}
      </ol>

      <div className={styles.resultActions}>
        {attempt.passed && next ? (
          <Link className={styles.nextLink} to={next.to} state={next.state}>
            {t('quiz.nextLesson', { title: next.title })}
          </Link>
        ) : null}
        <Button
          variant={attempt.passed ? 'secondary' : 'primary'}
          onClick={onTryAgain}
          disabled={wait > 0}
          data-testid="quiz-try-again"
        >
          {wait > 0 ? t('quiz.wait', { time: countdownOf(wait) }) : t('common.tryAgain')}
        </Button>
      </div>
    </section>
  );
}

function GradedQuestion({
  graded,
  question,
}: {
  graded: QuizAttempt['questions'][number];
  question: Quiz['questions'][number] | null;
}) {
  const t = useStrings(playerStrings);
  // the right options come only with a pass; a failed attempt says which questions were wrong, not why
  const rightIds = graded.correctOptionIds ?? [];
  // a question edited since the quiz was opened keeps its verdict; its options are named by the server's ids only
  const options =
    question?.options ??
    [...new Set([...rightIds, ...graded.chosenOptionIds])].map((optionId) => ({
      id: optionId,
      text: t('quiz.goneOption'),
    }));
  return (
    <li className={styles.graded} data-testid="quiz-question-result">
      <div className={styles.gradedHead}>
        {graded.correct ? (
          <CheckCircle2 className={styles.right} size={20} aria-hidden="true" focusable="false" />
        ) : (
          <XCircle className={styles.wrong} size={20} aria-hidden="true" focusable="false" />
        )}
        <h4 className={styles.gradedPrompt}>{question?.prompt ?? t('quiz.goneQuestion')}</h4>
        <Badge tone={graded.correct ? 'success' : 'danger'}>
          {t(graded.correct ? 'quiz.correct' : 'quiz.incorrect')}
        </Badge>
      </div>
      <ul className={styles.gradedOptions}>
        {options.map((option) => {
          const right = rightIds.includes(option.id);
          const chosen = graded.chosenOptionIds.includes(option.id);
          return (
            <li
              key={option.id}
              className={[
                styles.gradedOption,
                right || (chosen && graded.correct)
                  ? styles.rightOption
                  : chosen && rightIds.length > 0
                    ? styles.wrongOption
                    : '',
              ].join(' ')}
            >
              <span>{option.text}</span>
              {right ? <span className={styles.tag}>{t('quiz.correctAnswer')}</span> : null}
              {chosen ? <span className={styles.tag}>{t('quiz.yourAnswer')}</span> : null}
            </li>
          );
        })}
      </ul>
      {graded.chosenOptionIds.length === 0 ? <p className={styles.note}>{t('quiz.notAnswered')}</p> : null}
      {graded.explanation ? <p className={styles.explanation}>{graded.explanation}</p> : null}
    </li>
  );
}

/** The learner's attempts at this quiz, newest first, and the best score (the one that counts). */
function QuizHistory({
  attempts,
  bestScore,
  passed,
  loading,
}: {
  attempts: QuizAttemptSummary[];
  bestScore: number | null;
  passed: boolean;
  loading: boolean;
}) {
  const t = useStrings(playerStrings);
  const id = useId();
  if (loading || attempts.length === 0) return null;
  return (
    <section className={styles.history} aria-labelledby={`${id}-title`} data-testid="quiz-history">
      <h3 id={`${id}-title`}>{t('quiz.attempts')}</h3>
      <p className={styles.best} data-testid="quiz-best">
        {t(passed ? 'quiz.bestPassed' : 'quiz.bestNotYet', { score: bestScore ?? 0 })}
      </p>
      <ol className={styles.attempts}>
        {attempts.map((attempt) => (
          <li key={attempt.id}>
            <span className={styles.attemptScore}>{attempt.score}%</span>{' '}
            {t(attempt.passed ? 'quiz.attemptPassed' : 'quiz.attemptFailed')} ·{' '}
            <time dateTime={attempt.submittedAt}>{formatMoment(attempt.submittedAt)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
