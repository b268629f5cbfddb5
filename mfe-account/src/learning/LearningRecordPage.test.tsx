import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { learningRoutes, type LearningRecord, type ProgressWithProduct } from '@catalyst/contracts';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { certificate } from '../testing/certificate';
import LearningRecordPage from './LearningRecordPage';
import { scaleTop, weeksSummary } from './WeeklyMinutesChart';

const id = (c: string) => c.repeat(24);
const product = (key: string, title: string) => ({
  _id: id(key),
  productId: `P-${key}`,
  slug: `${title.toLowerCase().replace(/[^a-z]+/g, '-')}`,
  title,
  thumbnail: null,
  duration: 60,
  type: 'course' as const,
  categoryId: id('c'),
  creatorId: id('d'),
  isPublished: true,
  price: 19,
});
const progress = (
  key: string,
  title: string,
  overrides: Partial<ProgressWithProduct> = {},
): ProgressWithProduct => ({
  productId: id(key),
  progress: 40,
  lastPosition: 30,
  furthestPosition: 30,
  completed: false,
  completedAt: null,
  updatedAt: '2026-03-20T10:00:00.000Z',
  lessonId: null,
  product: product(key, title),
  ...overrides,
});
// twelve Mondays from Jan 5, 2026; the busiest week is Feb 9 (95 minutes)
const MINUTES = [0, 10, 25, 0, 40, 95, 30, 0, 15, 60, 45, 20];
const weeks = MINUTES.map((minutes, i) => ({
  weekStart: new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10),
  minutes,
}));

const record: LearningRecord = {
  inProgress: [
    progress('b', 'Machine Learning Foundations', { progress: 45, lessonId: id('1') }),
    progress('e', 'UI Design Fundamentals', { progress: 10 }),
  ],
  completed: [
    progress('a', 'CSS Grid Layout Workshop', {
      progress: 100,
      completed: true,
      completedAt: '2026-03-04T15:30:00.000Z',
    }),
  ],
  certificates: [certificate],
  weeks,
  streak: { current: 3, longest: 9, learnedToday: false },
  quizzes: [
    {
      productId: id('a'),
      productTitle: 'CSS Grid Layout Workshop',
      productSlug: 'css-grid-layout-workshop',
      lessonId: id('2'),
      bestScore: 80,
      passed: true,
      attempts: 2,
      lastAttemptAt: '2026-03-04T15:00:00.000Z',
    },
    {
      productId: id('b'),
      productTitle: 'Machine Learning Foundations',
      productSlug: 'machine-learning-foundations',
      lessonId: id('3'),
      bestScore: 40,
      passed: false,
      attempts: 1,
      lastAttemptAt: '2026-03-18T09:00:00.000Z',
    },
  ],
  totals: { minutesLearned: 340, coursesCompleted: 1, certificates: 1, quizzesPassed: 1 },
};

function renderPage() {
  render(
    <MemoryRouter>
      <LearningRecordPage />
    </MemoryRouter>,
  );
}
const region = (name: string) => screen.getByRole('region', { name });
/** What a panel says under its heading when it has nothing to list. */
const panelNote = (name: string) =>
  within(region(name)).getByRole('heading', { level: 2 }).nextElementSibling?.textContent;
/** The line under the current streak. */
const streakNote = () =>
  within(region('Streak')).getByTestId('streak-current').nextElementSibling?.textContent;

afterEach(() => vi.unstubAllGlobals());

