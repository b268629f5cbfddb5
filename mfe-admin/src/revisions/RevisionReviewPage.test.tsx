import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { reviewQueueRoutes, type RevisionDetail } from '@catalyst/contracts';
import { fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { ReviewQueuePage } from './ReviewQueuePage';
import { RevisionReviewPage } from './RevisionReviewPage';

const REVISION_ID = '00000000-0000-4000-8000-000000000002';
const summary = {
  id: REVISION_ID,
  productId: 'c'.repeat(24),
  number: 2,
  status: 'in_review' as const,
  reason: null,
  authorName: 'Maya Chen',
  createdAt: '2026-12-01T10:00:00.000Z',
  submittedAt: '2026-12-01T11:00:00.000Z',
  decidedAt: null,
};
const item = {
  revision: summary,
  product: { _id: 'c'.repeat(24), title: 'CSS Grid', isPublished: true },
  creator: { id: 'b'.repeat(24), name: 'Maya Chen', slug: 'maya-chen' },
};
const revision = {
  ...item,
  snapshot: { product: {} as RevisionDetail['snapshot']['product'], sections: [] },
  diff: {
    fields: [
      {
        field: 'title',
        before: 'CSS Grid',
        after: 'CSS Grid in depth',
        parts: [
          { value: 'CSS Grid', added: false, removed: false },
          { value: ' in depth', added: true, removed: false },
        ],
      },
    ],
    lessons: [
      {
        lessonId: 'd'.repeat(24),
        title: 'Tracks',
        change: 'changed' as const,
        fields: [
          {
            field: 'durationSeconds',
            before: '300',
            after: '360',
            parts: [
              { value: '300', added: false, removed: true },
              { value: '360', added: true, removed: false },
            ],
          },
        ],
      },
      { lessonId: 'e'.repeat(24), title: 'Floats', change: 'removed' as const, fields: [] },
    ],
  },
} satisfies RevisionDetail;

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().on(reviewQueueRoutes.revision, revision).on(reviewQueueRoutes.queue, [item]);
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/reviews-queue" element={<ReviewQueuePage />} />
        <Route path="/admin/reviews-queue/:id" element={<RevisionReviewPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("the admin's review of a creator's draft", () => {
  it('lists the submitted drafts, each opening its difference', async () => {
    const user = userEvent.setup();
    renderAt('/admin/reviews-queue');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Review queue');
    const [row] = await screen.findAllByTestId('review-queue-row');
    await user.click(within(row!).getByRole('link', { name: 'Review CSS Grid' }));
    expect((await screen.findByRole('heading', { level: 1, name: 'Review: CSS Grid' })).textContent).toBe(
      'Review: CSS Grid',
    );
  });

  it('shows each changed field and lesson, additions and removals said in words as well as marked', async () => {
    renderAt(`/admin/reviews-queue/${REVISION_ID}`);
    const [title] = await screen.findAllByTestId('field-diff');
    expect(within(title!).getByRole('term').textContent).toBe('Title');
    // what a screen reader reads, and what is struck through or underlined
    expect(within(title!).getByRole('definition').textContent).toBe('CSS Grid[added:  in depth]');
    expect(title!.querySelector('ins')?.textContent).toBe('[added:  in depth]');

    const lessons = screen.getAllByTestId('lesson-diff');
    expect(lessons.map((lesson) => within(lesson).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'ChangedTracks',
      'RemovedFloats',
    ]);
    const duration = within(lessons[0]!).getByTestId('field-diff');
    expect(within(duration).getByRole('term').textContent).toBe('Duration (seconds)');
    expect(duration.querySelector('del')?.textContent).toBe('[removed: 300]');
    expect(duration.querySelector('ins')?.textContent).toBe('[added: 360]');
  });

  it('approves the draft and goes back to the queue with the server’s message', async () => {
    const user = userEvent.setup();
    api.on(
      reviewQueueRoutes.approve,
      success({ ...summary, status: 'approved' }, { message: 'Revision approved and published' }),
    );
    api.on(reviewQueueRoutes.queue, []);
    renderAt(`/admin/reviews-queue/${REVISION_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Approve and publish' }));

    expect(await screen.findByText('Revision approved and published')).toBeTruthy();
    expect(await screen.findByText('Nothing is waiting for review.')).toBeTruthy();
    expect(api.callsTo(reviewQueueRoutes.approve, { id: REVISION_ID })).toHaveLength(1);
  });

  it('sends the draft back only with a reason', async () => {
    const user = userEvent.setup();
    api.on(reviewQueueRoutes.return, success({ ...summary, status: 'changes_requested' }));
    renderAt(`/admin/reviews-queue/${REVISION_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send back to the creator' });
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Say what the creator should change');
    expect(api.callsTo(reviewQueueRoutes.return)).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText('What should the creator change?'),
      'Explain tracks first.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));

    await waitFor(() => expect(api.callsTo(reviewQueueRoutes.return)).toHaveLength(1));
    expect(api.callsTo(reviewQueueRoutes.return)[0]?.body).toEqual({ reason: 'Explain tracks first.' });
    expect(await screen.findByText('Revision returned to the creator')).toBeTruthy();
  });
});
