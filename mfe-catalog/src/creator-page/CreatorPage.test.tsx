import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  creatorFollowRoutes,
  creatorPageRoutes,
  savedRoutes,
  subscriptionRoutes,
  type CreatorPage,
  type PublicProduct,
} from '@catalyst/contracts';
import { closeAuthDialog, session, useAuthDialog } from '@catalyst/web-kit';
import { fakeApi } from '@catalyst/web-kit/testing';
import CreatorRoutes from './CreatorPage';

// The community remote as the federation runtime would hand it: its push prompt, as a region named as the real one.
const community = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('../community/communityRemote', () => ({ loadCommunityModule: community.load }));
community.load.mockImplementation(async (module: string) => ({
  default:
    module === 'PushPrompt' ? () => <div role="region" aria-label="Get notified on this device" /> : null,
}));

const CREATOR = '0000000000000000000c0001';
const product = (n: number): PublicProduct => ({
  _id: `0000000000000000000e000${n}`,
  productId: `P${n}`,
  slug: `course-${n}`,
  title: `Course ${n}`,
  description: `What course ${n} teaches`,
  categoryId: '0000000000000000000a0001',
  category: { _id: '0000000000000000000a0001', name: 'Web', slug: 'web' },
  creatorId: CREATOR,
  creator: { _id: CREATOR, name: 'Maya Chen', slug: 'maya-chen' },
  type: 'course',
  difficulty: 'beginner',
  duration: 30,
  thumbnail: null,
  tags: [],
  price: 9.99,
  instructor: null,
  enrolledStudents: 0,
  isActive: true,
  isPublished: true,
  isFeatured: false,
  sortOrder: 0,
  createdAt: '2026-12-01T00:00:00.000Z',
  ratingAverage: 4.5,
  ratingCount: 2,
});
const page: CreatorPage = {
  creator: {
    id: CREATOR,
    name: 'Maya Chen',
    slug: 'maya-chen',
    description: 'Front-end engineer and teacher.',
    icon: '🎨',
    color: '#6366f1',
    links: [{ label: 'Website', url: 'https://maya.example' }],
  },
  products: [product(1), product(2)],
  learners: 1234,
  averageRating: 4.5,
  ratingCount: 4,
};
const learner = { _id: 'l1', name: 'Leo Learner', email: 'learner@example.com', role: 'user' };
const noPlan = {
  hasSubscription: false,
  plan: null,
  status: 'free' as const,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};

function DialogProbe() {
  const dialog = useAuthDialog();
  return <p>{dialog.open ? `dialog open on ${dialog.view}` : 'dialog closed'}</p>;
}
const mount = (at: string) =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/creators/*" element={<CreatorRoutes />} />
      </Routes>
      <DialogProbe />
    </MemoryRouter>,
  );

afterEach(async () => {
  closeAuthDialog();
  await session.logout();
});

describe("a creator's public page", () => {
  it('shows a visitor the bio, links, figures and courses (opening the public course pages), and asks them to sign in to follow', async () => {
    fakeApi().on(creatorPageRoutes.get, page);
    mount('/creators/maya-chen');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Maya Chen');
    expect(screen.getByText('Front-end engineer and teacher.').textContent).toBeTruthy();
    const facts = within(screen.getByRole('list', { name: 'About their courses' }));
    expect(facts.getAllByRole('listitem').map((li) => li.textContent?.slice(0, 15))).toEqual([
      '2 courses',
      '1,234 learners',
      expect.stringContaining('4.5'),
    ]);
    expect(screen.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe('https://maya.example');
    expect(screen.getByRole('link', { name: 'View Course 2' }).getAttribute('href')).toBe(
      '/courses/course-2',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to follow Maya Chen' }));
    expect(screen.getByText(/^dialog /).textContent).toBe('dialog open on login');
  });

  it('lets a signed-in learner follow and stop following', async () => {
    const api = fakeApi()
      .on(creatorPageRoutes.get, page)
      .on(subscriptionRoutes.status, noPlan)
      .on(savedRoutes.ids, { productIds: [] })
      .on(creatorFollowRoutes.get, { creatorId: CREATOR, following: false, followers: 7 })
      .on(creatorFollowRoutes.follow, { creatorId: CREATOR, following: true, followers: 8 })
      .on(creatorFollowRoutes.unfollow, { creatorId: CREATOR, following: false, followers: 7 });
    session.loadUser(learner);
    mount('/creators/maya-chen');
    await waitFor(() => expect(screen.getByTestId('creator-followers').textContent).toBe('7 followers'));
    await userEvent.click(screen.getByRole('button', { name: 'Follow Maya Chen' }));
    await waitFor(() =>
      expect(screen.getByTestId('creator-followers').textContent).toBe(
        '8 followers · you get an e-mail when Maya Chen publishes something new',
      ),
    );
    expect(api.callsTo(creatorFollowRoutes.follow)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Stop following' }));
    await waitFor(() => expect(screen.getByTestId('creator-followers').textContent).toBe('7 followers'));
  });

  it('offers notifications on this device right after the learner follows, not when the page opens', async () => {
    fakeApi()
      .on(creatorPageRoutes.get, page)
      .on(subscriptionRoutes.status, noPlan)
      .on(savedRoutes.ids, { productIds: [] })
      .on(creatorFollowRoutes.get, { creatorId: CREATOR, following: false, followers: 7 })
      .on(creatorFollowRoutes.follow, { creatorId: CREATOR, following: true, followers: 8 });
    session.loadUser(learner);
    mount('/creators/maya-chen');
    await screen.findByRole('button', { name: 'Follow Maya Chen' });
    expect(screen.queryByRole('region', { name: 'Get notified on this device' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Follow Maya Chen' }));
    expect(await screen.findByRole('region', { name: 'Get notified on this device' })).toBeTruthy();
  });

  it('is the not-found page for an unknown creator', async () => {
    fakeApi().fail(creatorPageRoutes.get, 404, 'Creator not found');
    mount('/creators/nobody');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toMatch(/not found/i);
  });
});
