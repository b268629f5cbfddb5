import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  QUIZ_MESSAGES,
  type Quiz,
  type QuizAttemptResult,
  type QuizAttempts,
  type QuizPaper,
  quizRoutes,
} from '@catalyst/contracts';
import { failure, fakeApi, held, success, type FakeCall } from '@catalyst/web-kit/testing';
import { QuizLesson, type QuizNext } from './QuizLesson';

const PRODUCT = 'a'.repeat(24);
const LESSON = 'b'.repeat(24);
const Q1 = '1'.repeat(24);
const Q2 = '2'.repeat(24);
const Q3 = '3'.repeat(24);
const opt = (question: string, n: number) => `${question.charAt(0)}${n}`.padEnd(24, 'e');
const ATTEMPTS = `/content/progress/product/${PRODUCT}/lessons/${LESSON}/quiz-attempts`;
const PAPER_ID = 'f'.repeat(24);

// What a learner receives: prompts and options, never which option is right nor the explanations.
const quiz: Quiz = {
  passPercent: 70,
  questions: [
    {
      id: Q1,
      kind: 'single',
      prompt: 'Which property makes an element a grid container?',
      options: [
        { id: opt(Q1, 1), text: 'display: grid' },
        { id: opt(Q1, 2), text: 'position: grid' },
        { id: opt(Q1, 3), text: 'float: grid' },
      ],
    },
    {
      id: Q2,
      kind: 'multiple',
      prompt: 'Which of these size grid tracks?',
      options: [
        { id: opt(Q2, 1), text: 'fr' },
        { id: opt(Q2, 2), text: 'minmax()' },
        { id: opt(Q2, 3), text: 'z-index' },
      ],
    },
    {
      id: Q3,
      kind: 'true-false',
      prompt: 'Grid items can overlap.',
      options: [
        { id: opt(Q3, 1), text: 'True' },
        { id: opt(Q3, 2), text: 'False' },
      ],
    },
  ],
};

const noAttempts: QuizAttempts = {
  lessonId: LESSON,
  passPercent: 70,
  bestScore: null,
  passed: false,
  attempts: [],
};

const graded = (
  score: number,
  passed: boolean,
  questions: QuizAttemptResult['attempt']['questions'],
  bestScore = score,
): QuizAttemptResult => ({
  attempt: {
    id: `${score}`.padStart(24, 'c'),
    score,
    passed,
    submittedAt: '2026-03-02T10:00:00.000Z',
    questions,
  },
  bestScore,
  lesson: {
    lessonId: LESSON,
    progress: passed ? 100 : 0,
    lastPosition: 0,
    furthestPosition: 0,
    completed: passed,
    completedAt: passed ? '2026-03-02T10:00:00.000Z' : null,
    updatedAt: '2026-03-02T10:00:00.000Z',
  },
  course: {
    productId: PRODUCT,
    progress: passed ? 100 : 80,
    lastPosition: 0,
    furthestPosition: 0,
    completed: passed,
    completedAt: null,
    updatedAt: '2026-03-02T10:00:00.000Z',
    lessonId: LESSON,
  },
});

// A failed attempt as the server answers it: which questions were wrong and what was chosen, nothing more.
const halfRight = graded(33, false, [
  { questionId: Q1, correct: true, chosenOptionIds: [opt(Q1, 1)] },
  { questionId: Q2, correct: false, chosenOptionIds: [opt(Q2, 1)] },
  { questionId: Q3, correct: false, chosenOptionIds: [] },
]);

const allRight = graded(100, true, [
  {
    questionId: Q1,
    correct: true,
    chosenOptionIds: [opt(Q1, 1)],
    correctOptionIds: [opt(Q1, 1)],
    explanation: null,
  },
  {
    questionId: Q2,
    correct: true,
    chosenOptionIds: [opt(Q2, 1), opt(Q2, 2)],
    correctOptionIds: [opt(Q2, 1), opt(Q2, 2)],
    explanation: 'Both fr and minmax() size tracks.',
  },
  {
    questionId: Q3,
    correct: true,
    chosenOptionIds: [opt(Q3, 1)],
    correctOptionIds: [opt(Q3, 1)],
    explanation: null,
  },
]);

