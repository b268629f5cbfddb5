import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { moderationRoutes, type Post, type ReportedPost, type Thread } from '@catalyst/contracts';
import { fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { MODERATION_REASON_LABEL, ReportsPage } from './ReportsPage';
import { flashMessage, pagerState, rowCells } from '../testing/adminPage';

const id = (n: number) => n.toString(16).padStart(24, '0');
const PRODUCT = id(1);
const LESSON = id(2);
const THREAD = id(10);

const post = (n: number, extra: Partial<Post> = {}): Post => ({
  _id: id(n),
  threadId: THREAD,
  isOpening: false,
  author: { _id: id(50), name: 'Robin Poster', isAdmin: false },
  body: 'Buy cheap watches',
  bodyHtml:
    '<p>Buy <strong>cheap</strong> watches at <a href="https://spam.example" rel="nofollow ugc">this shop</a></p>',
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  upvotes: 0,
  upvotedByMe: false,
  isAnswer: false,
  mine: false,
  editableUntil: null,
  status: 'visible',
  ...extra,
});
const reported = (n: number, extra: Partial<ReportedPost> = {}): ReportedPost => ({
  post: post(n),
  thread: {
    _id: THREAD,
    title: 'How do grid areas work?',
    productId: PRODUCT,
    lessonId: LESSON,
    locked: false,
  },
  reportCount: 2,
  reports: [
    {
      reason: 'spam',
      note: 'Same link in five threads',
      reporter: { _id: id(60), name: 'Ada Learner', isAdmin: false },
      createdAt: '2026-11-21T09:00:00.000Z',
    },
    {
      reason: 'off-topic',
      note: null,
      reporter: { _id: id(61), name: 'Jordan Member', isAdmin: false },
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  status: 'open',
  lastReportedAt: '2026-11-21T10:00:00.000Z',
  ...extra,
});
const threadOf = (locked: boolean): Thread => ({
  _id: THREAD,
  productId: PRODUCT,
  lessonId: LESSON,
  title: 'How do grid areas work?',
  opening: post(99, { isOpening: true }),
  replyCount: 3,
  answered: false,
  answerPostId: null,
  locked,
  following: false,
  createdAt: '2026-11-19T10:00:00.000Z',
  lastActivityAt: '2026-11-21T10:00:00.000Z',
});

/** What the page sends: an action's reason (a read sends nothing). */
type Sent = { reason: string } | undefined;
let fake: FakeApi;
/** The server's queue: what GET /admin/community/reports answers (filtered by status). */
let queue: ReportedPost[];
let total: number;

beforeEach(() => {
  queue = [
    reported(100),
    reported(101, {
      post: post(101, {
        author: { _id: id(51), name: 'Sam Troll', isAdmin: false },
        bodyHtml: '<p>You are all idiots</p>',
      }),
      reportCount: 1,
      reports: [reported(0).reports[0]!],
    }),
  ];
  total = 2;
  fake = fakeApi().on(moderationRoutes.reports, ({ query }) => {
    const status = query.get('status') ?? 'open';
    const items = queue.filter((item) => item.status === status);
    return { items, total: Math.max(total, items.length), page: Number(query.get('page') ?? 1), limit: 20 };
  });
});
afterEach(() => vi.unstubAllGlobals());

const reads = () => fake.callsTo(moderationRoutes.reports);
const writes = () =>
  fake.calls
    .filter((call) => call.method !== 'GET')
    .map((call) => ({ method: call.method, path: call.path, body: call.body as Sent }));
const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/admin/community']}>
      <ReportsPage />
    </MemoryRouter>,
  );
/** The Post cell's parts: thread link, text, byline, badges. */
const postParts = (row: HTMLElement) => row.querySelector('td[data-label="Post"] > div > div')!;
/** The badges under a reported post: its state, and the thread's lock. */
const postBadges = (row: HTMLElement) =>
  [...postParts(row).lastElementChild!.children].map((badge) => badge.textContent);
/** Who wrote the reported post, and when. */
const byline = (row: HTMLElement) => postParts(row).lastElementChild!.previousElementSibling?.textContent;
/** The Reports cell: how many, then each report's reason, reporter and note. */
const reportsOf = (row: HTMLElement) => ({
  count: row.querySelector('td[data-label="Reports"] strong')?.textContent,
  reports: within(row)
    .getAllByRole('listitem')
    .map((report) => ({
      reason: report.firstChild?.textContent?.trim(),
      by: report.querySelector('span')?.textContent,
      note: report.querySelector('q')?.textContent ?? null,
    })),
});
/** What a dialog asks before it acts. */
const question = (dialog: HTMLElement) => within(dialog).getAllByRole('paragraph')[0]?.textContent;
const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;

const rowOf = async (author: string) =>
  (await screen.findAllByTestId('report-row')).find((row) => within(row).queryByText(author))!;

describe('the reports queue', () => {
  it("shows each reported post: its thread (linking to the lesson's page), the server's sanitised text, author, count and every report", async () => {
    renderPage();
    const row = await rowOf('Robin Poster');
    const link = within(row).getByRole('link', { name: /How do grid areas work\?/ });
    expect(link.getAttribute('href')).toBe(`/browse/premium/product/${PRODUCT}/lesson/${LESSON}`);
    expect(link.getAttribute('target')).toBe('_blank');
    const body = within(row).getByTestId('post-body');
    expect(body.querySelector('strong')?.textContent).toBe('cheap');
    expect(body.querySelector('a')?.getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
    expect(body.querySelector('a')?.getAttribute('target')).toBe('_blank');
    expect(reportsOf(row)).toEqual({
      count: '2 reports',
      reports: [
        { reason: 'Spam', by: 'by Ada Learner, Nov 21, 2026', note: 'Same link in five threads' },
        { reason: 'Off-topic', by: 'by Jordan Member, Nov 21, 2026', note: null },
      ],
    });
    expect(postBadges(row)).toEqual(['Visible']);
    expect(rowCells(row).Status).toBe('Open');
    // A visible post in an unlocked thread: no Restore, no Unlock.
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Hide', 'Delete', 'Dismiss', 'Lock thread']);
    expect(Object.fromEntries(reads()[0]!.query)).toEqual({
      status: 'open',
      page: '1',
      limit: '20',
    });
  });

  it("cleans the post's HTML again before an admin's browser shows it", async () => {
    queue = [
      reported(100, {
        post: post(100, {
          bodyHtml:
            '<p onclick="steal()">Hi<img src=x onerror="steal()"><script>steal()</script><a href="javascript:steal()">x</a></p>',
        }),
      }),
    ];
    renderPage();
    const body = within(await rowOf('Robin Poster')).getByTestId('post-body');
    expect(body.innerHTML).not.toMatch(/onclick|onerror|script|javascript:/);
    expect(body.textContent).toBe('Hix');
  });

  it('asks for a reason before hiding, calls the API with it, and shows the post hidden and its reports resolved', async () => {
    fake.on(moderationRoutes.hidePost, ({ body }) => {
      // The server hides the post and closes its reports: the queue's next read no longer has it open.
      queue = queue.map((item) =>
        item.post._id === id(100)
          ? { ...item, post: { ...item.post, status: 'hidden' }, status: 'resolved' }
          : item,
      );
      return success(
        { ...post(100), status: 'hidden' as const, body: (body as Sent)!.reason },
        { message: 'Post hidden' },
      );
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await rowOf('Robin Poster')).getByRole('button', {
        name: 'Hide: Robin Poster in "How do grid areas work?"',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Hide post' });
    expect(question(dialog)).toBe(
      'Hide Robin Poster\'s reply in "How do grid areas work?"? Readers see that it was removed; you can restore it later.',
    );
    const reason = within(dialog).getByLabelText(MODERATION_REASON_LABEL);
    expect(document.activeElement).toBe(reason);
    await user.type(reason, 'Advertising');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));

    expect(writes()).toHaveLength(1);
    expect(writes()[0]!.method).toBe('POST');
    expect(writes()[0]!.body).toEqual({ reason: 'Advertising' });
    await waitFor(() => expect(flashMessage()).toBe('Post hidden'));
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = await rowOf('Robin Poster');
    await waitFor(() => expect(rowCells(row).Status).toBe('Resolved'));
    expect(postBadges(row)).toEqual(['Hidden']);
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Restore', 'Delete', 'Lock thread']);
    // The other report stays as it was; the Hide button is gone, so focus lands on the row's thread link.
    expect(rowCells(await rowOf('Sam Troll')).Status).toBe('Open');
    expect(document.activeElement).toBe(within(row).getByRole('link', { name: /How do grid areas work\?/ }));
  });

  it('dismisses the reports with a reason, saying so when the server gives no message', async () => {
    fake.on(moderationRoutes.dismissReports, ({ body }) => {
      queue = queue.map((item) => (item.post._id === id(101) ? { ...item, status: 'resolved' } : item));
      return { ...queue[1]!.post, body: (body as Sent)!.reason };
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('Sam Troll')).getByRole('button', { name: /^Dismiss:/ }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss reports' });
    expect(question(dialog)).toBe(
      'Close the report on Sam Troll\'s reply in "How do grid areas work?" without acting on the post?',
    );
    await user.type(within(dialog).getByLabelText(MODERATION_REASON_LABEL), 'Strong words, not abuse');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss reports' }));
    await waitFor(() => expect(flashMessage()).toBe('Reports dismissed'));
    expect(writes()[0]!.body).toEqual({ reason: 'Strong words, not abuse' });
    const row = await rowOf('Sam Troll');
    await waitFor(() => expect(rowCells(row).Status).toBe('Resolved'));
    expect(postBadges(row)).toEqual(['Visible']);
    expect(within(row).queryByRole('button', { name: /^Dismiss:/ })).toBeNull();
  });

  it('refuses a reason that is too short in the browser, with the contracts’ message, and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('Sam Troll')).getByRole('button', { name: /^Delete:/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete post' });
    const reason = within(dialog).getByLabelText(MODERATION_REASON_LABEL);
    await user.type(reason, ' x ');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const error = within(dialog).getByText('Give a reason (at least 3 characters)');
    expect(reason.getAttribute('aria-describedby')).toContain(error.id);
    expect(writes()).toHaveLength(0);
  });

  it("shows the server's message when it refuses the reason, and keeps the dialog open", async () => {
    fake.fail(moderationRoutes.dismissReports, 400, 'Validation failed', [
      { field: 'reason', message: 'Reason must be at most 500 characters' },
    ]);
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('Sam Troll')).getByRole('button', { name: /^Dismiss:/ }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss reports' });
    await user.type(within(dialog).getByLabelText(MODERATION_REASON_LABEL), 'Not abusive');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss reports' }));
    const error = await within(dialog).findByText('Reason must be at most 500 characters');
    expect(within(dialog).getByLabelText(MODERATION_REASON_LABEL).getAttribute('aria-describedby')).toContain(
      error.id,
    );
    expect(writes()[0]!.path).toBe(`/admin/community/posts/${id(101)}/dismiss`);
  });

  it("shows any other refusal's message above the buttons", async () => {
    fake.fail(moderationRoutes.hidePost, 404, 'Post not found');
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('Sam Troll')).getByRole('button', { name: /^Hide:/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(MODERATION_REASON_LABEL), 'Insults');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Post not found');
  });

  it('locks the thread with a reason, marks every row of it locked, and unlocks without one', async () => {
    let locked = false;
    const lockAnswer = ({ method, body }: { method: string; body: unknown }) => {
      locked = method === 'PUT';
      queue = queue.map((item) => ({ ...item, thread: { ...item.thread, locked } }));
      return success(threadOf(locked), {
        message: locked ? `Locked: ${(body as Sent)!.reason}` : 'Unlocked',
      });
    };
    fake.on(moderationRoutes.lockThread, lockAnswer).on(moderationRoutes.unlockThread, lockAnswer);
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('Robin Poster')).getByRole('button', { name: /^Lock thread:/ }));
    const dialog = screen.getByRole('dialog', { name: 'Lock thread' });
    await user.type(within(dialog).getByLabelText(MODERATION_REASON_LABEL), 'Flame war');
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(flashMessage()).toBe('Locked: Flame war'));
    for (const author of ['Robin Poster', 'Sam Troll']) {
      const row = await rowOf(author);
      await waitFor(() => expect(postBadges(row)).toEqual(['Visible', 'Thread locked']));
      expect(enabled(within(row).getByRole('button', { name: /^Unlock thread:/ }))).toBe(true);
    }

    await user.click(within(await rowOf('Sam Troll')).getByRole('button', { name: /^Unlock thread:/ }));
    const unlock = screen.getByRole('dialog', { name: 'Unlock thread' });
    expect(within(unlock).queryByLabelText(MODERATION_REASON_LABEL)).toBeNull();
    await user.click(within(unlock).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(flashMessage()).toBe('Unlocked'));
    const unlockCall = writes().at(-1)!;
    expect(unlockCall.method).toBe('DELETE');
    expect(unlockCall.body).toBeUndefined();
    await waitFor(() => expect(screen.queryByText('Thread locked')).toBeNull());
  });

  it('filters resolved reports and pages through the queue', async () => {
    total = 45;
    queue.push(
      reported(102, {
        status: 'resolved',
        post: post(102, { author: { _id: id(52), name: 'Old Case', isAdmin: false } }),
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await rowOf('Robin Poster');
    const pages = screen.getByRole('navigation', { name: 'Report pages' });
    expect(pagerState(pages)).toEqual({ page: 'Page 1 of 3', previous: false, next: true });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(Object.fromEntries(reads().at(-1)!.query)).toEqual({
        status: 'open',
        page: '2',
        limit: '20',
      }),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Reports' }), 'Resolved');
    await waitFor(() =>
      expect(Object.fromEntries(reads().at(-1)!.query)).toEqual({
        status: 'resolved',
        page: '1',
        limit: '20',
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(1));
    const [oldCase] = screen.getAllByTestId('report-row');
    expect(byline(oldCase!)).toBe('Reply by Old Case on Nov 20, 2026');
    expect(rowCells(oldCase!).Status).toBe('Resolved');
  });
});
