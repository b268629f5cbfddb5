import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  pathProgressRoutes,
  pathRoutes,
  subscriptionRoutes,
  type LearningPath,
  type PathProgress,
} from '@catalyst/contracts';
import { closeAuthDialog, session, setLanguage, useAuthDialog } from '@catalyst/web-kit';
import { fakeApi } from '@catalyst/web-kit/testing';
import PathRoutes from './PathRoutes';

const learner = { _id: 'l1', name: 'Leo Learner', email: 'learner@example.com', role: 'user' };

const ID = '0000000000000000000f0001';
const item = (n: number, type: 'video' | 'course' = 'video') => ({
  productId: `0000000000000000000e000${n}`,
  publicId: `P${n}`,
  slug: `item-${n}`,
  title: `Item ${n}`,
  type,
  thumbnail: null,
  duration: 10,
  isPublished: true,
});
const path: LearningPath = {
  _id: ID,
  slug: 'start-with-the-web',
  title: 'Start with the Web',
  description: 'Your first steps into building for the browser.',
  level: 'beginner',
  estimatedHours: 2,
  isPublished: true,
  itemCount: 3,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  items: [item(1), item(2, 'course'), item(3)],
};
const standing = (overrides: Partial<PathProgress> = {}): PathProgress => ({
  pathId: ID,
  following: false,
  items: [
    { productId: item(1).productId, progress: 100, completed: true },
    { productId: item(2).productId, progress: 40, completed: false },
    { productId: item(3).productId, progress: 0, completed: false },
  ],
  completedCount: 1,
  total: 3,
  nextProductId: item(2).productId,
  certificateCode: null,
  ...overrides,
});

function DialogProbe() {
  const dialog = useAuthDialog();
  return <p>{dialog.open ? `dialog open on ${dialog.view}` : 'dialog closed'}</p>;
}

const mount = (at: string) =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/paths/*" element={<PathRoutes />} />
      </Routes>
      <DialogProbe />
    </MemoryRouter>,
  );

/** The path's items as read, in order (the page's one list). */
const rows = () => screen.getAllByRole('listitem').map((li) => li.textContent);

afterEach(async () => {
  closeAuthDialog();
  await session.logout();
  await setLanguage('en', { keep: false });
});

const noPlan = {
  hasSubscription: false,
  plan: null,
  status: 'free' as const,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};

describe('Browse → Paths', () => {
  it('lists the published paths with their level, items and hours, each linking to its page', async () => {
    fakeApi().on(pathRoutes.list, [path]);
    mount('/paths');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Learning Paths');
    const link = await screen.findByRole('link', { name: 'Start with the Web' });
    expect(link.getAttribute('href')).toBe('/paths/start-with-the-web');
    expect(screen.getByText('Beginner').textContent).toBe('Beginner');
    expect(screen.getByText('3 items').textContent).toBe('3 items');
    expect(screen.getByText('About 2 hours').textContent).toBe('About 2 hours');
  });

  it('lists the paths in Arabic, right to left, with the plural forms Arabic uses', async () => {
    fakeApi().on(pathRoutes.list, [path]);
    await setLanguage('ar', { keep: false });
    mount('/paths');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('مسارات التعلّم');
    await screen.findByRole('link', { name: 'Start with the Web' });
    expect(screen.getByText('مبتدئ').textContent).toBe('مبتدئ');
    expect(screen.getByText('3 عناصر').textContent).toBe('3 عناصر');
    expect(screen.getByText('نحو ساعتين').textContent).toBe('نحو ساعتين');
  });

  it('says so when there are no paths', async () => {
    fakeApi().on(pathRoutes.list, []);
    mount('/paths');
    expect((await screen.findByText('No learning paths yet')).textContent).toBe('No learning paths yet');
  });

  it("shows a visitor the path's items in order and asks them to sign in to follow it", async () => {
    fakeApi().on(pathRoutes.get, path);
    mount('/paths/start-with-the-web');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Start with the Web');
    expect(rows()).toEqual(['Item 1Video', 'Item 2Course', 'Item 3Video']);
    // opened from the path, the item's player counts down to the path's next item at its end
    expect(screen.getByRole('link', { name: 'Item 2' }).getAttribute('href')).toBe(
      '/browse/premium/product/P2?path=start-with-the-web',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to follow this path' }));
    expect(screen.getByText(/^dialog /).textContent).toBe('dialog open on login');
  });

  it("shows a learner each item's progress and the next one, and follows the path", async () => {
    const api = fakeApi()
      .on(pathRoutes.get, path)
      .on(subscriptionRoutes.status, noPlan)
      .on(pathProgressRoutes.get, standing())
      .on(pathProgressRoutes.follow, standing({ following: true }));
    session.loadUser(learner);
    mount('/paths/start-with-the-web');
    await waitFor(() => expect(screen.getByTestId('path-progress').textContent).toBe('1 of 3 finished'));
    expect(rows()).toEqual(['Item 1VideoFinished', 'Item 2CourseUp next · 40%', 'Item 3Video']);
    await userEvent.click(screen.getByRole('button', { name: 'Follow this path' }));
    expect((await screen.findByText('Following')).textContent).toBe('Following');
    expect(api.callsTo(pathProgressRoutes.follow)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Stop following' }).textContent).toBe('Stop following');
  });

  it('links a finished path to its certificate', async () => {
    fakeApi()
      .on(pathRoutes.get, path)
      .on(subscriptionRoutes.status, noPlan)
      .on(
        pathProgressRoutes.get,
        standing({
          following: true,
          items: path.items.map((i) => ({ productId: i.productId, progress: 100, completed: true })),
          completedCount: 3,
          nextProductId: null,
          certificateCode: 'ABCDEFGHJK',
        }),
      );
    session.loadUser(learner);
    mount('/paths/start-with-the-web');
    const link = await screen.findByRole('link', { name: 'View your path certificate' });
    expect(link.getAttribute('href')).toBe('/certificates/ABCDEFGHJK');
    expect(screen.getByTestId('path-progress').textContent).toBe('3 of 3 finished');
  });

  it('answers an unknown path with the not-found page', async () => {
    fakeApi();
    mount('/paths/nope');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('404 - Page Not Found');
  });
});
