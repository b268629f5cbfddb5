import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  curriculumRoutes,
  productRoutes,
  reviewRoutes,
  subscriptionRoutes,
  type Review,
} from '@catalyst/contracts';
import {
  closeAuthDialog,
  createApiClient,
  createSessionStore,
  createSubscriptionStore,
  useAuthDialog,
} from '@catalyst/web-kit';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { product } from '../testing/fixtures';
import CourseLandingPage, { type CourseStores } from './CourseLandingPage';

const COURSE = product({ ratingAverage: 4.5, ratingCount: 2 });
const OTHER = product({ _id: 'e00000000000000000000002', slug: 'react-testing', title: 'Testing React' });
const review: Review = {
  _id: 'f00000000000000000000001',
  productId: COURSE._id,
  rating: 5,
  body: 'Clear and practical',
  bodyHtml: '<p>Clear and practical</p>',
  author: { _id: 'f00000000000000000000002', name: 'Bo' },
  helpfulCount: 1,
  createdAt: '2026-01-06T00:00:00.000Z',
  updatedAt: '2026-01-06T00:00:00.000Z',
  reply: null,
};

function Dialog() {
  const { open, view } = useAuthDialog();
  return <output data-testid="dialog">{open ? view : 'closed'}</output>;
}

/** A visitor, a signed-in learner without Premium, or a member with it. */
function storesOf(viewer: 'visitor' | 'learner' | 'member'): CourseStores {
  const api = createApiClient({ baseUrl: '/api/v1' });
  const session = createSessionStore({ api });
  if (viewer !== 'visitor')
    session.loadUser({ _id: 'u1', name: 'Lena', email: 'l@example.com', role: 'user' });
  return { session, subscription: createSubscriptionStore(session, { api, navigate: () => {} }) };
}

/** Where the page sent the viewer (any address but a course page's). */
function Where() {
  const { pathname } = useLocation();
  return <p>Now at {pathname}</p>;
}

function open(address: string, viewer: 'visitor' | 'learner' | 'member' = 'visitor') {
  const api = fakeApi()
    .on(productRoutes.get, (call) =>
      call.params.idOrSlug === COURSE.slug ? COURSE : failure(404, 'Product not found'),
    )
    .on(curriculumRoutes.outline, {
      productId: COURSE._id,
      version: 1,
      lessonCount: 2,
      durationSeconds: 660,
      sections: [
        {
          id: 'a00000000000000000000001',
          title: 'Getting started',
          durationSeconds: 660,
          lessons: [
            {
              id: 'a00000000000000000000002',
              title: 'Why hooks',
              kind: 'video',
              durationSeconds: 60,
              isFreePreview: true,
              resourceCount: 0,
            },
            {
              id: 'a00000000000000000000003',
              title: 'useEffect',
              kind: 'video',
              durationSeconds: 600,
              isFreePreview: false,
              resourceCount: 0,
            },
          ],
        },
      ],
    })
    .on(reviewRoutes.list, {
      items: [review],
      total: 1,
      nextCursor: null,
      rating: { average: 4.5, count: 2 },
    })
    .on(productRoutes.list, { items: [COURSE, OTHER], total: 2, page: 1, limit: 5 })
    .on(subscriptionRoutes.status, {
      hasSubscription: viewer === 'member',
      plan: viewer === 'member' ? 'premium' : null,
      status: viewer === 'member' ? 'active' : 'free',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
  const stores = storesOf(viewer);
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/courses/*" element={<CourseLandingPage stores={stores} />} />
        <Route path="*" element={<Where />} />
      </Routes>
      <Dialog />
    </MemoryRouter>,
  );
  return { api, stores };
}

afterEach(() => closeAuthDialog());

describe('CourseLandingPage', () => {
  it('shows a visitor the course, its outline with lengths and free previews, reviews and related courses', async () => {
    open('/courses/react-hooks');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('React Hooks in Depth');
    expect(screen.getByText('useState, useEffect and custom hooks')).toBeDefined();
    // the course's picture first, in the box the gateway's page painted it in (course-pages.ts)
    const hero = document.querySelector('article > img:first-child')!;
    expect(['src', 'width', 'height', 'fetchpriority', 'alt'].map((name) => hero.getAttribute(name))).toEqual(
      [COURSE.thumbnail, '640', '360', 'high', ''],
    );
    const outline = within(await screen.findByRole('region', { name: 'Curriculum' }));
    expect(outline.getByText('2 lessons, 11 min')).toBeDefined();
    const [first, second] = outline.getAllByRole('listitem').slice(1);
    expect(first!.textContent).toBe('Why hooks1 minFree preview');
    expect(second!.textContent).toBe('useEffect10 min');
    expect((await screen.findByRole('region', { name: 'Reviews' })).textContent).toContain(
      '5 out of 5, by Bo',
    );
    const related = within(await screen.findByRole('region', { name: 'Related courses' }));
    expect(related.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      [['Testing React', '/courses/react-testing']],
    );
    expect(screen.getByRole('link', { name: 'Maya Chen' }).getAttribute('href')).toBe('/creators/maya-chen');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByTestId('dialog').textContent).toBe('register');
  });

  it('brings a visitor who signs up from the page into the course at its product address', async () => {
    const { stores } = open('/courses/react-hooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(screen.getByTestId('dialog').textContent).toBe('register');
    // the dialog signs the new member in, then closes
    act(() => {
      stores.session!.loadUser({ _id: 'u2', name: 'Nia', email: 'n@example.com', role: 'user' });
      closeAuthDialog();
    });
    expect((await screen.findByText(/^Now at /)).textContent).toBe('Now at /browse/premium/product/ABCD1234');
  });

  it('keeps a visitor on the page when the sign-up dialog is closed unused', async () => {
    open('/courses/react-hooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    act(() => closeAuthDialog());
    expect(screen.getByTestId('dialog').textContent).toBe('closed');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('React Hooks in Depth');
    expect(screen.getByRole('button', { name: 'Sign up' }).textContent).toBe('Sign up');
  });

  it('asks a learner without Premium on a premium course to subscribe', async () => {
    open('/courses/react-hooks', 'learner');
    expect((await screen.findByRole('link', { name: 'Subscribe' })).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });

  it('lets a member continue at the product page', async () => {
    open('/courses/react-hooks', 'member');
    expect((await screen.findByRole('link', { name: 'Continue' })).getAttribute('href')).toBe(
      '/browse/premium/product/ABCD1234',
    );
  });

  it('shows the not-found page for an unknown course', async () => {
    open('/courses/no-such-course');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toMatch(/not found/i);
    expect(screen.queryByRole('region', { name: 'Curriculum' })).toBeNull();
  });
});
