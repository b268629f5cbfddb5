import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CurriculumOutline,
  type Lesson,
  type PublicProduct,
  curriculumRoutes,
  productRoutes,
} from '@catalyst/contracts';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import ProductRoutes from '../routes';

const community = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('../community/communityRemote', () => ({ loadCommunityModule: community.load }));

const PRODUCT = 'a'.repeat(24);
const SLUG = 'css-grid';
const SECTION = '5'.repeat(24);
const PREVIEW = '1'.repeat(24);
const LOCKED = '2'.repeat(24);
/** What content gives anyone for a free preview's captions: an address signed for that file. */
const SIGNED_CAPTIONS = '/media/captions/lesson-1.vtt?exp=4102444800&sig=Ab-_9zQ';

const outline: CurriculumOutline = {
  productId: PRODUCT,
  version: 1,
  lessonCount: 2,
  durationSeconds: 180,
  sections: [
    {
      id: SECTION,
      title: 'Getting started',
      durationSeconds: 180,
      lessons: [
        {
          id: PREVIEW,
          title: 'Why grid',
          kind: 'video',
          durationSeconds: 60,
          isFreePreview: true,
          resourceCount: 0,
        },
        {
          id: LOCKED,
          title: 'Tracks and lines',
          kind: 'video',
          durationSeconds: 120,
          isFreePreview: false,
          resourceCount: 0,
        },
      ],
    },
  ],
};

const product = {
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
  duration: 3,
  thumbnail: null,
  tags: [],
  price: 19,
  instructor: null,
  enrolledStudents: 0,
  isActive: true,
  isPublished: true,
  isFeatured: false,
  sortOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
} as PublicProduct;

const preview: Lesson = {
  ...outline.sections[0]!.lessons[0]!,
  sectionId: SECTION,
  productId: PRODUCT,
  videoUrl: '/media/videos/lesson-1.mp4?exp=4102444800&sig=video-sig',
  captionsUrl: SIGNED_CAPTIONS,
  stream: null,
  body: null,
  quiz: null,
  resources: [],
};

beforeEach(() => {
  community.load.mockReset();
  community.load.mockResolvedValue({ default: () => null });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a free preview's captions", () => {
  it('are offered to a visitor: the player reads them from their signed address and shows CC', async () => {
    fakeApi()
      .on(curriculumRoutes.outline, outline)
      .on(productRoutes.get, product)
      .on(productRoutes.getPremium, failure(401, 'Authentication required'))
      .on(curriculumRoutes.lesson, preview);
    render(
      <MemoryRouter initialEntries={[`/browse/premium/product/${SLUG}/lesson/${PREVIEW}`]}>
        <Routes>
          <Route path="/browse/premium/product/*" element={<ProductRoutes />} />
        </Routes>
      </MemoryRouter>,
    );
    const player = await screen.findByTestId('video-player');
    await waitFor(() => expect(player.querySelector('track')?.getAttribute('src')).toBe(SIGNED_CAPTIONS));
    expect(within(player).queryByRole('button', { name: 'Captions' })).toBeNull();
    await act(async () => fireEvent.load(player.querySelector('track')!));
    const cc = within(player).getByRole('button', { name: 'Captions' });
    expect(cc.textContent).toBe('CC');
    fireEvent.click(cc);
    expect(cc.getAttribute('aria-pressed')).toBe('true');
  });
});

describe("a free preview's transcript", () => {
  it('is read by a visitor too: a Transcript tab (no Notes tab) lists the lines of the file the player reads', async () => {
    const fake = fakeApi()
      .on(curriculumRoutes.outline, outline)
      .on(productRoutes.get, product)
      .on(productRoutes.getPremium, failure(401, 'Authentication required'))
      .on(curriculumRoutes.lesson, preview);
    const api = fake.fetch.getMockImplementation()!;
    fake.fetch.mockImplementation(async (input, init) =>
      String(input) === SIGNED_CAPTIONS
        ? new Response('WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nGrid lays out in two dimensions.\n')
        : api(input, init),
    );
    render(
      <MemoryRouter initialEntries={[`/browse/premium/product/${SLUG}/lesson/${PREVIEW}`]}>
        <Routes>
          <Route path="/browse/premium/product/*" element={<ProductRoutes />} />
        </Routes>
      </MemoryRouter>,
    );
    const tools = await screen.findByRole('region', { name: 'Learning tools' });
    expect(
      within(tools)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Transcript']);
    const lines = await within(tools).findByRole('list', { name: 'Transcript' });
    expect(within(lines).getByRole('button').textContent).toBe(
      '0:000 seconds: Grid lays out in two dimensions.',
    );
    expect(screen.getByTestId('video-player').querySelector('track')?.getAttribute('src')).toBe(
      SIGNED_CAPTIONS,
    );
  });
});