describe('the learning record', () => {
  it('lists courses in progress with their bars and where they resume, and completed courses with their certificate', async () => {
    fakeApi().on(learningRoutes.learningRecord, record);
    renderPage();
    const inProgress = await screen.findByRole('region', { name: 'In progress' });
    // a course resumes in the lesson the learner was in; a single video on its page
    expect(
      within(inProgress).getByRole('link', { name: 'Machine Learning Foundations' }).getAttribute('href'),
    ).toBe(`/browse/premium/product/machine-learning-foundations/lesson/${id('1')}`);
    expect(
      within(inProgress).getByRole('link', { name: 'UI Design Fundamentals' }).getAttribute('href'),
    ).toBe('/browse/premium/product/P-e');
    expect(
      within(inProgress)
        .getByRole('progressbar', { name: 'Machine Learning Foundations progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('45');

    const completed = region('Completed courses');
    expect(
      within(completed).getByRole('link', { name: 'CSS Grid Layout Workshop' }).getAttribute('href'),
    ).toBe('/browse/premium/product/P-a');
    expect(
      within(completed).getByRole('link', { name: 'CSS Grid Layout Workshop' }).nextElementSibling
        ?.textContent,
    ).toBe('Completed Mar 4, 2026');
    expect(
      within(completed)
        .getByRole('link', { name: 'Certificate for CSS Grid Layout Workshop' })
        .getAttribute('href'),
    ).toBe('/certificates/K7M2Q9XW4R');

    const certificates = region('Certificates');
    expect(
      within(certificates).getByRole('link', { name: 'CSS Grid Layout Workshop' }).getAttribute('href'),
    ).toBe('/certificates/K7M2Q9XW4R');
    expect(within(certificates).getByRole('listitem').lastElementChild?.textContent).toBe('Valid');
    expect(document.title).toBe('Learning record | Catalyst');
  });

  it('shows the totals, the streaks and the quiz results', async () => {
    fakeApi().on(learningRoutes.learningRecord, record);
    renderPage();
    const totals = await screen.findByTestId('learning-totals');
    const total = (label: string) => within(totals).getByText(label).nextElementSibling!.textContent;
    expect(total('Time learned')).toBe('5 h 40 min');
    expect(total('Courses completed')).toBe('1');
    expect(total('Quizzes passed')).toBe('1');

    const streak = region('Streak');
    expect(within(streak).getByTestId('streak-current').textContent).toBe('3 days current streak');
    expect(streakNote()).toBe('Learn something today to keep it going.');
    expect(within(streak).getByTestId('streak-longest').textContent).toBe('Longest streak: 9 days');

    const rows = within(within(region('Quiz results')).getByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['80%', 'Passed', '2', 'Mar 4, 2026'],
      ['40%', 'Not passed', '1', 'Mar 18, 2026'],
    ]);
    expect(
      within(rows[0]!).getByRole('link', { name: 'CSS Grid Layout Workshop' }).getAttribute('href'),
    ).toBe(`/browse/premium/product/css-grid-layout-workshop/lesson/${id('2')}`);
  });

  it("draws the last 12 weeks as bars to scale, described in words, with every week's minutes in a table", async () => {
    fakeApi().on(learningRoutes.learningRecord, record);
    renderPage();
    const chart = await screen.findByRole('img', { name: 'Minutes learned per week, last 12 weeks' });
    const description = document.getElementById(chart.getAttribute('aria-describedby')!)!.textContent;
    expect(description).toBe(
      'From the week of Jan 5, 2026 to the week of Mar 23, 2026: 340 minutes in all. The most, 95 minutes, in the week of Feb 9, 2026. This week: 20 minutes.',
    );

    // bars are as tall as their minutes against the scale (to 120 minutes here), oldest first
    const bars = screen.getAllByTestId('chart-bar');
    expect(bars.map((bar) => Number(bar.getAttribute('data-minutes')))).toEqual(MINUTES);
    const heights = bars.map((bar) => Number(bar.querySelector('rect')!.getAttribute('height')));
    const full = heights[5]! / (95 / 120);
    MINUTES.forEach((minutes, i) =>
      minutes > 0 ? expect(heights[i]! / full).toBeCloseTo(minutes / 120, 5) : expect(heights[i]).toBe(1),
    );

    const table = screen.getByRole('table', { name: 'Minutes learned per week' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(
      rows.map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ]),
    ).toContainEqual(['Feb 9, 2026', '95']);
    expect(within(rows[11]!).getByRole('cell').textContent).toBe('20');
  });

  it('says what to do when there is nothing yet', async () => {
    fakeApi().on(learningRoutes.learningRecord, {
      ...record,
      inProgress: [],
      completed: [],
      certificates: [],
      quizzes: [],
      weeks: weeks.map((week) => ({ ...week, minutes: 0 })),
      streak: { current: 0, longest: 0, learnedToday: false },
      totals: { minutesLearned: 0, coursesCompleted: 0, certificates: 0, quizzesPassed: 0 },
    });
    renderPage();
    await waitFor(() => expect(panelNote('Certificates')).toBe('Complete a course to earn its certificate.'));
    expect(
      within(region('In progress')).getByRole('link', { name: 'Browse the catalogue' }).getAttribute('href'),
    ).toBe('/browse');
    expect(panelNote('Quiz results')).toBe('No quizzes taken yet.');
    expect(streakNote()).toBe('Learn something today to start a streak.');
    const chart = screen.getByRole('img', { name: 'Minutes learned per week, last 12 weeks' });
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)!.textContent).toBe(
      'From the week of Jan 5, 2026 to the week of Mar 23, 2026: no minutes learned yet.',
    );
  });

  it('offers Try again when the record cannot be loaded', async () => {
    let reads = 0;
    fakeApi().on(learningRoutes.learningRecord, () =>
      ++reads === 1 ? failure(503, 'Service unavailable') : record,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    const inProgress = await screen.findByRole('region', { name: 'In progress' });
    expect(
      within(inProgress)
        .getAllByRole('progressbar')
        .map((bar) => bar.getAttribute('aria-label')),
    ).toEqual(record.inProgress.map((item) => `${item.product.title} progress`));
  });
});

describe("the weekly chart's scale and words", () => {
  it('rounds the top of the scale up to a readable step', () => {
    expect([0, 7, 10, 11, 95, 121, 1500].map(scaleTop)).toEqual([10, 10, 10, 20, 120, 180, 1800]);
  });

  it('names a single minute as one', () => {
    expect(weeksSummary([{ weekStart: '2026-03-23', minutes: 1 }])).toBe(
      'From the week of Mar 23, 2026 to the week of Mar 23, 2026: 1 minute in all. The most, 1 minute, in the week of Mar 23, 2026. This week: 1 minute.',
    );
  });
});
