import { render, screen, waitFor, within } from '@testing-library/react';
import type { RefObject } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  curriculumRoutes,
  lessonProgressRoutes,
  noteRoutes,
  productRoutes,
  type CourseProgress,
  type CurriculumOutline,
  type Lesson,
} from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { fakeApi, type FakeHandler } from '@catalyst/web-kit/testing';
import { PRODUCT_ID, productDetail } from '../testing/product';
import { playTenSeconds, playing, signInMember } from '../testing/renders';
import { CoursePage } from './CoursePage';

// What the course page shows of the product alone is rendered once: the answers that follow the product's (the
// course's progress, the lesson) render the lesson, the curriculum and the progress card, not the heading, the
// creator or the reviews. Each is counted through what it alone asks of web-kit as it renders: the heading the
// category's address, the creator block the creator's, the reviews whether their section is near the view.
const kit = vi.hoisted(() => ({
  categoryPath: vi.fn(),
  creatorPagePath: vi.fn(),
  useNearView: vi.fn(),
  spinner: vi.fn(),
}));
vi.mock('@catalyst/web-kit', async (importOriginal) => {
  const real = await importOriginal<typeof import('@catalyst/web-kit')>();
  kit.categoryPath.mockImplementation(real.categoryPath);
  kit.creatorPagePath.mockImplementation(real.creatorPagePath);
  kit.useNearView.mockImplementation(real.useNearView);
  return {
    ...real,
    // every loading message shown, in order
    Spinner: (props: Parameters<typeof real.Spinner>[0]) => {
      kit.spinner(props.message);
      return real.Spinner(props);
    },
    categoryPath: kit.categoryPath,
    creatorPagePath: kit.creatorPagePath,
    useNearView: kit.useNearView,
  };
});
// The lesson (all of it renders when the page does) and its learning tools, counted as they render.
const renders = vi.hoisted(() => ({ lesson: 0, notes: 0 }));
// A module whose component counts its renders, still the real one (testing/renders.ts, loaded when mocked).
const counting = vi.hoisted(
  () => async (original: Promise<unknown>, name: string, counted: () => void) =>
    (await import('../testing/renders')).countingRenders(original, name, counted),
);
vi.mock('./LessonView', (original) => counting(original(), 'LessonView', () => renders.lesson++));
vi.mock('../notes/NotesPanel', (original) => counting(original(), 'NotesPanel', () => renders.notes++));
const community = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('../community/communityRemote', () => ({ loadCommunityModule: community.load }));

const PRODUCT = PRODUCT_ID;
const LESSON = '1'.repeat(24);
const outline: CurriculumOutline = {
  productId: PRODUCT,
  version: 1,
  lessonCount: 1,
  durationSeconds: 60,
  sections: [
    {
      id: '5'.repeat(24),
      title: 'Getting started',
      durationSeconds: 60,
      lessons: [
        {
          id: LESSON,
          title: 'Why grid',
          kind: 'video',
          durationSeconds: 60,
          isFreePreview: false,
          resourceCount: 0,
        },
      ],
    },
  ],
};

// a course of the player's test product (its id, category and creator's ids)
const product = productDetail({
  productId: 'CSS0001',
  slug: 'css-grid',
  title: 'CSS Grid Layout',
  description: 'Lay out pages with grid.',
  creator: { _id: 'd'.repeat(24), name: 'Rachel Andrew', slug: 'rachel' },
  type: 'course',
  price: 19,
  videoUrl: null,
  stream: null,
});

const lesson: Lesson = {
  ...outline.sections[0]!.lessons[0]!,
  sectionId: outline.sections[0]!.id,
  productId: PRODUCT,
  videoUrl: '/media/videos/lesson-1.mp4',
  stream: null,
  body: null,
  resources: [],
  quiz: null,
};

const progress: CourseProgress = {
  course: {
    productId: PRODUCT,
    progress: 30,
    lastPosition: 18,
    furthestPosition: 18,
    completed: false,
    completedAt: null,
    updatedAt: '2026-01-02T00:00:00.000Z',
    lessonId: LESSON,
  },
  currentLessonId: LESSON,
  lessons: [
    {
      lessonId: LESSON,
      progress: 30,
      lastPosition: 18,
      furthestPosition: 18,
      completed: false,
      completedAt: null,
      updatedAt: '2026-01-02T00:00:00.000Z',
    },
  ],
};

/** A member's course: the product, the course's progress, the lesson (by default at once) and no notes. */
const memberApi = (answerLesson: FakeHandler<typeof curriculumRoutes.lesson> = lesson) =>
  fakeApi()
    .on(productRoutes.getPremium, product)
    .on(lessonProgressRoutes.forCourse, progress)
    .on(curriculumRoutes.lesson, answerLesson)
    .on(noteRoutes.listNotes, { items: [], total: 0, page: 1, limit: 500 });