/** A paper in the content's order (the order the server shuffled for the attempt is the tests' own). */
const paperOf = (
  retryAt: string | null = null,
  questions = quiz.questions.map((q) => ({ questionId: q.id, optionIds: q.options.map((o) => o.id) })),
  paperId = PAPER_ID,
): QuizPaper => ({ paperId, questions, retryAt });

const quizForm = () => screen.getByRole('form', { name: 'Quiz' });

/** Renders the quiz lesson and waits, as a person sees, until its paper and past attempts are in. */
async function renderQuiz({ next = null as QuizNext | null, onResult = vi.fn() } = {}) {
  render(
    <MemoryRouter>
      <QuizLesson productId={PRODUCT} lessonId={LESSON} quiz={quiz} next={next} onResult={onResult} />
    </MemoryRouter>,
  );
  await waitFor(() => expect(quizForm().getAttribute('aria-busy')).toBe('false'));
  return { onResult };
}

const group = (prompt: string) => screen.getByRole('group', { name: prompt });
const submitButton = () => screen.getByRole('button', { name: 'Submit answers' });
/** What an element's aria-describedby points at says. */
const description = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;
/** The warning under Submit, as the button is described by it. */
const warning = () => description(submitButton());
/** A graded question's verdict badge, beside its prompt. */
const verdict = (result: HTMLElement) =>
  within(result).getByRole('heading', { level: 4 }).nextElementSibling?.textContent;
/** A graded question's notes under its options ('Not answered.', the explanation). */
const notes = (result: HTMLElement) =>
  within(result)
    .queryAllByRole('paragraph')
    .map((note) => note.textContent);
