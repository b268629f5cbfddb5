import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  NEXT_LESSON_COUNTDOWN_SECONDS,
  pathProgressRoutes,
  pathRoutes,
  type ProductDetail,
  type Progress,
  type PublicProduct,
  productRoutes,
  progressRoutes,
} from '@catalyst/contracts';
import { premiumReasonText, session, setLanguage } from '@catalyst/web-kit';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { learningPathOf, pathItemOf } from '../testing/learningPath';
import { PRODUCT_ID, productDetail } from '../testing/product';
import { ProductPage } from './ProductPage';

// The community remote as the federation runtime would hand it (an empty section unless a test says otherwise).
const community = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('../community/communityRemote', () => ({ loadCommunityModule: community.load }));

const ID = PRODUCT_ID;
const related = (n: number): PublicProduct =>
  ({
    _id: `bbbbbbbbbbbbbbbbbbbbbb0${n}`,
    productId: `rel-${n}`,
    slug: `related-${n}`,
    title: `Related ${n}`,
    type: 'video',
    duration: 30,
    thumbnail: null,
  }) as PublicProduct;

const product = (overrides: Partial<ProductDetail> = {}): ProductDetail =>
  productDetail({
    type: 'course',
    duration: 90,
    thumbnail: '/media/thumbnails/react-course.jpg',
    tags: ['react', 'hooks'],
    content:
      '<h3>Welcome</h3><p>Hello <a href="https://example.com">docs</a></p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
    related: [related(1), related(2), related(3), related(4)],
    ...overrides,
  });

