import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyAssignment } from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { AssignedToYou } from './AssignedToYou';

afterEach(() => vi.unstubAllGlobals());

function answer(assigned: MyAssignment[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('/teams/assignments/mine')) return json(200, { success: true, data: assigned });
      return json(404, { success: false, message: 'Not found' });
    }),
  );
  act(() => session.loadUser({ _id: 'u1', name: 'Maya Member', email: 'maya@example.com', role: 'user' }));
  render(
    <MemoryRouter>
      <AssignedToYou />
    </MemoryRouter>,
  );
}

const path: MyAssignment = {
  id: 'a1',
  teamName: 'Northwind',
  target: { kind: 'path', id: '0000000000000000000f0001' },
  title: 'Start with the Web',
  slug: 'start-with-the-web',
  dueAt: '2031-01-31T23:59:59.999Z',
  status: 'in_progress',
  overdue: false,
};

describe('Assigned to you', () => {
  it("shows the team's assignments with due dates, an overdue one flagged, each linking to its page", async () => {
    answer([
      {
        ...path,
        id: 'a0',
        target: { kind: 'product', id: '0000000000000000000e0001' },
        title: 'SQL for Analysts',
        slug: 'P9',
        dueAt: '2020-01-01T09:00:00.000Z',
        status: 'overdue',
        overdue: true,
      },
      path,
    ]);
    const cards = await screen.findAllByTestId('assigned-to-you');
    expect(screen.getByRole('heading', { level: 2, name: 'Assigned to you' })).toBeDefined();
    expect(cards.map((card) => card.textContent)).toEqual([
      'SQL for AnalystsFrom NorthwindDue Jan 1, 2020Overdue',
      'Start with the WebFrom NorthwindDue Jan 31, 2031In progress',
    ]);
    expect(screen.getByRole('link', { name: 'SQL for Analysts' }).getAttribute('href')).toBe(
      '/browse/premium/product/P9',
    );
    expect(screen.getByRole('link', { name: 'Start with the Web' }).getAttribute('href')).toBe(
      '/paths/start-with-the-web',
    );
  });

  it('shows nothing when nothing is assigned', async () => {
    answer([]);
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'Assigned to you' })).toBeNull();
  });
});