const bodies = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.init.body)) as unknown);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a quiz lesson', () => {
  it('asks each question as a group named by its prompt: radios for single choice and true/false, checkboxes for multiple choice, nothing marked right', async () => {
    fakeApi().on(quizRoutes.quizAttempts, noAttempts).on(quizRoutes.quizPaper, paperOf());
    await renderQuiz();
    const single = group(quiz.questions[0]!.prompt);
    expect(
      within(single)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-checked') ?? (r as HTMLInputElement).checked),
    ).toEqual([false, false, false]);
    expect(
      within(single)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['display: grid', 'position: grid', 'float: grid']);
    const multiple = group(quiz.questions[1]!.prompt);
    expect(within(multiple).getAllByRole('checkbox')).toHaveLength(3);
    expect(description(multiple)).toBe('Choose every correct answer.');
    expect(
      within(group(quiz.questions[2]!.prompt))
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['True', 'False']);
    // before an attempt nothing on the page knows the answers
    expect(screen.queryByText(/Correct answer|Incorrect/)).toBeNull();
    expect(screen.getByText(/% to pass$/).textContent).toBe('3 questions · 70% to pass');
  });

  it('lets no option be chosen until the paper has come, so no option moves under a click', async () => {
    const paper = held(
      paperOf(null, [
        { questionId: Q1, optionIds: [opt(Q1, 3), opt(Q1, 1), opt(Q1, 2)] },
        { questionId: Q2, optionIds: quiz.questions[1]!.options.map((o) => o.id) },
        { questionId: Q3, optionIds: quiz.questions[2]!.options.map((o) => o.id) },
      ]),
    );
    fakeApi().on(quizRoutes.quizAttempts, noAttempts).on(quizRoutes.quizPaper, paper.reply);
    render(
      <MemoryRouter>
        <QuizLesson productId={PRODUCT} lessonId={LESSON} quiz={quiz} next={null} onResult={vi.fn()} />
      </MemoryRouter>,
    );
    const radio = (name: string) =>
      within(group(quiz.questions[0]!.prompt)).getByRole('radio', { name }) as HTMLInputElement;
    expect(quizForm().getAttribute('aria-busy')).toBe('true');
    expect(radio('display: grid').disabled).toBe(true);
    await userEvent.click(radio('display: grid'));
    expect(radio('display: grid').checked).toBe(false);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);

    paper.release();
    await waitFor(() => expect(quizForm().getAttribute('aria-busy')).toBe('false'));
    expect(
      within(group(quiz.questions[0]!.prompt))
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['float: grid', 'display: grid', 'position: grid']);
    await userEvent.click(radio('display: grid'));
    expect(radio('display: grid').checked).toBe(true);
  });

  it('keeps Submit disabled until something is answered, then warns about the unanswered questions', async () => {
    fakeApi().on(quizRoutes.quizAttempts, noAttempts).on(quizRoutes.quizPaper, paperOf());
    await renderQuiz();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(group(quiz.questions[0]!.prompt)).getByRole('radio', { name: 'display: grid' }));
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
    expect(warning()).toBe('2 questions are unanswered: they score nothing.');
    expect(submitButton().getAttribute('aria-describedby')).toBe(
      screen.getByText('2 questions are unanswered: they score nothing.').id,
    );
    fireEvent.click(within(group(quiz.questions[2]!.prompt)).getByRole('radio', { name: 'True' }));
    expect(warning()).toBe('1 question is unanswered: it scores nothing.');
    // a radio keeps one choice; a checkbox toggles
    fireEvent.click(within(group(quiz.questions[0]!.prompt)).getByRole('radio', { name: 'float: grid' }));
    expect(
      (
        within(group(quiz.questions[0]!.prompt)).getByRole('radio', {
          name: 'display: grid',
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);
    const fr = within(group(quiz.questions[1]!.prompt)).getByRole('checkbox', { name: 'fr' });
    fireEvent.click(fr);
    fireEvent.click(fr);
    expect((fr as HTMLInputElement).checked).toBe(false);
    expect(warning()).toBe('1 question is unanswered: it scores nothing.');
  });

  it('sends the chosen options with the paper, then shows the score, the verdict and which questions were wrong, never the right options nor the explanations, the focus on the result', async () => {
    const { calls } = fakeApi()
      .on(quizRoutes.quizAttempts, noAttempts)
      .on(
        quizRoutes.quizPaper,
        paperOf(null, [
          { questionId: Q1, optionIds: [opt(Q1, 3), opt(Q1, 1), opt(Q1, 2)] },
          { questionId: Q2, optionIds: [opt(Q2, 1), opt(Q2, 2), opt(Q2, 3)] },
          { questionId: Q3, optionIds: [opt(Q3, 1), opt(Q3, 2)] },
        ]),
      )
      .on(quizRoutes.submitQuizAttempt, success(halfRight, { status: 201 }));
    const { onResult } = await renderQuiz();
    // the paper's order is on the page: its id goes with the answers
    await waitFor(() =>
      expect(
        within(group(quiz.questions[0]!.prompt)).getAllByRole('radio')[0]!.closest('label')!.textContent,
      ).toBe('float: grid'),
    );
    fireEvent.click(within(group(quiz.questions[0]!.prompt)).getByRole('radio', { name: 'display: grid' }));
    fireEvent.click(within(group(quiz.questions[1]!.prompt)).getByRole('checkbox', { name: 'fr' }));
    fireEvent.click(submitButton());

    const heading = await screen.findByRole('heading', { name: 'Your score: 33%' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(bodies(calls.filter((c) => c.path === ATTEMPTS))).toEqual([
      {
        paperId: PAPER_ID,
        answers: [
          { questionId: Q1, optionIds: [opt(Q1, 1)] },
          { questionId: Q2, optionIds: [opt(Q2, 1)] },
        ],
      },
    ]);
    expect(screen.getByTestId('quiz-verdict').textContent).toBe(QUIZ_MESSAGES.failed(33, 70));
    expect(onResult).toHaveBeenCalledWith(halfRight);

    const [first, second, third] = screen.getAllByTestId('quiz-question-result');
    expect(verdict(first!)).toBe('Correct');
    expect(notes(first!)).toEqual([]);
    expect(verdict(second!)).toBe('Incorrect');
    // the learner's own choice is named; the right options are not
    expect(within(second!).getByText('Your answer').parentElement!.firstChild!.textContent).toBe('fr');
    expect(within(second!).queryByText('Correct answer')).toBeNull();
    expect(notes(second!)).toEqual([]);
    expect(verdict(third!)).toBe('Incorrect');
    expect(notes(third!)).toEqual(['Not answered.']);
    expect(screen.queryByText('Correct answer')).toBeNull();
    expect(
      screen.getByText(
        'The questions marked Incorrect need another look: the right answers are shown once you pass.',
      ),
    ).toBeDefined();
    // a failed attempt offers no next lesson, and is listed
    expect(screen.queryByRole('link', { name: /Next lesson/ })).toBeNull();
    expect(within(screen.getByTestId('quiz-history')).getByTestId('quiz-best').textContent).toBe(
      'Best score: 33% · Not passed yet',
    );
  });

  it('counts down the wait on a disabled Try again, then starts again with nothing chosen and the focus on the first question', async () => {
    let papers = 0;
    fakeApi()
      .on(quizRoutes.quizAttempts, noAttempts)
      // after the failure the next paper is taken in about two seconds
      .on(quizRoutes.quizPaper, () =>
        ++papers === 1
          ? paperOf()
          : paperOf(new Date(Date.now() + 1_900).toISOString(), undefined, 'a'.repeat(24)),
      )
      .on(quizRoutes.submitQuizAttempt, success(halfRight, { status: 201 }));
    await renderQuiz();
    fireEvent.click(within(group(quiz.questions[0]!.prompt)).getByRole('radio', { name: 'display: grid' }));
    fireEvent.click(submitButton());
    const waiting = await screen.findByRole('button', { name: /^Try again in 0:0[12]$/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    const ready = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4_000 });
    expect((ready as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(ready);

    const firstOption = within(group(quiz.questions[0]!.prompt)).getByRole('radio', {
      name: 'display: grid',
    }) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(firstOption));
    expect(firstOption.checked).toBe(false);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks the questions and options in the order of the paper, and keeps Submit disabled with a countdown while the wait lasts', async () => {
    const shuffledOrder = [
      { questionId: Q3, optionIds: [opt(Q3, 2), opt(Q3, 1)] },
      { questionId: Q1, optionIds: [opt(Q1, 3), opt(Q1, 1), opt(Q1, 2)] },
      { questionId: Q2, optionIds: [opt(Q2, 2), opt(Q2, 3), opt(Q2, 1)] },
    ];
    fakeApi()
      .on(quizRoutes.quizAttempts, noAttempts)
      .on(quizRoutes.quizPaper, paperOf(new Date(Date.now() + 65_000).toISOString(), shuffledOrder));
    await renderQuiz();
    await waitFor(() =>
      expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')!.textContent)).toEqual([
        'Grid items can overlap.',
        'Which property makes an element a grid container?',
        'Which of these size grid tracks?',
      ]),
    );
    expect(
      within(group(quiz.questions[0]!.prompt))
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['float: grid', 'display: grid', 'position: grid']);
    fireEvent.click(within(group(quiz.questions[0]!.prompt)).getByRole('radio', { name: 'display: grid' }));
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('quiz-wait').textContent).toMatch(/^Try again in 1:0[45]$/);
  });

  it('says how long to wait when a retake is refused as too soon, and keeps the choices', async () => {
    const tooFast = QUIZ_MESSAGES.tooFast(12);
    fakeApi()
      .on(quizRoutes.quizAttempts, noAttempts)
      .on(quizRoutes.quizPaper, paperOf())
      .on(quizRoutes.submitQuizAttempt, failure(429, tooFast));
    await renderQuiz();
    fireEvent.click(within(group(quiz.questions[2]!.prompt)).getByRole('radio', { name: 'False' }));
    fireEvent.click(submitButton());
    const alert = await screen.findByText(tooFast);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('12 seconds');
    expect(
      (within(group(quiz.questions[2]!.prompt)).getByRole('radio', { name: 'False' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it('lists earlier attempts with the best score, and after a pass offers the next lesson', async () => {
    const earlier: QuizAttempts = {
      lessonId: LESSON,
      passPercent: 70,
      bestScore: 67,
      passed: false,
      attempts: [
        { id: 'd'.repeat(24), score: 33, passed: false, submittedAt: '2026-03-01T09:30:00.000Z' },
        { id: 'e'.repeat(24), score: 67, passed: false, submittedAt: '2026-03-01T09:00:00.000Z' },
      ],
    };
    fakeApi()
      .on(quizRoutes.quizAttempts, earlier)
      .on(quizRoutes.quizPaper, paperOf())
      .on(quizRoutes.submitQuizAttempt, success(allRight, { status: 201 }));
    await renderQuiz({ next: { title: 'Subgrid', to: '/browse/premium/product/css-grid/lesson/next' } });
    const history = await screen.findByTestId('quiz-history');
    expect(within(history).getByTestId('quiz-best').textContent).toBe('Best score: 67% · Not passed yet');
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(' · ')[0]),
    ).toEqual(['33% Not passed', '67% Not passed']);

    fireEvent.click(within(group(quiz.questions[0]!.prompt)).getByRole('radio', { name: 'display: grid' }));
    fireEvent.click(submitButton());
    await screen.findByRole('heading', { name: 'Your score: 100%' });
    expect(screen.getByTestId('quiz-verdict').textContent).toBe(QUIZ_MESSAGES.passed(100));
    expect(screen.getByTestId('quiz-verdict').nextElementSibling?.textContent).toBe(
      'This lesson is complete, and so is the course.',
    );
    expect(screen.getByRole('link', { name: 'Next lesson: Subgrid' }).getAttribute('href')).toBe(
      '/browse/premium/product/css-grid/lesson/next',
    );
    expect(within(history).getByTestId('quiz-best').textContent).toBe('Best score: 100% · Passed');
    expect(within(history).getAllByRole('listitem')).toHaveLength(3);
    // after a pass: the right options of each question, and why
    const second = screen.getAllByTestId('quiz-question-result')[1]!;
    expect(
      within(second)
        .getAllByText('Correct answer')
        .map((tag) => tag.parentElement!.firstChild!.textContent),
    ).toEqual(['fr', 'minmax()']);
    expect(notes(second)).toEqual(['Both fr and minmax() size tracks.']);
  });

  it("says a refusal's own words, and that nothing was sent when the server cannot be reached", async () => {
    let posts = 0;
    fakeApi()
      .on(quizRoutes.quizAttempts, noAttempts)
      .on(quizRoutes.quizPaper, paperOf())
      .on(quizRoutes.submitQuizAttempt, () =>
        ++posts === 1 ? failure(400, QUIZ_MESSAGES.unknownQuestion(Q1)) : failure(503, 'Service unavailable'),
      );
    await renderQuiz();
    fireEvent.click(within(group(quiz.questions[0]!.prompt)).getByRole('radio', { name: 'display: grid' }));
    fireEvent.click(submitButton());
    // the alert region is always there (empty until something goes wrong): wait for its words
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(QUIZ_MESSAGES.unknownQuestion(Q1)),
    );
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /^Your answers were not sent: we can't reach Catalyst right now\./,
      ),
    );
  });
});
