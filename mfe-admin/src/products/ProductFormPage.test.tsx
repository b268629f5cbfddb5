import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  categoryRoutes,
  creatorRoutes,
  curriculumRoutes,
  assetRoutes,
  productRoutes,
  type AdminMediaAsset,
  type AdminProduct,
} from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import { ProductFormPage } from './ProductFormPage';

const PRODUCT_ID = 'c'.repeat(24);
/** What a section of the page says under its heading. */
const under = (heading: string, scope: HTMLElement = document.body) =>
  within(scope).getByRole('heading', { level: 2, name: heading }).nextElementSibling?.textContent;
const product = {
  _id: PRODUCT_ID,
  productId: 'ABC123',
  slug: 'css-grid',
  title: 'CSS Grid',
  description: 'Two-dimensional layout',
  categoryId: 'a'.repeat(24),
  category: { _id: 'a'.repeat(24), name: 'Web', slug: 'web' },
  creatorId: 'b'.repeat(24),
  creator: { _id: 'b'.repeat(24), name: 'Alice', slug: 'alice' },
  type: 'course',
  difficulty: 'beginner',
  duration: 90,
  thumbnail: null,
  videoUrl: '/media/a.mp4',
  tags: [],
  price: 0,
  instructor: null,
  enrolledStudents: 0,
  isActive: true,
  isPublished: true,
  isFeatured: false,
  sortOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  content: null,
  mediaAssetId: null,
  createdBy: null,
};
let productType = 'course';
/** Fields of the stored product over `product` (an uploaded video, a thumbnail...). */
let stored: Record<string, unknown> = {};
const ASSET_ID = 'd'.repeat(24);
const posterCopy = (width: number, format: AdminMediaAsset['images'][number]['format']) => ({
  width,
  format,
  url: `/api/v1/media/images/${ASSET_ID}/w${width}.${format}`,
});
const readyAsset: AdminMediaAsset = {
  id: ASSET_ID,
  kind: 'video',
  originalName: 'talk.mp4',
  mimeType: 'video/mp4',
  size: 1000,
  received: 1000,
  status: 'ready',
  progress: 100,
  reprocessing: false,
  outdated: false,
  reason: null,
  durationSeconds: 95,
  width: 1280,
  height: 720,
  posterUrl: `/api/v1/media/streams/${ASSET_ID}/poster.jpg?token=t`,
  streamUrl: `/api/v1/media/streams/${ASSET_ID}/master.m3u8?token=t`,
  storyboardUrl: null,
  renditions: [],
  images: [
    posterCopy(320, 'webp'),
    posterCopy(320, 'avif'),
    posterCopy(1280, 'webp'),
    posterCopy(1280, 'avif'),
  ],
  usage: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  productType = 'course';
  stored = {};
  fakeApi()
    .on(categoryRoutes.adminList, [])
    .on(creatorRoutes.adminList, [])
    .on(productRoutes.adminGet, () => ({ ...product, type: productType, ...stored }) as AdminProduct)
    .on(assetRoutes.getAsset, readyAsset)
    .on(curriculumRoutes.adminGet, { productId: PRODUCT_ID, version: 0, durationSeconds: 0, sections: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the product form', () => {
  it('offers the one list of content types, with Course by default', async () => {
    render(
      <MemoryRouter initialEntries={['/admin/products/new']}>
        <Routes>
          <Route path="/admin/products/new" element={<ProductFormPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const type = (await screen.findByLabelText('Type')) as HTMLSelectElement;
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Course', 'Tutorial', 'Video', 'Document', 'Webinar']);
    expect(type.value).toBe('course');
  });

  it('asks to save a new course before building its curriculum, and shows none for other types', async () => {
    const user = userEvent.setup();
    renderAt('/admin/products/new');
    await waitFor(() => expect(under('Curriculum')).toBe('Save the product first to build its curriculum.'));
    await user.selectOptions(screen.getByLabelText('Type'), 'Tutorial');
    expect(screen.queryByText('Save the product first to build its curriculum.')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Type'), 'Webinar');
    expect(under('Curriculum')).toBe('Save the product first to build its curriculum.');
  });

  it('opens the curriculum editor, outside the product form, on an existing course', async () => {
    renderAt(`/admin/products/${PRODUCT_ID}/edit`);
    const editor = await screen.findByTestId('curriculum-editor');
    expect(within(editor).getByText(/^No sections/).textContent).toBe(
      'No sections yet. Add a section, then its lessons.',
    );
    expect(editor.closest('form')).toBeNull();
  });

  it("schedules a webinar's live session in its own section, outside the product form; a course has none", async () => {
    productType = 'webinar';
    const first = renderAt(`/admin/products/${PRODUCT_ID}/edit`);
    const live = await screen.findByTestId('live-session');
    expect(within(live).getByRole('heading', { level: 2 }).textContent).toBe('Live session');
    expect((await within(live).findByText(/^No live session/)).textContent).toBe(
      'No live session is scheduled. Members see a countdown, can register and get a reminder an hour before.',
    );
    expect(live.closest('form')).toBeNull();
    first.unmount();

    productType = 'course';
    renderAt(`/admin/products/${PRODUCT_ID}/edit`);
    await screen.findByTestId('curriculum-editor');
    expect(screen.queryByTestId('live-session')).toBeNull();
  });

  it('asks to save a new webinar before scheduling its live session', async () => {
    const user = userEvent.setup();
    renderAt('/admin/products/new');
    await user.selectOptions(await screen.findByLabelText('Type'), 'Webinar');
    expect(under('Live session')).toBe('Save the product first to schedule its live session.');
  });

  it('has no curriculum on an existing tutorial', async () => {
    productType = 'tutorial';
    renderAt(`/admin/products/${PRODUCT_ID}/edit`);
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('CSS Grid'));
    expect(screen.queryByRole('heading', { name: 'Curriculum' })).toBeNull();
  });
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/products/new" element={<ProductFormPage />} />
        <Route path="/admin/products/:id/edit" element={<ProductFormPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
