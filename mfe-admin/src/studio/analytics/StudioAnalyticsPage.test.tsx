import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { studioAnalyticsRoutes, type StudioProductAnalytics } from '@catalyst/contracts';
import { fakeApi, type FakeApi } from '@catalyst/web-kit/testing';
import { StudioAnalyticsPage } from './StudioAnalyticsPage';

const PRODUCT_ID = 'c'.repeat(24);
const figures = {
  productId: PRODUCT_ID,
  seconds: 5400,
  paidSeconds: 3600,
  completions: 4,
  learners: 12,
  percentAverage: 63.5,
};
const product: StudioProductAnalytics = {
  productId: PRODUCT_ID,
  title: 'CSS Grid',
  from: '2026-11-07',
  to: '2026-12-07',
  days: [
    { day: '2026-12-05', seconds: 1800, paidSeconds: 1200, learners: 3, completions: 1, minutes: 30 },
    { day: '2026-12-06', seconds: 3600, paidSeconds: 2400, learners: 5, completions: 3, minutes: 60 },
  ],
  figures: { ...figures, minutes: 90 },
  dropOff: [
    { lessonId: 'l1', title: 'Why grid', started: 12, finished: 10 },
    { lessonId: 'l2', title: 'Tracks and areas', started: 9, finished: 5 },
    { lessonId: 'l3', title: 'Check yourself', started: 5, finished: 2 },
  ],
  quizzes: [{ lessonId: 'l3', title: 'Check yourself', learners: 4, passed: 3 }],
  ratings: [{ month: '2026-12', reviews: 2, average: 4.5 }],
  questionsWaiting: 3,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .on(studioAnalyticsRoutes.overview, {
      from: '2026-11-07',
      to: '2026-12-07',
      items: [{ ...figures, title: 'CSS Grid', minutes: 90 }],
    })
    .on(studioAnalyticsRoutes.product, product);
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/studio/analytics/*" element={<StudioAnalyticsPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('the studio analytics pages', () => {
  it("list the creator's items with their minutes and open one, keeping the period", async () => {
    const user = userEvent.setup();
    renderAt('/studio/analytics');
    const row = await screen.findByTestId('studio-analytics-row');
    expect(within(row).getByText('90')).toBeTruthy();
    expect(within(row).getByText('63.5%')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    expect(api.callsTo(studioAnalyticsRoutes.overview).at(-1)?.url).toContain('days=7');
    await user.click(
      within(await screen.findByTestId('studio-analytics-row')).getByRole('link', { name: 'CSS Grid' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'CSS Grid' })).toBeTruthy();
    expect(api.callsTo(studioAnalyticsRoutes.product, { id: PRODUCT_ID }).at(-1)?.url).toContain('days=7');
  });

  it("show an item's drop-off with its numbers in a table behind the chart, lessons in curriculum order", async () => {
    const user = userEvent.setup();
    renderAt(`/studio/analytics/${PRODUCT_ID}`);
    const card = await screen.findByTestId('chart-drop-off');
    await user.click(within(card).getByText('Show the numbers'));
    const table = within(card).getByRole('table', { name: 'Drop-off per lesson' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Why grid',
      'Tracks and areas',
      'Check yourself',
    ]);
    expect(within(rows[1]!).getByText('56%')).toBeTruthy(); // 5 of 9 finished
    expect(screen.getByText('Questions waiting').previousSibling?.textContent).toBe('3');
    expect(within(screen.getByTestId('chart-quizzes')).getByRole('table', { hidden: true })).toBeTruthy();
    expect(within(screen.getByTestId('chart-ratings')).getByText('4.5')).toBeTruthy();
  });
});