const saved = (overrides: Partial<Progress> = {}): Progress => ({
  productId: ID,
  progress: 40,
  lastPosition: 12,
  furthestPosition: 12,
  completed: false,
  completedAt: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

/** The plans page as far as this page is concerned: where it was sent, and why. */
function PlansStandIn() {
  return <p>Plans page: {premiumReasonText(useLocation().state) ?? 'no reason'}</p>;
}

function renderAt(path = '/browse/premium/product/react-course') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/browse/premium/product/:productSlug" element={<ProductPage />} />
        <Route path="/subscription" element={<PlansStandIn />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The course panel's Status line ('In progress', 'Completed'...). */
const courseStatus = () =>
  within(screen.getByTestId('course-progress')).getByText('Status').nextElementSibling?.textContent;

beforeEach(() => {
  community.load.mockReset();
  community.load.mockResolvedValue({ default: () => null });
  sessionStorage.setItem('token', 'test-token');
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the product page', () => {
  it('shows the breadcrumb, description, sanitised content, tags, creator, course panel and the first 3 related', async () => {
    fakeApi().on(productRoutes.getPremium, product()).on(progressRoutes.getForProduct, saved());
    renderAt();
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Browse', 'Web Development', 'React Course']);
    expect(within(crumbs).getByRole('link', { name: 'Browse' }).getAttribute('href')).toBe('/browse');
    expect(within(crumbs).getByRole('link', { name: 'Web Development' }).getAttribute('href')).toBe(
      '/browse/category/web-development',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('React Course');
    expect(
      within(screen.getByRole('region', { name: 'Description' })).getByRole('paragraph').textContent,
    ).toBe('Learn React from the ground up.');

    const content = screen.getByTestId('product-content');
    expect(content.querySelector('h3')?.textContent).toBe('Welcome');
    expect(content.querySelector('script')).toBeNull();
    expect(content.innerHTML).not.toContain('onerror');
    expect(content.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();

    expect(
      within(screen.getByRole('region', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['react', 'hooks']);
    expect(
      within(screen.getByTestId('creator-block'))
        .getByRole('link', { name: 'Grace Hopper' })
        .getAttribute('href'),
    ).toBe('/creators/grace');
    const related = screen.getByRole('region', { name: 'Related content' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/browse/premium/product/rel-1',
      '/browse/premium/product/rel-2',
      '/browse/premium/product/rel-3',
    ]);
    await waitFor(() => expect(courseStatus()).toBe('In progress'));
    expect(screen.getByTestId('progress-percent').textContent).toBe('40% complete');
    expect(screen.getByTestId('video-player').getAttribute('aria-label')).toBe('Video player: React Course');
  });

  it('shows the page in Arabic, right to left, while the player keeps its controls left to right', async () => {
    await setLanguage('ar', { keep: false });
    onTestFinished(() => setLanguage('en', { keep: false }));
    fakeApi().on(productRoutes.getPremium, product()).on(progressRoutes.getForProduct, saved());
    renderAt();
    const crumbs = await screen.findByRole('navigation', { name: 'مسار التنقل' });
    expect(within(crumbs).getByRole('link', { name: 'تصفّح' }).getAttribute('href')).toBe('/browse');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain('الوصف');
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('مكتمل بنسبة 40٪'));
    expect(screen.getByRole('button', { name: 'وضع علامة كمكتمل' }).hasAttribute('disabled')).toBe(false);
    const play = within(screen.getByTestId('video-player')).getByRole('button', { name: 'تشغيل' });
    expect(play.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
  });

  it('shows the progress panel for a single video too, and none for a document with nothing to play', async () => {
    fakeApi()
      .on(productRoutes.getPremium, product({ type: 'video' }))
      .on(progressRoutes.getForProduct, saved());
    const video = renderAt();
    await screen.findByRole('heading', { level: 1, name: 'React Course' });
    expect(within(screen.getByTestId('course-progress')).getByRole('heading').textContent).toBe(
      'Your progress',
    );
    video.unmount();

    fakeApi()
      .on(productRoutes.getPremium, product({ type: 'document', videoUrl: null }))
      .on(progressRoutes.getForProduct, saved());
    renderAt();
    await screen.findByRole('heading', { level: 1, name: 'React Course' });
    expect(screen.queryByTestId('course-progress')).toBeNull();
  });

  it('puts the learning tools beside the video where the page has a side column, under it on a phone', async () => {
    const wide = (matches: boolean) =>
      vi.stubGlobal('matchMedia', () => ({ matches, addEventListener() {}, removeEventListener() {} }));
    fakeApi()
      .on(productRoutes.getPremium, product({ type: 'video' }))
      .on(progressRoutes.getForProduct, saved());
    wide(true);
    const desktop = renderAt();
    await screen.findByRole('heading', { level: 1, name: 'React Course' });
    const side = screen.getByRole('complementary');
    expect(within(side).getByRole('region', { name: 'Learning tools' })).toBeDefined();
    desktop.unmount();

    wide(false);
    renderAt();
    await screen.findByRole('heading', { level: 1, name: 'React Course' });
    const tools = screen.getByRole('region', { name: 'Learning tools' });
    expect(screen.getByRole('complementary').contains(tools)).toBe(false);
    // under the video: the player comes before the tools in the page
    expect(
      screen.getByTestId('video-player').compareDocumentPosition(tools) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).not.toBe(0);
  });

  it("says 'Product not found or inaccessible.' when the product cannot be loaded", async () => {
    fakeApi().on(productRoutes.getPremium, failure(404, 'Product not found'));
    renderAt('/browse/premium/product/nope');
    const notFound = await screen.findByTestId('not-found');
    expect(within(notFound).getByRole('heading', { level: 1 }).textContent).toBe('404 - Page Not Found');
    expect(within(notFound).getByRole('paragraph').textContent).toBe('Product not found or inaccessible.');
    expect(within(notFound).queryByRole('button')).toBeNull();
  });

  it('sends a learner without a plan to /subscription', async () => {
    fakeApi().on(
      productRoutes.getPremium,
      failure(403, 'Active subscription required to access this content'),
    );
    renderAt();
    expect((await screen.findByText(/^Plans page:/)).textContent).toBe(
      'Plans page: This course is part of Premium',
    );
  });

  it('disables Mark Complete at 100', async () => {
    fakeApi()
      .on(productRoutes.getPremium, product())
      .on(progressRoutes.getForProduct, saved({ progress: 100, completed: true }));
    renderAt();
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('Completed · 100%'));
    expect((screen.getByRole('button', { name: 'Mark Complete' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('marks complete through the API, then disables the button', async () => {
    const api = fakeApi()
      .on(productRoutes.getPremium, product())
      .on(progressRoutes.getForProduct, saved())
      .on(progressRoutes.complete, saved({ progress: 100, completed: true }));
    renderAt();
    const button = await screen.findByRole('button', { name: 'Mark Complete' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(button));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Mark Complete' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    const call = api.calls.find((c) => c.url.endsWith('/complete'))!;
    expect(call.method).toBe('PATCH');
    expect(JSON.parse(String(call.init.body))).toEqual({ clientTime: expect.any(Number) });
    expect(screen.getByTestId('progress-percent').textContent).toBe('Completed · 100%');
  });

  it('resets to 0 and rewinds the video', async () => {
    fakeApi()
      .on(productRoutes.getPremium, product())
      .on(progressRoutes.getForProduct, saved({ progress: 100, completed: true, lastPosition: 20 }))
      .on(progressRoutes.reset, saved({ progress: 0, lastPosition: 0 }));
    renderAt();
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('Completed · 100%'));
    const video = screen.getByTestId('video-player').querySelector('video')!;
    video.currentTime = 15;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset' })));
    // Nothing is reset until the learner confirms, and the dialog says what will be lost.
    expect(screen.getByTestId('progress-percent').textContent).toBe('Completed · 100%');
    expect(screen.getByRole('dialog').textContent).toContain('your 100% progress and the completed mark');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset progress' })));
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('0% complete'));
    expect(video.currentTime).toBe(0);
    expect((screen.getByRole('button', { name: 'Mark Complete' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends the unload save with keepalive when the page is left', async () => {
    const api = fakeApi()
      .on(productRoutes.getPremium, product())
      .on(progressRoutes.getForProduct, saved({ progress: 0, lastPosition: 0 }))
      .on(progressRoutes.updateFromForm, { ...saved(), applied: true });
    renderAt();
    // "0% complete" shows before the saved progress arrives too: Mark Complete turns on once it has
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Mark Complete' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(screen.getByTestId('progress-percent').textContent).toBe('0% complete');
    const video = screen.getByTestId('video-player').querySelector('video')!;
    Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    video.currentTime = 7;
    fireEvent.timeUpdate(video);
    window.dispatchEvent(new Event('pagehide'));
    const beacon = api.calls.find((c) => c.method === 'POST')!;
    expect(beacon.init.keepalive).toBe(true);
    expect((beacon.init.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
    const form = beacon.init.body as FormData;
    expect(form.get('_method')).toBe('PATCH');
    expect(JSON.parse(String(form.get('data')))).toEqual({
      progress: 7,
      lastPosition: 7,
      completed: false,
      clientTime: expect.any(Number),
    });
  });

  it('says in plain words that Mark Complete failed, keeps the progress, and marks complete on Try again', async () => {
    let down = true;
    fakeApi()
      .on(productRoutes.getPremium, product())
      .on(progressRoutes.getForProduct, saved())
      .on(progressRoutes.complete, () =>
        down ? failure(503, 'Service unavailable') : saved({ progress: 100, completed: true }),
      );
    renderAt();
    const button = await screen.findByRole('button', { name: 'Mark Complete' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(button));
    const alert = await screen.findByTestId('progress-error');
    expect(alert.textContent).toContain(
      "We couldn't mark this as complete: we can't reach Catalyst right now. Your progress so far is kept; try again in a moment.",
    );
    expect(alert.textContent).not.toContain('Service unavailable');
    expect(screen.getByTestId('progress-percent').textContent).toBe('40% complete');
    down = false;
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('Completed · 100%'));
    expect(screen.queryByTestId('progress-error')).toBeNull();
  });

  it("keeps the course's percentage when a failed Reset is reported, and never rewinds the video", async () => {
    // the connection drops as the learner confirms: the reset request never reaches the server
    fakeApi()
      .on(productRoutes.getPremium, product())
      .on(progressRoutes.getForProduct, saved())
      .unreachable(progressRoutes.reset);
    renderAt();
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('40% complete'));
    const video = screen.getByTestId('video-player').querySelector('video')!;
    video.currentTime = 15;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset progress' })));
    expect((await screen.findByTestId('progress-error')).textContent).toContain(
      "We couldn't reset your progress: we can't reach Catalyst right now. Nothing was cleared",
    );
    expect(screen.getByTestId('progress-percent').textContent).toBe('40% complete');
    expect(video.currentTime).toBe(15);
  });

  it("counts the course's time left from the video's real length and the furthest point reached", async () => {
    fakeApi()
      .on(productRoutes.getPremium, product({ duration: 185 }))
      .on(progressRoutes.getForProduct, saved({ progress: 40, lastPosition: 3, furthestPosition: 12 }));
    renderAt();
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('40% complete'));
    const video = screen.getByTestId('video-player').querySelector('video')!;
    Object.defineProperty(video, 'duration', { configurable: true, value: 30 });
    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    video.currentTime = 5; // re-watching behind the furthest point
    fireEvent.timeUpdate(video);
    await waitFor(() => expect(screen.getByTestId('time-left').textContent).toBe('0:18'));
    expect(screen.getByTestId('progress-percent').textContent).toBe('40% complete');
  });

  it('says the saved progress could not be loaded, and loads it on Try again', async () => {
    let down = true;
    fakeApi()
      .on(productRoutes.getPremium, product())
      .on(progressRoutes.getForProduct, () => (down ? failure(502, 'Bad gateway') : saved()));
    renderAt();
    const alert = await screen.findByTestId('progress-error');
    expect(alert.textContent).toContain(
      "We couldn't load your saved progress: we can't reach Catalyst right now.",
    );
    expect((screen.getByRole('button', { name: 'Mark Complete' }) as HTMLButtonElement).disabled).toBe(true);
    down = false;
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    await waitFor(() => expect(screen.getByTestId('progress-percent').textContent).toBe('40% complete'));
    expect(screen.queryByTestId('progress-error')).toBeNull();
  });
});

describe("the product page's community sections", () => {
  const standIns = {
    Discussion: ({ target }: { target: { productId: string; lessonId?: string } }) => (
      <p>
        Discussion of {target.productId}
        {target.lessonId ? `/${target.lessonId}` : ''}
      </p>
    ),
    LiveBoard: ({ productId, renderRecording }: { productId: string; renderRecording?: unknown }) => (
      <p>
        Live board of {productId},{' '}
        {typeof renderRecording === 'function'
          ? "with the player's own recording player"
          : 'without a player'}
      </p>
    ),
  };

  it("shows a single video's discussion (the product as its target) and a webinar's live board with the player's recording player", async () => {
    community.load.mockImplementation(async (module: keyof typeof standIns) => ({
      default: standIns[module],
    }));
    fakeApi()
      .on(productRoutes.getPremium, product({ type: 'webinar' }))
      .on(progressRoutes.getForProduct, saved());
    renderAt();
    await waitFor(() =>
      expect(screen.getByTestId('community-discussion').textContent).toBe(`Discussion of ${ID}`),
    );
    await waitFor(() =>
      expect(screen.getByTestId('community-liveboard').textContent).toBe(
        `Live board of ${ID}, with the player's own recording player`,
      ),
    );
  });

  it('keeps the page working when the community remote is down: the video plays and each section offers Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    community.load.mockRejectedValue(new Error('community could not be loaded'));
    fakeApi()
      .on(productRoutes.getPremium, product({ type: 'webinar' }))
      .on(progressRoutes.getForProduct, saved());
    renderAt();
    /** What a failed section says, and the one thing it offers. */
    const fallback = async (section: HTMLElement) => {
      const alert = await within(section).findByRole('alert');
      return [within(alert).getByRole('heading').textContent, within(alert).getByRole('button').textContent];
    };
    const unavailable = ["This section couldn't be loaded", 'Retry'];
    expect(await fallback(await screen.findByTestId('community-discussion'))).toEqual(unavailable);
    expect(await fallback(screen.getByTestId('community-liveboard'))).toEqual(unavailable);
    expect(screen.getByTestId('video-player').getAttribute('aria-label')).toBe('Video player: React Course');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Mark Complete' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });

  it('shows no live board on products that are not webinars', async () => {
    community.load.mockImplementation(async (module: keyof typeof standIns) => ({
      default: standIns[module],
    }));
    fakeApi()
      .on(productRoutes.getPremium, product({ type: 'video' }))
      .on(progressRoutes.getForProduct, saved());
    renderAt();
    await waitFor(() =>
      expect(screen.getByTestId('community-discussion').textContent).toBe(`Discussion of ${ID}`),
    );
    expect(screen.queryByTestId('community-liveboard')).toBeNull();
    expect(community.load).not.toHaveBeenCalledWith('LiveBoard', expect.anything());
  });
});

describe('Up next in a learning path', () => {
  const P2 = 'eeeeeeeeeeeeeeeeeeeeee02';
  /** Where the page is, with what the router carried (Up next's autoplay). */
  function Probe() {
    const location = useLocation();
    return (
      <p data-testid="where">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</p>
    );
  }
  const renderWithProbe = (address: string) =>
    render(
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/browse/premium/product/:productSlug" element={<ProductPage />} />
        </Routes>
        <Probe />
      </MemoryRouter>,
    );
  const endVideo = async () => {
    const video = (await screen.findByTestId('video-player')).querySelector('video')!;
    Object.defineProperty(video, 'duration', { configurable: true, value: 60 });
    await act(async () => fireEvent.ended(video));
  };
  afterEach(async () => {
    await session.logout({ revoke: false });
  });

  it('counts down at the end to the next item of the path the page was opened from, and opens it playing', async () => {
    const api = fakeApi()
      .on(productRoutes.getPremium, product({ type: 'video' }))
      .on(progressRoutes.getForProduct, saved())
      .on(
        pathRoutes.get,
        learningPathOf([pathItemOf('cccccccccccccccccccccc01', 1), pathItemOf(ID, 2), pathItemOf(P2, 3)]),
      );
    renderWithProbe('/browse/premium/product/react-course?path=web-path');
    // the player offers its Autoplay switch: something follows this video
    expect((await screen.findByRole('button', { name: 'Autoplay' })).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // nothing is asked of the path before the video ends
    expect(api.calls.some((c) => c.url.includes('/content/paths/'))).toBe(false);
    await endVideo();
    const overlay = await screen.findByTestId('up-next');
    expect(within(overlay).getByRole('heading').textContent).toBe('Up next: Item 3');
    expect(within(overlay).getByText('Next in Web Path').textContent).toBe('Next in Web Path');
    expect(within(overlay).getByTestId('countdown').textContent).toMatch(/^Starts in \d seconds?$/);
    expect(screen.getByRole('status').textContent).toBe(
      `Up next in Web Path: Item 3. Starts in ${NEXT_LESSON_COUNTDOWN_SECONDS} seconds.`,
    );
    expect(document.activeElement).toBe(within(overlay).getByRole('button', { name: 'Play now' }));
    await act(async () => fireEvent.click(within(overlay).getByRole('button', { name: 'Play now' })));
    expect(screen.getByTestId('where').textContent).toBe(
      '/browse/premium/product/P3?path=web-path {"autoPlay":true,"fullScreen":false}',
    );
  });

  it('counts down to the next item of a followed path that holds the video, though the address names none', async () => {
    session.loadUser({ _id: 'f'.repeat(24), name: 'Lee', email: 'lee@example.com', role: 'user' });
    fakeApi()
      .on(productRoutes.getPremium, product({ type: 'video' }))
      .on(progressRoutes.getForProduct, saved())
      .on(pathProgressRoutes.followed, [
        {
          path: { _id: 'ffffffffffffffffffff0001', slug: 'web-path', title: 'Web Path' },
          completedCount: 0,
          total: 2,
          next: pathItemOf(ID, 1),
          certificateCode: null,
          productIds: [ID, P2],
        },
      ])
      .on(pathRoutes.get, learningPathOf([pathItemOf(ID, 1), pathItemOf(P2, 2)]));
    renderWithProbe('/browse/premium/product/react-course');
    await endVideo();
    const overlay = await screen.findByTestId('up-next');
    expect(within(overlay).getByRole('heading').textContent).toBe('Up next: Item 2');
  });

  it("shows nothing at the end of a path's last item, nor of a video in no path", async () => {
    const api = fakeApi()
      .on(productRoutes.getPremium, product({ type: 'video' }))
      .on(progressRoutes.getForProduct, saved())
      .on(pathRoutes.get, learningPathOf([pathItemOf(P2, 1), pathItemOf(ID, 2)]));
    const { unmount } = renderWithProbe('/browse/premium/product/react-course?path=web-path');
    await endVideo();
    await waitFor(() => expect(api.calls.some((c) => c.url.endsWith('/content/paths/web-path'))).toBe(true));
    await act(async () => undefined);
    expect(screen.queryByTestId('up-next')).toBeNull();
    unmount();

    // a visitor's video outside any path: no Autoplay switch, no overlay, nothing asked
    sessionStorage.clear();
    renderWithProbe('/browse/premium/product/react-course');
    await endVideo();
    expect(screen.queryByRole('button', { name: 'Autoplay' })).toBeNull();
    expect(screen.queryByTestId('up-next')).toBeNull();
    expect(api.calls.filter((c) => c.url.includes('/content/paths')).length).toBe(1);
  });
});
