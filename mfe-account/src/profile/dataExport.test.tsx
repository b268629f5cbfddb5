import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authRoutes,
  certificateRoutes,
  discussionRoutes,
  learningRoutes,
  progressRoutes,
  subscriptionRoutes,
  type Invoice,
  type OwnPost,
  type ProgressWithProduct,
} from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { fakeApi, type FakeApi } from '@catalyst/web-kit/testing';
import { certificate } from '../testing/certificate';
import ProfilePage from './ProfilePage';
import { collectMyData, exportFileName } from './dataExport';

const id = (n: number) => n.toString(16).padStart(24, '0');
const progressRow = (n: number): ProgressWithProduct => ({
  productId: id(n),
  progress: n % 101,
  lastPosition: 0,
  furthestPosition: 0,
  completed: false,
  completedAt: null,
  updatedAt: '2026-12-01T10:00:00.000Z',
  product: {
    _id: id(n),
    productId: `P-${n}`,
    slug: `course-${n}`,
    title: `Course ${n}`,
    thumbnail: null,
    duration: 60,
    type: 'course',
    categoryId: id(1000),
    creatorId: id(2000),
    isPublished: true,
    price: 19,
  },
});
const invoice: Invoice = {
  id: 'in_1',
  date: '2026-11-15T12:00:00.000Z',
  amount: 14.99,
  currency: 'usd',
  status: 'paid',
  receiptUrl: null,
};
const post: OwnPost = {
  _id: id(3000),
  threadId: id(3001),
  threadTitle: 'Grid or flexbox?',
  productId: id(1),
  lessonId: null,
  isOpening: true,
  body: 'Hello',
  status: 'visible',
  createdAt: '2026-12-01T09:00:00.000Z',
  editedAt: null,
};

let fake: FakeApi;
beforeEach(() => {
  fake = fakeApi()
    .on(authRoutes.me, {
      user: {
        _id: id(1),
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        role: 'user',
        emailVerified: true,
        createdAt: '2026-01-02T10:00:00.000Z',
      },
    })
    .on(subscriptionRoutes.status, {
      hasSubscription: true,
      plan: 'premium',
      status: 'active',
      currentPeriodEnd: '2027-01-05T10:00:00.000Z',
      cancelAtPeriodEnd: false,
    })
    .on(subscriptionRoutes.invoices, [invoice])
    // two pages: 100 rows, then 20
    .on(progressRoutes.list, ({ query }) => {
      const page = Number(query.get('page'));
      const items = Array.from({ length: page === 1 ? 100 : 20 }, (_, i) =>
        progressRow((page - 1) * 100 + i),
      );
      return { items, total: 120, page, limit: 100 };
    })
    .on(learningRoutes.learningRecord, {
      inProgress: [],
      completed: [],
      certificates: [certificate],
      weeks: [],
      streak: { current: 0, longest: 2, learnedToday: false },
      quizzes: [],
      totals: { minutesLearned: 90, coursesCompleted: 3, certificates: 1, quizzesPassed: 0 },
    })
    .on(certificateRoutes.list, [certificate])
    .on(discussionRoutes.ownPosts, [post]);
});
afterEach(() => vi.unstubAllGlobals());

describe('export my data', () => {
  it('gathers the profile, plan, invoices, every page of progress, the record, certificates and posts', async () => {
    const data = await collectMyData(new Date('2026-12-05T10:00:00Z'));
    expect(data).toMatchObject({
      exportedAt: '2026-12-05T10:00:00.000Z',
      format: 'catalyst-data-export/1',
      profile: { user: { email: 'ada@example.com' } },
      subscription: { plan: 'premium' },
      invoices: [{ id: 'in_1' }],
      learningRecord: { totals: { coursesCompleted: 3 } },
      certificates: [{ code: 'K7M2Q9XW4R' }],
      posts: [{ _id: post._id, body: 'Hello' }],
    });
    expect(data.progress).toHaveLength(120);
    expect(fake.callsTo(progressRoutes.list).map((call) => call.query.toString())).toEqual([
      'page=1&limit=100',
      'page=2&limit=100',
    ]);
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
    expect(file.posts).toEqual([post]);

    fake.fail(discussionRoutes.ownPosts, 403, 'Not allowed');
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText("We couldn't prepare your data. Please try again.")).toBeInstanceOf(
      HTMLElement,
    );
    expect(clicked).toHaveLength(1);
    click.mockRestore();
    await session.logout({ revoke: false });
  });
});
