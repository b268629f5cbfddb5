import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { moderationRoutes, type ModerationEntry } from '@catalyst/contracts';
import { fakeApi, type FakeApi } from '@catalyst/web-kit/testing';
import { AuditLogPage } from './AuditLogPage';
import { pagerState, rowCells } from '../testing/adminPage';

const id = (n: number) => n.toString(16).padStart(24, '0');
const entry = (n: number, extra: Partial<ModerationEntry> = {}): ModerationEntry => ({
  _id: id(n),
  action: 'hide',
  threadId: id(10),
  threadTitle: 'How do grid areas work?',
  productId: id(1),
  lessonId: null,
  postId: id(100),
  moderator: { _id: id(70), name: 'Alex Admin', isAdmin: true },
  reason: 'Advertising',
  createdAt: '2026-11-24T12:00:00.000Z',
  ...extra,
});

let fake: FakeApi;
let total: number;
const reads = () => fake.callsTo(moderationRoutes.auditLog).map((call) => Object.fromEntries(call.query));

beforeEach(() => {
  total = 2;
  fake = fakeApi().on(moderationRoutes.auditLog, ({ query }) => {
    const page = Number(query.get('page') ?? 1);
    const items =
      page === 1
        ? [
            entry(1),
            entry(2, {
              action: 'unlock',
              postId: null,
              reason: null,
              threadTitle: 'Flexbox gaps',
              productId: id(3),
              lessonId: id(4),
            }),
          ]
        : [
            entry(3, {
              action: 'dismiss-reports',
              reason: 'Not spam after all',
              moderator: { _id: id(71), name: 'Bea Boss', isAdmin: true },
            }),
          ];
    return { items, total, page, limit: 20 };
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/admin/community/audit']}>
      <AuditLogPage />
    </MemoryRouter>,
  );

describe('the moderation audit log', () => {
  it("lists each action with its moderator, reason, time and a link to the thread's page", async () => {
    renderPage();
    const [hidden, unlocked] = await screen.findAllByTestId('audit-row');
    expect(rowCells(hidden!)).toMatchObject({
      When: expect.stringContaining('Nov 24, 2026'),
      Action: 'Hid a post',
      Moderator: 'Alex Admin',
      Reason: 'Advertising',
    });
    expect(
      within(hidden!)
        .getByRole('link', { name: /How do grid areas work\?/ })
        .getAttribute('href'),
    ).toBe(`/browse/premium/product/${id(1)}`);
    expect(rowCells(unlocked!)).toMatchObject({ Action: 'Unlocked the thread', Reason: 'No reason given' });
    expect(
      within(unlocked!)
        .getByRole('link', { name: /Flexbox gaps/ })
        .getAttribute('href'),
    ).toBe(`/browse/premium/product/${id(3)}/lesson/${id(4)}`);
    expect(reads()[0]).toEqual({ page: '1', limit: '20' });
    // Two entries fit on one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Audit log pages' })).toBeNull();
  });

  it('pages through a long log', async () => {
    total = 41;
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('audit-row');
    const pages = screen.getByRole('navigation', { name: 'Audit log pages' });
    expect(pagerState(pages)).toEqual({ page: 'Page 1 of 3', previous: false, next: true });
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(rowCells(screen.getAllByTestId('audit-row')[0]!)).toMatchObject({
        Action: 'Dismissed reports',
        Moderator: 'Bea Boss',
        Reason: 'Not spam after all',
      }),
    );
    expect(reads().at(-1)).toEqual({ page: '2', limit: '20' });
    const after = screen.getByRole('navigation', { name: 'Audit log pages' });
    expect(pagerState(after)).toEqual({ page: 'Page 2 of 3', previous: true, next: true });
    await user.click(within(after).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(reads().at(-1)).toEqual({ page: '1', limit: '20' }));
  });

  it('links the two moderation views, marking the current one', async () => {
    renderPage();
    await screen.findAllByTestId('audit-row');
    const nav = screen.getByRole('navigation', { name: 'Moderation' });
    expect(within(nav).getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/admin/community');
    expect(within(nav).getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');
  });
});
