import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  CourseProgress,
  CurriculumOutline,
  Lesson,
  LessonProgress,
  ProductDetail,
  Progress,
  PublicProduct,
} from '@catalyst/contracts';
import {
  lessonProgressRoutes,
  NEXT_LESSON_COUNTDOWN_SECONDS,
  noteRoutes,
  pathRoutes,
  certificateRoutes,
  curriculumRoutes,
  playerSettingRoutes,
  productRoutes,
  progressRoutes,
  quizRoutes,
  subscriptionRoutes,
} from '@catalyst/contracts';
import { premiumReasonText, session, subscription } from '@catalyst/web-kit';
import { failure, fakeApi, success, type FakeCall } from '@catalyst/web-kit/testing';
import { AUTOPLAY_KEY } from '../player/useAutoplay';
import { learningPathOf, pathItemOf } from '../testing/learningPath';
import ProductRoutes from '../routes';

// The community remote as the federation runtime would hand it (an empty section unless a test says otherwise).
const community = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('../community/communityRemote', () => ({ loadCommunityModule: community.load }));

const PRODUCT = 'a'.repeat(24);
const SLUG = 'css-grid';
const S1 = '5'.repeat(24);
const S2 = '6'.repeat(24);
const L1 = '1'.repeat(24);
const L2 = '2'.repeat(24);
const L3 = '3'.repeat(24);
const L4 = '4'.repeat(24);
const COURSE = `/browse/premium/product/${SLUG}`;
const lessonUrl = (id: string) => `${COURSE}/lesson/${id}`;

const outline: CurriculumOutline = {
  productId: PRODUCT,
  version: 1,
  lessonCount: 4,
  durationSeconds: 330,
  sections: [
    {
      id: S1,
      title: 'Getting started',
      durationSeconds: 180,
      lessons: [
        {
          id: L1,
          title: 'Why grid',
          kind: 'video',
          durationSeconds: 60,
          isFreePreview: true,
          resourceCount: 1,
        },
        {
          id: L2,
          title: 'Tracks and lines',
          kind: 'video',
          durationSeconds: 120,
          isFreePreview: false,
          resourceCount: 0,
        },
      ],
    },
    {
      id: S2,
      title: 'Layouts',
      durationSeconds: 150,
      lessons: [
        {
          id: L3,
          title: 'Named areas',
          kind: 'article',
          durationSeconds: null,
          isFreePreview: false,
          resourceCount: 0,
        },
        {
          id: L4,
          title: 'A whole page',
          kind: 'video',
          durationSeconds: 90,
          isFreePreview: false,
          resourceCount: 0,
        },
      ],
    },
  ],
};

const publicProduct: PublicProduct = {
  _id: PRODUCT,
  productId: 'CSS0001',
  slug: SLUG,
  title: 'CSS Grid Layout',
  description: 'Lay out pages with grid.',
  categoryId: 'c'.repeat(24),
  category: { _id: 'c'.repeat(24), name: 'Web Development', slug: 'web-development' },
  creatorId: 'd'.repeat(24),
  creator: { _id: 'd'.repeat(24), name: 'Rachel Andrew', slug: 'rachel' },
  type: 'course',
  difficulty: 'beginner',
  duration: 6,
  thumbnail: '/media/thumbnails/css-grid.jpg',
  tags: [],
  price: 19,
  instructor: null,
  enrolledStudents: 0,
  isActive: true,
  isPublished: true,
  isFeatured: false,
  sortOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const detail: ProductDetail = { ...publicProduct, videoUrl: null, content: null, stream: null, related: [] };

const lesson = (id: string, overrides: Partial<Lesson> = {}): Lesson => {
  const outlined = outline.sections
    .flatMap((s) => s.lessons.map((l) => ({ ...l, sectionId: s.id })))
    .find((l) => l.id === id)!;
  return {
    ...outlined,
    productId: PRODUCT,
    videoUrl: outlined.kind === 'video' ? `/media/videos/lesson-${id.charAt(0)}.mp4` : null,
    stream: null,
    body:
      outlined.kind === 'article'
        ? '<h3>Areas</h3><p>Name them.</p><script>window.hacked = true</script>'
        : null,
    resources: [],
    quiz: null,
    ...overrides,
  };
};

const row = (lessonId: string, overrides: Partial<LessonProgress> = {}): LessonProgress => ({
  lessonId,
  progress: 0,
  lastPosition: 0,
  furthestPosition: 0,
  completed: false,
  completedAt: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

const courseFigure = (overrides: Partial<Progress> = {}): Progress => ({
  productId: PRODUCT,
  progress: 18,
  lastPosition: 42,
  furthestPosition: 42,
  completed: false,
  completedAt: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
  lessonId: L2,
  ...overrides,
});

const memberProgress = (overrides: Partial<CourseProgress> = {}): CourseProgress => ({
  course: courseFigure(),
  currentLessonId: L2,
  lessons: [
    row(L1, { progress: 100, lastPosition: 60, furthestPosition: 60, completed: true }),
    row(L2, { progress: 35, lastPosition: 42, furthestPosition: 42 }),
  ],
  ...overrides,
});

const PREMIUM_REQUIRED = 'Active subscription required to access this content';

/** The server as the course page reads it; a test adds or replaces answers with `.on(...)`. */
function courseApi(viewer: 'member' | 'learner' | 'visitor') {
  const fake = fakeApi()
    .on(curriculumRoutes.outline, outline)
    .on(productRoutes.get, publicProduct)
    .on(
      productRoutes.getPremium,
      viewer === 'member'
        ? detail
        : failure(
            viewer === 'visitor' ? 401 : 403,
            viewer === 'visitor' ? 'Authentication required' : PREMIUM_REQUIRED,
          ),
    )
    .on(
      lessonProgressRoutes.forCourse,
      viewer === 'member' ? memberProgress() : failure(403, PREMIUM_REQUIRED),
    );
  for (const lessonId of [L1, L2, L3, L4]) {
    const open = viewer === 'member' || lessonId === L1;
    fake.on(
      curriculumRoutes.lesson,
      open
        ? lesson(lessonId)
        : failure(
            viewer === 'visitor' ? 401 : 403,
            viewer === 'visitor' ? 'Sign in to open this lesson' : PREMIUM_REQUIRED,
          ),
      { lessonId },
    );
  }
  return fake;
}

/** Holds the answers to the reads `matches` picks until the returned function releases them. */
function holdAnswers(api: ReturnType<typeof courseApi>, matches: (url: string) => boolean): () => void {
  const answer = api.fetch.getMockImplementation()!;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  api.fetch.mockImplementation(async (input, init) => {
    if (matches(String(input))) await held;
    return answer(input, init);
  });
  return release;
}

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}
/** The address the page is at (as the probe beside it shows). */
const currentPath = () => screen.getByTestId('location').textContent;

function PlansStandIn() {
  return <p>Plans page: {premiumReasonText(useLocation().state) ?? 'no reason'}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/browse/premium/product/*" element={<ProductRoutes />} />
        <Route path="/subscription" element={<PlansStandIn />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

let tokens = 0;
function signIn() {
  // a token of its own per test: an early read of one test is never another's answer
  sessionStorage.setItem('token', `token-${++tokens}`);
  session.loadUser({ _id: 'f'.repeat(24), name: 'Lee', email: 'lee@example.com', role: 'user' });
}

const videoOf = () => screen.getByTestId('video-player').querySelector('video')!;
/** The address of the video the player shows, once it is there. */
const shownVideo = async () =>
  (await screen.findByTestId('video-player')).querySelector('video')?.getAttribute('src');
/** The title of the lesson on the page. */
const lessonTitle = () =>
  within(screen.getByTestId('lesson-view')).getByRole('heading', { level: 2 }).textContent;
/** A lesson in the curriculum. */
const lessonLink = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: 'Course content' })).getByRole('link', { name });
/** What a curriculum entry's icons say: its state (Completed, Locked; none while open and unfinished), then its kind. */
const lessonIcons = (link: HTMLElement) =>
  within(link)
    .queryAllByRole('img')
    .map((icon) => icon.getAttribute('aria-label'));
