import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@catalyst/web-kit';
import ProfilePage from './ProfilePage';
import { collectMyData, exportFileName } from './dataExport';

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
const progressRow = (n: number) => ({ _id: `p${n}`, productId: `x${n}`, progress: n });
const answers: Record<string, (url: URL) => Response> = {
  '/api/v1/auth/me': () => ok({ _id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }),
  '/api/v1/subscription/status': () => ok({ hasSubscription: true, status: 'active', plan: 'premium' }),
  '/api/v1/subscription/invoices': () => ok([{ id: 'in_1', amount: 14.99 }]),
  // two pages: 100 rows, then 20
  '/api/v1/content/progress': (url) => {
    const page = Number(url.searchParams.get('page'));
    const items = Array.from({ length: page === 1 ? 100 : 20 }, (_, i) => progressRow((page - 1) * 100 + i));
    return ok({ items, total: 120, page, limit: 100 });
  },
  '/api/v1/content/progress/learning-record': () => ok({ totals: { completed: 3 } }),
  '/api/v1/certificates': () => ok([{ code: 'K7M2Q9XW4R' }]),
  '/api/v1/community/me/posts': () => ok([{ _id: 'post1', body: 'Hello' }]),
};
let failing: string | null = null;

beforeEach(() => {
  failing = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://catalyst.test');
      if (url.pathname === failing)
        return new Response(JSON.stringify({ success: false, message: 'Not allowed' }), { status: 403 });
      const answer = answers[url.pathname];
      return answer ? answer(url) : ok({ hasSubscription: false });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('export my data', () => {
  it('gathers the profile, plan, invoices, every page of progress, the record, certificates and posts', async () => {
    const data = await collectMyData(new Date('2026-12-05T10:00:00Z'));
    expect(data).toMatchObject({
      exportedAt: '2026-12-05T10:00:00.000Z',
      format: 'catalyst-data-export/1',
      profile: { email: 'ada@example.com' },
      subscription: { plan: 'premium' },
      invoices: [{ id: 'in_1' }],
      learningRecord: { totals: { completed: 3 } },
      certificates: [{ code: 'K7M2Q9XW4R' }],
      posts: [{ _id: 'post1', body: 'Hello' }],
    });
    expect(data.progress).toHaveLength(120);
    expect(exportFileName(new Date('2026-12-05T10:00:00Z'))).toBe('catalyst-data-2026-12-05.json');
  });

  it('downloads the file from the profile page, and says so when a part cannot be read', async () => {
    session.loadUser({ _id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' });
    // the file's text, as the page hands it to a Blob
    const made: string[] = [];
    vi.stubGlobal(
      'Blob',
      class {
        constructor(parts: string[]) {
          made.push(parts.join(''));
        }
      },
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => 'blob:x',
        revokeObjectURL: () => undefined,
      }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    render(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data was downloaded.')).toBeInstanceOf(HTMLElement);
    expect(clicked).toEqual([exportFileName()]);
    const file = JSON.parse(made[0]!);
    expect(file.posts).toEqual([{ _id: 'post1', body: 'Hello' }]);

    failing = '/api/v1/community/me/posts';
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText("We couldn't prepare your data. Please try again.")).toBeInstanceOf(
      HTMLElement,
    );
    expect(clicked).toHaveLength(1);
    click.mockRestore();
    await session.logout({ revoke: false });
  });
});