const renderCourse = () =>
  render(
    <MemoryRouter>
      <CoursePage productKey="css-grid" outline={outline} lessonId={LESSON} />
    </MemoryRouter>,
  );

beforeEach(async () => {
  kit.categoryPath.mockClear();
  kit.creatorPagePath.mockClear();
  kit.useNearView.mockClear();
  kit.spinner.mockClear();
  Object.assign(renders, { lesson: 0, notes: 0 });
  community.load.mockReset();
  community.load.mockResolvedValue({ default: () => null });
  // the reviews and the discussion sit below the lesson, out of view (they are not read: what renders is the page's)
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  await signInMember('course-renders-token');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await session.logout({ revoke: false });
});

it("renders the heading, the creator and the reviews once while the course's progress and the lesson arrive", async () => {
  memberApi();
  renderCourse();

  await screen.findByRole('heading', { level: 1, name: 'CSS Grid Layout' });
  // both later answers are on the page: the course's progress and the lesson
  await waitFor(() =>
    expect(screen.getByTestId('course-percent').textContent).toBe('30% complete · 0 of 1 lessons'),
  );
  const lessonView = await screen.findByTestId('lesson-view');
  expect(within(lessonView).getByRole('heading', { level: 2 }).textContent).toBe('Why grid');
  expect(screen.getByRole('link', { name: 'Rachel Andrew' }).getAttribute('href')).toBe('/creators/rachel');

  const reviewsRenders = kit.useNearView.mock.calls.filter(
    ([anchor]) =>
      (anchor as RefObject<HTMLElement | null>).current?.getAttribute('aria-labelledby') === 'reviews-title',
  ).length;
  expect({
    heading: kit.categoryPath.mock.calls.length,
    creator: kit.creatorPagePath.mock.calls.length,
    reviews: reviewsRenders,
  }).toEqual({ heading: 1, creator: 1, reviews: 1 });
});

it("shows the page once, with its lesson and the course's figures, when the lesson answers after the product", async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const api = memberApi(async () => {
    await held;
    return lesson;
  });
  renderCourse();
  // the product's and the course's progress answers are in; the lesson's is not
  await waitFor(() =>
    expect(api.calls.map((call) => call.path)).toEqual(
      expect.arrayContaining([`/content/progress/product/${PRODUCT}/lessons`]),
    ),
  );
  release();
  const lessonView = await screen.findByTestId('lesson-view');
  expect(within(lessonView).getByRole('heading', { level: 2 }).textContent).toBe('Why grid');
  expect(lessonView.querySelector('video')?.getAttribute('src')).toBe('/media/videos/lesson-1.mp4');
  expect(screen.getByTestId('course-percent').textContent).toBe('30% complete · 0 of 1 lessons');
  // the page waited with one loading message, never the lesson's own in a page already shown
  expect(kit.spinner.mock.calls.map(([message]) => message)).not.toContain('Loading lesson...');
});

it('renders only the progress figures while a lesson plays, and the lesson once for the save that lands', async () => {
  const api = memberApi().on(lessonProgressRoutes.updateLesson, ({ body }) => {
    const row = { ...progress.lessons[0]!, progress: body.progress, lastPosition: body.lastPosition };
    return { lesson: row, applied: true, course: { ...progress.course, progress: body.progress } };
  });
  renderCourse();
  await waitFor(() =>
    expect(screen.getByTestId('course-percent').textContent).toBe('30% complete · 0 of 1 lessons'),
  );
  const lessonView = await screen.findByTestId('lesson-view');
  await within(lessonView).findByTestId('notes-panel');
  await waitFor(() =>
    expect(within(lessonView).getByTestId('progress-percent').textContent).toBe('30% complete'),
  );
  const video = lessonView.querySelector('video')!;
  playing(video, 60);
  const before = { ...renders };

  playTenSeconds(video, 20);
  // the lesson's figure follows the playback; the forced save at 0:30 lands and moves the course's figure
  await waitFor(() =>
    expect(within(lessonView).getByTestId('progress-percent').textContent).toBe('50% complete'),
  );
  await waitFor(() =>
    expect(screen.getByTestId('course-percent').textContent).toBe('50% complete · 0 of 1 lessons'),
  );
  await waitFor(() => expect(within(lessonView).getByTestId('save-status').textContent).toBe(''));
  expect(api.callsTo(lessonProgressRoutes.updateLesson)).toHaveLength(1);

  // the page renders the lesson for the course's new figure alone; the notes, unchanged, render for none of it
  expect({ lesson: renders.lesson - before.lesson, notes: renders.notes - before.notes }).toEqual({
    lesson: 1,
    notes: 0,
  });
});