const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;
/** The browser loaded the video's metadata (jsdom never does). */
function loadMetadata(video: HTMLVideoElement, duration: number) {
  Object.defineProperty(video, 'readyState', { configurable: true, value: 1 });
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  fireEvent.loadedMetadata(video);
}
/** Lets the clock run a second at a time (each tick of the countdown is set after the one before has rendered). */
async function passSeconds(seconds: number) {
  for (let i = 0; i < seconds; i += 1) await act(async () => vi.advanceTimersByTime(1_000));
}
function playTo(video: HTMLVideoElement, seconds: number) {
  Object.defineProperty(video, 'paused', { configurable: true, value: false });
  video.currentTime = seconds;
  fireEvent.timeUpdate(video);
}
const lessonSaves = (calls: FakeCall[], lessonId: string) =>
  calls.filter(
    (c) =>
      c.method === 'PATCH' &&
      new URL(c.url, 'http://x').pathname.endsWith(
        `/content/progress/product/${PRODUCT}/lessons/${lessonId}`,
      ),
  );

beforeEach(() => {
  community.load.mockReset();
  community.load.mockResolvedValue({ default: () => null });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await session.logout({ revoke: false });
});

describe('the course page', () => {
  it('renders the outline with section progress, checkmarks, lengths, the current lesson and free previews, and locks nothing for a member', async () => {
    signIn();
    courseApi('member');
    renderAt(lessonUrl(L2));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('CSS Grid Layout');
    const curriculum = await screen.findByRole('navigation', { name: 'Course content' });
    // (the section's figures come with the course's progress, which may answer after the page shows)
    await waitFor(() =>
      expect(
        within(curriculum)
          .getAllByRole('button', { expanded: true })
          .map((b) => b.textContent),
      ).toEqual(['Getting started1/2, 1 of 2 lessons complete · 3 min']),
    );
    const first = within(curriculum).getByRole('link', { name: /Why grid/ });
    expect(lessonIcons(first)).toEqual(['Completed', 'Video']);
    expect(first.textContent).toContain('1 min');
    expect(first.textContent).toContain('Free preview');
    const current = within(curriculum).getByRole('link', { name: /Tracks and lines/ });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.getAttribute('href')).toBe(lessonUrl(L2));
    expect(within(curriculum).queryAllByRole('img', { name: 'Locked' })).toHaveLength(0);
    // the second section opens on demand
    await act(async () => fireEvent.click(within(curriculum).getByRole('button', { name: /Layouts/ })));
    expect(
      within(curriculum)
        .getByRole('link', { name: /Named areas/ })
        .getAttribute('href'),
    ).toBe(lessonUrl(L3));
    // the course figure is the server's
    expect(screen.getByRole('progressbar', { name: 'Course progress' }).getAttribute('aria-valuenow')).toBe(
      '18',
    );
    expect(screen.getByTestId('course-percent').textContent).toBe('18% complete · 1 of 4 lessons');
  });

  it("asks for a member's lesson beside the product, not once the product has answered", async () => {
    signIn();
    const api = courseApi('member');
    const release = holdAnswers(api, (url) => url.includes(`/content/premium/products/${SLUG}`));
    renderAt(lessonUrl(L2));
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.endsWith(`/content/products/${SLUG}/lessons/${L2}`))).toBe(true),
    );
    expect(api.calls.some((c) => c.url.includes('/content/premium/'))).toBe(false);
    expect(screen.queryByTestId('video-player')).toBeNull();
    release();
    expect(await shownVideo()).toBe('/media/videos/lesson-2.mp4');
    expect(api.calls.filter((c) => c.url.endsWith(`/lessons/${L2}`))).toHaveLength(1);
  });

  /** A member whose plan's status the subscription store asks for, with no notes of the course. */
  const memberWithPlanApi = () =>
    courseApi('member')
      .on(subscriptionRoutes.status, {
        hasSubscription: true,
        plan: 'premium',
        status: 'active',
        currentPeriodEnd: '2030-03-15T12:00:00.000Z',
        cancelAtPeriodEnd: false,
      })
      .on(noteRoutes.listNotes, { items: [], total: 0, page: 1, limit: 500 });

  it("asks a member's course progress and lesson notes beside the product, once, when their plan is known", async () => {
    const api = memberWithPlanApi();
    signIn();
    await waitFor(() => expect(subscription.getState().hasSubscription).toBe(true));
    const release = holdAnswers(api, (url) => url.includes(`/content/premium/products/${SLUG}`));
    renderAt(lessonUrl(L2));
    const asked = (part: string) => api.calls.filter((c) => c.url.includes(part));
    await waitFor(() => expect(asked(`/content/progress/product/${PRODUCT}/lessons`)).toHaveLength(1));
    await waitFor(() => expect(asked(`/notes?`)).toHaveLength(1));
    expect(screen.queryByTestId('course-progress')).toBeNull();
    release();
    // the page shows what those early answers said, and asks for neither again
    await waitFor(() =>
      expect(screen.getByTestId('course-percent').textContent).toBe('18% complete · 1 of 4 lessons'),
    );
    // (while the notes load, the same words stand in hidden)
    const empty = 'No notes yet. Press N or Add note to keep one at this second.';
    await waitFor(() => expect(screen.getByText(empty).getAttribute('aria-hidden')).toBeNull());
    expect(asked(`/content/progress/product/${PRODUCT}/lessons`)).toHaveLength(1);
    expect(asked(`/notes?`)).toHaveLength(1);
  });

  it("asks a member's course progress beside the product when their plan is known only after the page opened", async () => {
    const api = memberWithPlanApi();
    const releasePlan = holdAnswers(api, (url) => url.includes('/subscription/status'));
    const releaseProduct = holdAnswers(api, (url) => url.includes(`/content/premium/products/${SLUG}`));
    signIn();
    renderAt(lessonUrl(L2));
    const asked = (part: string) => api.calls.filter((c) => c.url.includes(part));
    await waitFor(() => expect(asked(`/content/products/${SLUG}/lessons/${L2}`)).toHaveLength(1));
    expect(asked(`/content/progress/product/${PRODUCT}/lessons`)).toHaveLength(0);
    releasePlan();
    await waitFor(() => expect(subscription.getState().hasSubscription).toBe(true));
    await waitFor(() => expect(asked(`/content/progress/product/${PRODUCT}/lessons`)).toHaveLength(1));
    await waitFor(() => expect(asked(`/notes?`)).toHaveLength(1));
    releaseProduct();
    await waitFor(() =>
      expect(screen.getByTestId('course-percent').textContent).toBe('18% complete · 1 of 4 lessons'),
    );
    expect(asked(`/content/progress/product/${PRODUCT}/lessons`)).toHaveLength(1);
  });

  it('shows a learner without the plan the course and its free previews, locks the rest and leads them to /subscription', async () => {
    signIn();
    const api = courseApi('learner');
    renderAt(COURSE);
    // the course opens the first lesson they may open, in its own address
    await waitFor(() => expect(currentPath()).toBe(lessonUrl(L1)));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('CSS Grid Layout');
    expect(await shownVideo()).toBe('/media/videos/lesson-1.mp4');
    const curriculum = screen.getByRole('navigation', { name: 'Course content' });
    const locked = within(curriculum).getByRole('link', { name: /Tracks and lines/ });
    expect(lessonIcons(locked)).toEqual(['Locked', 'Video']);
    expect(locked.getAttribute('href')).toBe('/subscription');
    expect(
      within(curriculum)
        .getByRole('link', { name: /Why grid/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    // no course figure and no progress kept for a course they do not have
    expect(screen.queryByTestId('course-progress')).toBeNull();
    expect(api.calls.some((c) => c.url.includes('/content/progress/'))).toBe(false);
    await act(async () => fireEvent.click(locked));
    expect((await screen.findByText(/^Plans page:/)).textContent).toBe(
      'Plans page: This course is part of Premium',
    );
  });

  it('lets a visitor watch a free preview (saving nothing) and sends them to /subscription from a locked lesson', async () => {
    const api = courseApi('visitor');
    renderAt(lessonUrl(L1));
    await waitFor(() => expect(lessonTitle()).toBe('Why grid'));
    const video = (await screen.findByTestId('video-player')).querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/videos/lesson-1.mp4');
    loadMetadata(video, 60);
    playTo(video, 30);
    fireEvent.pause(video);
    window.dispatchEvent(new Event('pagehide'));
    expect(api.calls.filter((c) => c.method !== 'GET' && c.method !== 'HEAD')).toEqual([]);
    expect(
      api.calls.some((c) => c.url.includes('/content/premium/') || c.url.includes('/content/progress/')),
    ).toBe(false);
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).toBeNull();
    // a locked lesson's own address says why, and offers the plans and signing in
    const curriculum = screen.getByRole('navigation', { name: 'Course content' });
    await act(async () =>
      fireEvent.click(within(curriculum).getByRole('link', { name: /Tracks and lines/ })),
    );
    expect((await screen.findByText(/^Plans page:/)).textContent).toBe(
      'Plans page: This course is part of Premium',
    );
  });

  it("shows a locked lesson's address to a visitor as locked, without asking for the lesson", async () => {
    const api = courseApi('visitor');
    renderAt(lessonUrl(L2));
    const panel = await screen.findByTestId('lesson-locked');
    expect(within(panel).getByRole('heading').textContent).toBe('This lesson is part of Premium');
    expect(within(panel).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscription');
    expect(enabled(within(panel).getByRole('button', { name: 'Sign in' }))).toBe(true);
    expect(api.calls.some((c) => c.url.includes(`/lessons/${L2}`))).toBe(false);
  });

  it('resumes a member in the lesson they were in, at the second they left, replacing the address', async () => {
    signIn();
    courseApi('member');
    renderAt(COURSE);
    await waitFor(() => expect(currentPath()).toBe(lessonUrl(L2)));
    await waitFor(() => expect(lessonTitle()).toBe('Tracks and lines'));
    const video = (await screen.findByTestId('video-player')).querySelector('video')!;
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('35% complete'));
    loadMetadata(video, 120);
    expect(video.currentTime).toBe(42);
  });

  it('starts the video at the second a search hit names, over the place the learner left', async () => {
    signIn();
    courseApi('member');
    renderAt(`${lessonUrl(L2)}?t=12`);
    await waitFor(() => expect(lessonTitle()).toBe('Tracks and lines'));
    const video = (await screen.findByTestId('video-player')).querySelector('video')!;
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('35% complete'));
    loadMetadata(video, 120);
    expect(video.currentTime).toBe(12);
  });

  it('opens the first unfinished lesson when the learner has no lesson of their own yet', async () => {
    signIn();
    courseApi('member').on(
      lessonProgressRoutes.forCourse,
      memberProgress({ currentLessonId: null, lessons: [row(L1, { completed: true, progress: 100 })] }),
    );
    renderAt(COURSE);
    await waitFor(() => expect(currentPath()).toBe(lessonUrl(L2)));
  });

  it('saves a lesson to its own progress with the stale-write clock, shows the course figure it answers, and saves it on leaving', async () => {
    signIn();
    const answers: number[] = [];
    const api = courseApi('member').on(
      lessonProgressRoutes.updateLesson,
      (call) => {
        const body = JSON.parse(String(call.init.body)) as {
          progress: number;
          lastPosition: number;
          completed: boolean;
          clientTime: number;
        };
        answers.push(body.clientTime);
        return {
          lesson: row(L2, {
            progress: body.progress,
            lastPosition: body.lastPosition,
            furthestPosition: body.lastPosition,
            updatedAt: '2026-01-03T00:00:00.000Z',
          }),
          applied: true,
          course: courseFigure({ progress: 27, updatedAt: '2026-01-03T00:00:00.000Z' }),
        };
      },
      { lessonId: L2 },
    );
    renderAt(lessonUrl(L2));
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('35% complete'));
    const video = videoOf();
    loadMetadata(video, 120);
    playTo(video, 60);
    await act(async () => fireEvent.pause(video));
    playTo(video, 66);
    await act(async () => fireEvent.pause(video));
    await waitFor(() => expect(lessonSaves(api.calls, L2)).toHaveLength(2));
    const bodies = lessonSaves(api.calls, L2).map((c) => JSON.parse(String(c.init.body)));
    expect(bodies[0]).toEqual({
      progress: 50,
      lastPosition: 60,
      completed: false,
      clientTime: expect.any(Number),
    });
    expect(bodies[1]).toEqual({
      progress: 55,
      lastPosition: 66,
      completed: false,
      clientTime: expect.any(Number),
    });
    // every save carries a later client time than the one before it (the server ignores older ones)
    expect(bodies[1].clientTime).toBeGreaterThan(bodies[0].clientTime);
    expect(
      api.calls.some(
        (c) =>
          c.method === 'PATCH' &&
          new URL(c.url, 'http://x').pathname === `/api/v1/content/progress/product/${PRODUCT}`,
      ),
    ).toBe(false);
    await waitFor(() =>
      expect(screen.getByTestId('course-percent').textContent).toBe('27% complete · 1 of 4 lessons'),
    );

    // leaving: the unload save goes to the lesson's form address
    playTo(video, 75);
    window.dispatchEvent(new Event('pagehide'));
    const beacon = api.calls.find((c) => c.method === 'POST')!;
    expect(new URL(beacon.url, 'http://x').pathname).toBe(
      `/api/v1/content/progress/product/${PRODUCT}/lessons/${L2}`,
    );
    expect(beacon.init.keepalive).toBe(true);
    const form = beacon.init.body as FormData;
    expect(form.get('_method')).toBe('PATCH');
    const data = JSON.parse(String(form.get('data')));
    expect(data).toEqual({
      progress: 63,
      lastPosition: 75,
      completed: false,
      clientTime: expect.any(Number),
    });
    expect(data.clientTime).toBeGreaterThan(bodies[1].clientTime);
  });

  it("holds the lesson's progress row in place while the lesson itself loads, so nothing under the player moves down when it arrives", async () => {
    signIn();
    const api = courseApi('member');
    renderAt(lessonUrl(L1));
    expect(await shownVideo()).toBe('/media/videos/lesson-1.mp4');
    // the next lesson, its answer on its way (the page's first showing waits for its lesson: CoursePage)
    const release = holdAnswers(api, (url) => url.endsWith(`/content/products/${SLUG}/lessons/${L2}`));
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Next: Tracks and lines →' })));
    await waitFor(() => expect(lessonTitle()).toBe('Tracks and lines'));
    // in place while the lesson loads
    expect(screen.getAllByRole('button', { name: 'Mark Complete' })).toHaveLength(1);
    expect(
      within(screen.getByRole('navigation', { name: 'Lessons' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['← Previous: Why grid', 'Next: Named areas →']);
    expect(screen.queryByTestId('video-player')).toBeNull();
    // The offline-download button's room is kept above the row, unseen and out of reach until the lesson decides it.
    expect(screen.queryByRole('button', { name: 'Download for offline' })).toBeNull();
    release();
    expect(await shownVideo()).toBe('/media/videos/lesson-2.mp4');
    expect(screen.getAllByRole('button', { name: 'Mark Complete' })).toHaveLength(1);
    await waitFor(() =>
      expect(enabled(screen.getByRole('button', { name: 'Download for offline' }))).toBe(true),
    );
  });

  it('marks a lesson complete through its own route and ticks it in the curriculum', async () => {
    signIn();
    const api = courseApi('member').on(
      lessonProgressRoutes.completeLesson,
      {
        lesson: row(L2, {
          progress: 100,
          completed: true,
          lastPosition: 42,
          furthestPosition: 42,
          updatedAt: '2026-01-03T00:00:00.000Z',
        }),
        applied: true,
        course: courseFigure({ progress: 55, updatedAt: '2026-01-03T00:00:00.000Z' }),
      },
      { lessonId: L2 },
    );
    renderAt(lessonUrl(L2));
    const button = await screen.findByRole('button', { name: 'Mark Complete' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('Completed · 100%'));
    const call = api.calls.find((c) => c.url.endsWith(`/lessons/${L2}/complete`))!;
    expect(JSON.parse(String(call.init.body))).toEqual({ clientTime: expect.any(Number) });
    expect(lessonIcons(lessonLink(/Tracks and lines/))).toEqual(['Completed', 'Video']);
    expect(screen.getByTestId('course-percent').textContent).toBe('55% complete · 2 of 4 lessons');
  });

  it('resets the whole course once confirmed, and rewinds the lesson', async () => {
    signIn();
    let reset = false;
    const api = courseApi('member')
      .on(progressRoutes.reset, () => {
        reset = true;
        return courseFigure({
          progress: 0,
          lastPosition: 0,
          furthestPosition: 0,
          updatedAt: '2026-01-04T00:00:00.000Z',
        });
      })
      .on(lessonProgressRoutes.forCourse, () =>
        reset ? memberProgress({ course: courseFigure({ progress: 0 }), lessons: [] }) : memberProgress(),
      );
    renderAt(lessonUrl(L2));
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('35% complete'));
    const video = videoOf();
    video.currentTime = 50;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset course' })));
    expect(api.calls.some((c) => c.url.endsWith('/reset'))).toBe(false);
    await act(async () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset course' })),
    );
    await waitFor(() =>
      expect(screen.getByTestId('course-percent').textContent).toBe('0% complete · 0 of 4 lessons'),
    );
    expect(screen.getByTestId('progress-percent').textContent).toBe('0% complete');
    expect(video.currentTime).toBe(0);
    expect(
      JSON.parse(String(api.calls.find((c) => c.url.endsWith(`/product/${PRODUCT}/reset`))!.init.body)),
    ).toEqual({ clientTime: expect.any(Number) });
  });

  it('counts down to the next lesson when one ends, and starts it', async () => {
    signIn();
    courseApi('member').on(
      lessonProgressRoutes.updateLesson,
      {
        lesson: row(L1, { completed: true, progress: 100 }),
        applied: true,
        course: courseFigure(),
      },
      { lessonId: L1 },
    );
    renderAt(lessonUrl(L1));
    const video = (await screen.findByTestId('video-player')).querySelector('video')!;
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('Completed · 100%'));
    vi.useFakeTimers();
    loadMetadata(video, 60);
    await act(async () => fireEvent.ended(video));
    const overlay = screen.getByTestId('up-next');
    expect(within(overlay).getByRole('heading').textContent).toBe('Up next: Tracks and lines');
    expect(document.activeElement).toBe(within(overlay).getByRole('button', { name: 'Play now' }));
    expect(screen.getByRole('status').textContent).toBe(
      `Up next: Tracks and lines. Starts in ${NEXT_LESSON_COUNTDOWN_SECONDS} seconds.`,
    );
    await passSeconds(NEXT_LESSON_COUNTDOWN_SECONDS - 1);
    expect(currentPath()).toBe(lessonUrl(L1));
    expect(within(overlay).getByTestId('countdown').textContent).toBe('Starts in 1 second');
    await passSeconds(1);
    expect(currentPath()).toBe(lessonUrl(L2));
    vi.useRealTimers();
    // the next lesson's title takes the focus, and it plays on its own from where the learner left it
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Tracks and lines' }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('35% complete'));
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    play.mockClear();
    const next = videoOf();
    expect(next).not.toBe(video);
    loadMetadata(next, 120);
    expect(next.currentTime).toBe(42);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('stops the countdown on Cancel', async () => {
    signIn();
    courseApi('member').on(
      lessonProgressRoutes.updateLesson,
      {
        lesson: row(L1, { completed: true, progress: 100 }),
        applied: true,
        course: courseFigure(),
      },
      { lessonId: L1 },
    );
    renderAt(lessonUrl(L1));
    const video = (await screen.findByTestId('video-player')).querySelector('video')!;
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('Completed · 100%'));
    vi.useFakeTimers();
    loadMetadata(video, 60);
    await act(async () => fireEvent.ended(video));
    await passSeconds(2);
    expect(within(screen.getByTestId('up-next')).getByTestId('countdown').textContent).toBe(
      `Starts in ${NEXT_LESSON_COUNTDOWN_SECONDS - 2} seconds`,
    );
    await act(async () =>
      fireEvent.click(within(screen.getByTestId('up-next')).getByRole('button', { name: 'Cancel' })),
    );
    expect(screen.queryByTestId('up-next')).toBeNull();
    await passSeconds(NEXT_LESSON_COUNTDOWN_SECONDS * 2);
    expect(currentPath()).toBe(lessonUrl(L1));
  });

  it('offers the plans instead of a countdown when the next lesson is locked', async () => {
    courseApi('visitor');
    renderAt(lessonUrl(L1));
    const video = (await screen.findByTestId('video-player')).querySelector('video')!;
    loadMetadata(video, 60);
    await act(async () => fireEvent.ended(video));
    const overlay = screen.getByTestId('up-next');
    expect(within(overlay).getByRole('heading').textContent).toBe('Up next: Tracks and lines');
    expect(within(overlay).queryByRole('button', { name: 'Play now' })).toBeNull();
    expect(within(overlay).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/subscription',
    );
  });

  it('says the course is complete when its last lesson ends with every other one done', async () => {
    signIn();
    courseApi('member')
      .on(
        lessonProgressRoutes.forCourse,
        memberProgress({
          currentLessonId: L4,
          lessons: [L1, L2, L3].map((id) => row(id, { completed: true, progress: 100 })),
        }),
      )
      .on(
        lessonProgressRoutes.updateLesson,
        {
          lesson: row(L4, { completed: true, progress: 100 }),
          applied: true,
          course: courseFigure({ progress: 100, completed: true }),
        },
        { lessonId: L4 },
      );
    renderAt(lessonUrl(L4));
    const video = (await screen.findByTestId('video-player')).querySelector('video')!;
    // "0% complete" shows before the lesson's saved progress arrives too: Mark Complete turns on once it has
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Mark Complete' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(screen.getByTestId('progress-percent').textContent).toBe('0% complete');
    loadMetadata(video, 90);
    await act(async () => fireEvent.ended(video));
    expect(within(screen.getByTestId('up-next')).getByRole('heading').textContent).toBe('Course complete');
    expect(screen.getByRole('status').textContent).toBe('Course complete.');
  });

  it("counts down from the course's last lesson to the next item of the learning path it was opened from", async () => {
    signIn();
    courseApi('member').on(
      pathRoutes.get,
      learningPathOf([pathItemOf(PRODUCT, 1), pathItemOf('e'.repeat(24), 2)]),
    );
    // opened from the path at the course's address: the resume keeps the path through the lessons
    renderAt(`${COURSE}?path=web-path`);
    await waitFor(() => expect(currentPath()).toBe(lessonUrl(L2)));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /^Layouts/ })));
    await act(async () => fireEvent.click(lessonLink(/A whole page/)));
    await waitFor(() => expect(currentPath()).toBe(lessonUrl(L4)));
    const video = (await screen.findByTestId('video-player')).querySelector('video')!;
    loadMetadata(video, 90);
    await act(async () => fireEvent.ended(video));
    const overlay = await screen.findByTestId('up-next');
    expect(within(overlay).getByRole('heading').textContent).toBe('Up next: Item 2');
    expect(within(overlay).getByText('Next in Web Path').textContent).toBe('Next in Web Path');
    await act(async () => fireEvent.click(within(overlay).getByRole('button', { name: 'Play now' })));
    // (the fake answers every address with this course, so P2 resumes a lesson of its own)
    await waitFor(() => expect(currentPath()).toMatch(/^\/browse\/premium\/product\/P2(\/|$)/));
  });

  it("renders a phone's closed lesson drawer without its lessons, and lists them when it opens", async () => {
    const phone = (query: string) => ({
      media: query,
      matches: query === '(max-width: 960px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    });
    vi.stubGlobal('matchMedia', phone);
    signIn();
    courseApi('member');
    renderAt(lessonUrl(L2));
    await screen.findByRole('heading', { level: 2, name: 'Tracks and lines' });
    const curriculum = screen.getByRole('navigation', { name: 'Course content' });
    expect(
      within(curriculum)
        .getByRole('button', { name: /Getting started/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(within(curriculum).queryAllByRole('link')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show lessons' })));
    expect(lessonLink(/Tracks and lines/).getAttribute('aria-current')).toBe('page');
    expect(within(curriculum).getAllByRole('link')).toHaveLength(2);
  });

  it('moves between lessons as navigations: an article, the focus on its title, and back again', async () => {
    signIn();
    courseApi('member');
    renderAt(lessonUrl(L2));
    await screen.findByRole('heading', { level: 2, name: 'Tracks and lines' });
    // the curriculum is a drawer on a phone: its toggle says whether it is open
    const toggle = screen.getByRole('button', { name: 'Show lessons' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await act(async () => fireEvent.click(toggle));
    expect(screen.getByRole('button', { name: 'Hide lessons' }).getAttribute('aria-expanded')).toBe('true');

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Next: Named areas →' })));
    expect(currentPath()).toBe(lessonUrl(L3));
    const title = await screen.findByRole('heading', { level: 2, name: 'Named areas' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    const article = await screen.findByTestId('product-content');
    expect(article.querySelector('h3')?.textContent).toBe('Areas');
    expect(article.querySelector('script')).toBeNull();
    // its section opened, and it is the current lesson
    expect(lessonLink(/Named areas/).getAttribute('aria-current')).toBe('page');
  });

  it("offers a member's video lesson for offline watching, but not an article, nor a learner's free preview", async () => {
    signIn();
    courseApi('member');
    const shown = renderAt(lessonUrl(L2));
    await screen.findByRole('heading', { level: 2, name: 'Tracks and lines' });
    expect(
      enabled(
        within(await screen.findByTestId('offline-download')).getByRole('button', {
          name: 'Download for offline',
        }),
      ),
    ).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Next: Named areas →' })));
    await screen.findByTestId('product-content');
    expect(screen.queryByTestId('offline-download')).toBeNull();
    shown.unmount();

    signIn();
    courseApi('learner');
    renderAt(lessonUrl(L1));
    expect(await shownVideo()).toBe('/media/videos/lesson-1.mp4');
    expect(screen.queryByTestId('offline-download')).toBeNull();
  });

  it("lists a lesson's resources with their file names, sizes and download links", async () => {
    signIn();
    courseApi('member').on(
      curriculumRoutes.lesson,
      lesson(L1, {
        resources: [
          {
            id: '9'.repeat(24),
            title: 'Grid cheat sheet',
            fileName: 'grid-cheat-sheet.pdf',
            mimeType: 'application/pdf',
            size: 2_621_440,
            url: '/api/v1/media/downloads/abc?token=t',
          },
        ],
      }),
      { lessonId: L1 },
    );
    renderAt(lessonUrl(L1));
    const resources = await screen.findByRole('region', { name: 'Resources' });
    const link = within(resources).getByRole('link', { name: 'Grid cheat sheet' });
    expect(link.getAttribute('href')).toBe('/api/v1/media/downloads/abc?token=t');
    expect(link.getAttribute('download')).toBe('grid-cheat-sheet.pdf');
    expect(resources.textContent).toContain('grid-cheat-sheet.pdf · 2.5 MB');
  });

  it('says so for a lesson that is not in the course', async () => {
    signIn();
    courseApi('member');
    renderAt(lessonUrl('7'.repeat(24)));
    const notFound = await screen.findByTestId('not-found');
    expect(within(notFound).getByRole('paragraph').textContent).toBe('Lesson not found');
    // the course's lessons are still there to pick
    expect(
      within(screen.getByRole('navigation', { name: 'Course content' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([lessonUrl(L1), lessonUrl(L2)]);
  });
});

describe('a course ending with a quiz', () => {
  const Q1 = '8'.repeat(24);
  const OPT_RIGHT = '9'.repeat(24);
  const OPT_WRONG = 'b'.repeat(24);
  const CODE = 'K7M2Q9XW4R';
  // the last lesson is a quiz (a free preview, which opens only to a learner the course opens to)
  const quizOutline: CurriculumOutline = {
    ...outline,
    sections: outline.sections.map((section) => ({
      ...section,
      lessons: section.lessons.map((l) =>
        l.id === L4
          ? {
              ...l,
              title: 'Check your grid',
              kind: 'quiz' as const,
              durationSeconds: null,
              isFreePreview: true,
            }
          : l,
      ),
    })),
  };
  const quiz = {
    passPercent: 50,
    questions: [
      {
        id: Q1,
        kind: 'single' as const,
        prompt: 'Which property makes a grid?',
        options: [
          { id: OPT_RIGHT, text: 'display: grid' },
          { id: OPT_WRONG, text: 'float: grid' },
        ],
      },
    ],
  };
  const quizLesson = {
    ...lesson(L4),
    title: 'Check your grid',
    kind: 'quiz' as const,
    durationSeconds: null,
    isFreePreview: true,
    videoUrl: null,
    quiz,
  };
  const certificate = {
    code: CODE,
    learnerName: 'Lee',
    productId: PRODUCT,
    productSlug: SLUG,
    courseTitle: 'CSS Grid Layout',
    creatorName: 'Rachel Andrew',
    hours: 0.1,
    completedAt: '2026-01-03T00:00:00.000Z',
    issuedAt: '2026-01-03T00:00:00.000Z',
    status: 'valid' as const,
    revokedAt: null,
    revokedReason: null,
    verifyUrl: `http://shop.test/certificates/${CODE}`,
    pdfUrl: `http://shop.test/api/v1/certificates/${CODE}.pdf`,
    credentialUrl: `http://shop.test/api/v1/certificates/${CODE}/credential`,
  };
  const quizApi = (viewer: 'member' | 'learner' | 'visitor') =>
    courseApi(viewer)
      .on(curriculumRoutes.outline, quizOutline)
      .on(
        curriculumRoutes.lesson,
        viewer === 'member' ? quizLesson : failure(viewer === 'visitor' ? 401 : 403, PREMIUM_REQUIRED),
        { lessonId: L4 },
      )
      .on(quizRoutes.quizAttempts, {
        lessonId: L4,
        passPercent: 50,
        bestScore: null,
        passed: false,
        attempts: [],
      });

  it('offers no Mark course complete (a course is finished lesson by lesson), and says the quiz is what remains', async () => {
    signIn();
    const api = quizApi('member').on(lessonProgressRoutes.forCourse, () =>
      memberProgress({
        currentLessonId: L1,
        course: courseFigure({ progress: 83 }),
        lessons: [L1, L2, L3].map((id) => row(id, { completed: true, progress: 100 })),
      }),
    );
    renderAt(lessonUrl(L1));
    const remains = await screen.findByText(/^Pass the quiz to finish/);
    expect(remains.textContent).toBe('Pass the quiz to finish: Check your grid');
    expect(remains.getAttribute('role')).toBe('status');
    expect(within(remains).getByRole('link', { name: 'Check your grid' }).getAttribute('href')).toBe(
      lessonUrl(L4),
    );
    expect(screen.queryByRole('button', { name: 'Mark course complete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset course' })).toBeDefined();
    expect(api.calls.some((c) => c.url.endsWith(`/product/${PRODUCT}/complete`))).toBe(false);
  });

  it('completes the lesson and the course on a pass: ticked in the curriculum, the course figure from the answer, and the certificate offered', async () => {
    signIn();
    const api = quizApi('member')
      .on(
        lessonProgressRoutes.forCourse,
        memberProgress({
          currentLessonId: L4,
          lessons: [L1, L2, L3].map((id) => row(id, { completed: true, progress: 100 })),
        }),
      )
      .on(
        quizRoutes.submitQuizAttempt,
        success(
          {
            attempt: {
              id: 'e'.repeat(24),
              score: 100,
              passed: true,
              submittedAt: '2026-01-03T00:00:00.000Z',
              questions: [
                {
                  questionId: Q1,
                  correct: true,
                  chosenOptionIds: [OPT_RIGHT],
                  correctOptionIds: [OPT_RIGHT],
                  explanation: 'Grid is a display value.',
                },
              ],
            },
            bestScore: 100,
            lesson: row(L4, {
              progress: 100,
              completed: true,
              completedAt: '2026-01-03T00:00:00.000Z',
              updatedAt: '2026-01-03T00:00:00.000Z',
            }),
            course: courseFigure({
              progress: 100,
              completed: true,
              completedAt: '2026-01-03T00:00:00.000Z',
              updatedAt: '2026-01-03T00:00:00.000Z',
              lessonId: L4,
            }),
          },
          { status: 201 },
        ),
        { lessonId: L4 },
      )
      .on(certificateRoutes.list, [
        { ...certificate, code: 'AAAAAAAAAA', productId: 'f'.repeat(24) },
        certificate,
      ]);
    renderAt(lessonUrl(L4));
    const question = await screen.findByRole('group', { name: 'Which property makes a grid?' });
    // a quiz is completed by passing it: no Mark Complete
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).toBeNull();
    expect(screen.queryByTestId('course-complete')).toBeNull();
    fireEvent.click(within(question).getByRole('radio', { name: 'display: grid' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));

    await screen.findByRole('heading', { name: 'Your score: 100%' });
    await waitFor(() => expect(lessonIcons(lessonLink(/Check your grid/))).toEqual(['Completed', 'Quiz']));
    expect(screen.getByTestId('course-percent').textContent).toBe('Completed · 100% · 4 of 4 lessons');
    const complete = screen.getByTestId('course-complete');
    expect(within(complete).getByRole('heading').textContent?.trim()).toBe('Course complete');
    const view = await within(complete).findByRole('link', { name: 'View certificate' });
    expect(view.getAttribute('href')).toBe(`/certificates/${CODE}`);
    expect(within(complete).getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      certificate.pdfUrl,
    );
    expect(api.calls.filter((c) => c.url.endsWith('/certificates'))).toHaveLength(1);
  });

  it('shows a learner without the plan the lock panel for a quiz, even a free preview, and asks for no attempts', async () => {
    signIn();
    const api = quizApi('learner');
    renderAt(lessonUrl(L4));
    const locked = await screen.findByTestId('lesson-locked');
    expect(within(locked).getByRole('heading').textContent).toBe('This lesson is part of Premium');
    expect(screen.queryByTestId('quiz')).toBeNull();
    // nothing of the quiz is asked for: no attempts (the lesson itself, if read, answers no answers)
    expect(api.calls.filter((c) => c.url.includes('/quiz-attempts')).map((c) => c.url)).toEqual([]);
  });

  it('shows a visitor the lock panel for a free-preview quiz, with Sign in, and a lock on it in the curriculum', async () => {
    const api = quizApi('visitor');
    renderAt(lessonUrl(L4));
    const locked = await screen.findByTestId('lesson-locked');
    expect(enabled(within(locked).getByRole('button', { name: 'Sign in' }))).toBe(true);
    expect(screen.queryByTestId('quiz')).toBeNull();
    expect(lessonIcons(lessonLink(/Check your grid/))).toEqual(['Locked', 'Quiz']);
    // nothing of the quiz is asked for: no attempts (the lesson itself, if read, answers no answers)
    expect(api.calls.filter((c) => c.url.includes('/quiz-attempts')).map((c) => c.url)).toEqual([]);
  });
});

describe('a product without sections', () => {
  const single = { productId: PRODUCT, version: 0, lessonCount: 0, durationSeconds: 0, sections: [] };

  it('keeps the single-video page behind sign-in for visitors', async () => {
    fakeApi()
      .on(curriculumRoutes.outline, single, { idOrSlug: 'single-one' })
      .on(productRoutes.get, publicProduct, { idOrSlug: 'single-one' });
    renderAt('/browse/premium/product/single-one');
    expect((await screen.findByRole('alert')).textContent).toContain('Authentication Required');
  });

  it('tells a visitor an address no product has is not found, without asking them to sign in', async () => {
    fakeApi()
      .on(curriculumRoutes.outline, failure(404, 'Product not found'), { idOrSlug: 'no-such-thing' })
      .on(productRoutes.get, failure(404, 'Product not found'), { idOrSlug: 'no-such-thing' });
    renderAt('/browse/premium/product/no-such-thing');
    expect(await screen.findByText('Product not found or inaccessible.')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText('Authentication Required')).toBeNull();
  });

  it('opens the product page for a signed-in learner, and no lesson addresses', async () => {
    signIn();
    fakeApi()
      .on(curriculumRoutes.outline, single, { idOrSlug: 'single-two' })
      .on(
        productRoutes.getPremium,
        {
          ...detail,
          slug: 'single-two',
          videoUrl: '/media/videos/lesson-9.mp4',
        },
        { idOrSlug: 'single-two' },
      )
      .on(progressRoutes.getForProduct, courseFigure({ lessonId: null }));
    renderAt('/browse/premium/product/single-two');
    const page = await screen.findByTestId('product-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('CSS Grid Layout');
    expect(screen.queryByTestId('curriculum')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('18% complete'));
  });
});

describe("the lesson's discussion (the community remote, loaded at run time)", () => {
  it('plays the lesson when the community remote cannot be loaded: only its section shows the contained fallback, and Retry loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    community.load.mockRejectedValue(new Error('community/Discussion could not be loaded'));
    signIn();
    courseApi('member');
    renderAt(lessonUrl(L2));
    const area = await screen.findByTestId('community-discussion');
    const fallback = await within(area).findByRole('alert');
    expect(within(fallback).getByRole('heading').textContent).toBe("This section couldn't be loaded");
    expect(community.load).toHaveBeenCalledWith('Discussion', false);
    // the lesson plays on
    expect(await shownVideo()).toBe('/media/videos/lesson-2.mp4');
    expect(lessonTitle()).toBe('Tracks and lines');

    community.load.mockResolvedValue({
      default: ({ target }: { target: { productId: string; lessonId?: string } }) => (
        <p>Discussion of {`${target.productId}/${target.lessonId}`}</p>
      ),
    });
    await act(async () => fireEvent.click(within(area).getByRole('button', { name: 'Retry' })));
    await waitFor(() => expect(area.textContent).toBe(`Discussion of ${PRODUCT}/${L2}`));
    expect(community.load).toHaveBeenLastCalledWith('Discussion', true);
    expect(within(area).queryByText("This section couldn't be loaded")).toBeNull();
  });

  it('offers no discussion on a lesson the viewer cannot open', async () => {
    signIn();
    courseApi('learner');
    renderAt(lessonUrl(L2));
    const locked = await screen.findByTestId('lesson-locked');
    expect(within(locked).getByRole('heading').textContent).toBe('This lesson is part of Premium');
    expect(screen.queryByTestId('community-discussion')).toBeNull();
    expect(community.load).not.toHaveBeenCalled();
  });
});

describe('Up next: autoplay and full screen', () => {
  /** A member's course, L1's end saved, with the account's player settings. */
  function memberApi(autoplay: boolean) {
    signIn();
    return courseApi('member')
      .on(
        lessonProgressRoutes.updateLesson,
        { lesson: row(L1, { completed: true, progress: 100 }), applied: true, course: courseFigure() },
        { lessonId: L1 },
      )
      .on(playerSettingRoutes.playerSettings, { autoplay })
      .on(playerSettingRoutes.updatePlayerSettings, ({ body }) => body);
  }
  const autoplaySwitch = () => screen.getByRole('button', { name: 'Autoplay' });
  // the browser's copy of the setting goes with the test that made it
  afterEach(() => localStorage.removeItem(AUTOPLAY_KEY));

  it("keeps autoplay off from the account: the lesson's end offers the next one without a countdown", async () => {
    memberApi(false);
    renderAt(lessonUrl(L1));
    const video = (await screen.findByTestId('video-player')).querySelector('video')!;
    await waitFor(() => expect(autoplaySwitch().getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('Completed · 100%'));
    vi.useFakeTimers();
    loadMetadata(video, 60);
    await act(async () => fireEvent.ended(video));
    const overlay = screen.getByTestId('up-next');
    expect(within(overlay).getByRole('heading').textContent).toBe('Up next: Tracks and lines');
    expect(within(overlay).queryByTestId('countdown')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Up next: Tracks and lines.');
    await passSeconds(NEXT_LESSON_COUNTDOWN_SECONDS * 2);
    expect(currentPath()).toBe(lessonUrl(L1));
    expect(document.activeElement).toBe(within(overlay).getByRole('button', { name: 'Play now' }));
  });

  it("turns autoplay off with the player's switch and keeps it with the account", async () => {
    const api = memberApi(true);
    renderAt(lessonUrl(L1));
    await screen.findByTestId('video-player');
    await waitFor(() => expect(api.callsTo(playerSettingRoutes.playerSettings)).toHaveLength(1));
    expect(autoplaySwitch().getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(autoplaySwitch()));
    expect(autoplaySwitch().getAttribute('aria-pressed')).toBe('false');
    await waitFor(() =>
      expect(api.callsTo(playerSettingRoutes.updatePlayerSettings).map((c) => c.body)).toEqual([
        { autoplay: false },
      ]),
    );
  });

  it('stays in full screen: the countdown shows in the full-screen box, and the next lesson plays in it', async () => {
    const enter = vi.fn(function (this: Element) {
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: this });
      document.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    });
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', { configurable: true, value: enter });
    try {
      memberApi(true);
      renderAt(lessonUrl(L1));
      const player = await screen.findByTestId('video-player');
      const video = player.querySelector('video')!;
      await waitFor(() =>
        expect(screen.getByTestId('progress-percent').textContent).toBe('Completed · 100%'),
      );
      await act(async () => fireEvent.click(within(player).getByRole('button', { name: 'Full screen' })));
      const box = document.fullscreenElement!;
      // the box around the lesson, not the player: it stays while the next lesson's player replaces this one
      expect(box).not.toBe(player);
      expect(box.contains(player)).toBe(true);
      expect(within(player).getByRole('button', { name: 'Exit full screen' }).tagName).toBe('BUTTON');

      vi.useFakeTimers();
      loadMetadata(video, 60);
      await act(async () => fireEvent.ended(video));
      expect(box.contains(screen.getByTestId('up-next'))).toBe(true);
      expect(box.contains(screen.getByRole('status'))).toBe(true);
      await passSeconds(NEXT_LESSON_COUNTDOWN_SECONDS);
      expect(currentPath()).toBe(lessonUrl(L2));
      vi.useRealTimers();

      await waitFor(() => expect(videoOf()).not.toBe(video));
      const next = screen.getByTestId('video-player');
      expect(box.isConnected).toBe(true);
      expect(document.fullscreenElement).toBe(box);
      expect(box.contains(next)).toBe(true);
      expect(within(next).getByRole('button', { name: 'Exit full screen' }).tagName).toBe('BUTTON');
      // the keys work at once: the new player has the focus (the title is not shown in full screen)
      await waitFor(() => expect(document.activeElement).toBe(next));
    } finally {
      delete (HTMLElement.prototype as { requestFullscreen?: unknown }).requestFullscreen;
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
    }
  });
});
