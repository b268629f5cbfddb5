import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  categoryRoutes,
  curriculumRoutes,
  productRoutes,
  studioRoutes,
  type RevisionSummary,
  type StudioProductDetail,
} from '@catalyst/contracts';
import { fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { StudioProductRoutes } from './StudioProductRoutes';

const PRODUCT_ID = 'c'.repeat(24);
const CATEGORY_ID = 'a'.repeat(24);
const OWN_CREATOR = 'b'.repeat(24);
const revision = (number: number, status: RevisionSummary['status'], reason: string | null = null) => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  productId: PRODUCT_ID,
  number,
  status,
  reason,
  authorName: 'Maya Chen',
  createdAt: '2026-12-01T10:00:00.000Z',
  submittedAt: status === 'draft' ? null : '2026-12-01T11:00:00.000Z',
  decidedAt: null,
});
const detail = (status: RevisionSummary['status'], reason: string | null = null): StudioProductDetail => ({
  _id: PRODUCT_ID,
  title: 'CSS Grid',
  slug: 'css-grid',
  thumbnail: null,
  isPublished: true,
  creator: { id: OWN_CREATOR, name: 'Maya Chen', slug: 'maya-chen' },
  updatedAt: '2026-12-01T10:00:00.000Z',
  reviewStatus: status,
  reason,
  latestRevision: revision(2, status, reason),
  draft: {
    title: 'CSS Grid, the draft',
    description: 'Two-dimensional layout',
    content: null,
    category: CATEGORY_ID,
    creator: OWN_CREATOR,
    type: 'course',
    difficulty: 'beginner',
    duration: 90,
    thumbnail: null,
    videoUrl: null,
    mediaAssetId: null,
    tags: [],
    price: 0,
    instructor: null,
    slug: 'css-grid',
    isActive: true,
    isPublished: true,
    isFeatured: false,
    sortOrder: 0,
  },
});
const category = {
  _id: CATEGORY_ID,
  name: 'Web',
  description: '',
  slug: 'web',
  icon: '',
  color: '#000000',
  isActive: true,
  sortOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .on(studioRoutes.me, {
      creator: { id: OWN_CREATOR, name: 'Maya Chen', slug: 'maya-chen' },
      isAdmin: false,
    })
    .on(categoryRoutes.list, { items: [category], total: 1, page: 1, limit: 100 })
    .on(studioRoutes.get, detail('draft'))
    .on(studioRoutes.revisions, [revision(2, 'draft'), revision(1, 'approved')])
    .on(studioRoutes.curriculum, { productId: PRODUCT_ID, version: 2, durationSeconds: 0, sections: [] })
    .on(studioRoutes.save, success(detail('draft'), { message: 'Draft saved' }));
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/studio/products/*" element={<StudioProductRoutes />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("the studio's product pages", () => {
  it("open the creator's draft in the admin's form and save it to the studio, as their own creator", async () => {
    const user = userEvent.setup();
    renderAt(`/studio/products/${PRODUCT_ID}/edit`);
    const title = (await screen.findByLabelText('Title')) as HTMLInputElement;
    expect(title.value).toBe('CSS Grid, the draft');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(CATEGORY_ID);
    // the creator is theirs, and publishing is the admin's decision
    expect(screen.queryByLabelText('Creator')).toBeNull();
    expect(screen.queryByLabelText('Published')).toBeNull();
    expect(screen.queryByLabelText('Featured')).toBeNull();
    expect(await screen.findByTestId('curriculum-editor')).toBeTruthy();

    await user.clear(title);
    await user.type(title, 'CSS Grid in depth');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/studio'));
    const [save] = api.callsTo(studioRoutes.save, { id: PRODUCT_ID });
    expect(save?.body).toMatchObject({
      title: 'CSS Grid in depth',
      creator: OWN_CREATOR,
      category: CATEGORY_ID,
    });
    // nothing of the admin's catalogue routes was asked
    expect(api.callsTo(productRoutes.adminGet)).toHaveLength(0);
    expect(api.callsTo(productRoutes.replace)).toHaveLength(0);
    expect(api.callsTo(curriculumRoutes.adminGet)).toHaveLength(0);
    expect(api.callsTo(studioRoutes.curriculum, { id: PRODUCT_ID })).toHaveLength(1);
  });

  it('creates a new product in the studio, as the creator’s own', async () => {
    const user = userEvent.setup();
    api.on(studioRoutes.create, success(detail('draft'), { message: 'Draft saved' }));
    renderAt('/studio/products/new');
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Flexbox');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'One-dimensional layout');
    await user.selectOptions(screen.getByLabelText('Category'), 'Web');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/studio'));
    expect(api.callsTo(studioRoutes.create)[0]?.body).toMatchObject({
      title: 'Flexbox',
      creator: OWN_CREATOR,
      category: CATEGORY_ID,
    });
    expect(api.callsTo(productRoutes.create)).toHaveLength(0);
  });

  it('edits a video lesson with the upload and the creator’s library, but no captions (an admin’s task)', async () => {
    const user = userEvent.setup();
    api.on(studioRoutes.curriculum, {
      productId: PRODUCT_ID,
      version: 2,
      durationSeconds: 120,
      sections: [
        {
          id: 'd'.repeat(24),
          title: 'Basics',
          lessons: [
            {
              id: 'e'.repeat(24),
              title: 'Tracks',
              kind: 'video',
              durationSeconds: 120,
              isFreePreview: false,
              videoUrl: '/media/tracks.mp4',
              mediaAssetId: null,
              body: null,
              quiz: null,
              resources: [],
            },
          ],
        },
      ],
    });
    renderAt(`/studio/products/${PRODUCT_ID}/edit`);
    await user.click(await screen.findByRole('button', { name: 'Edit: lesson Tracks' }));
    const editor = screen.getByTestId('curriculum-editor');
    expect(within(editor).getByLabelText('Video upload')).toBeTruthy();
    expect(within(editor).getByRole('button', { name: 'Choose from media library' })).toBeTruthy();
    expect(within(editor).queryByLabelText('Captions (WebVTT or SRT)')).toBeNull();
  });

  it('submits the draft for review, and offers no second submit while it is in review', async () => {
    const user = userEvent.setup();
    api.on(studioRoutes.submit, () => {
      api.on(studioRoutes.get, detail('in_review'));
      return success(detail('in_review'), { message: 'Submitted for review' });
    });
    renderAt(`/studio/products/${PRODUCT_ID}/edit`);
    const review = await screen.findByTestId('studio-review');
    const submit = await within(review).findByRole('button', { name: 'Submit for review' });
    expect(within(review).getByTestId('review-status').textContent).toBe('Status: DraftPublished');

    await user.click(submit);

    expect(await within(review).findByText('Submitted for review')).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(review).getByRole('button', { name: 'Submit for review' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    expect(within(review).getByTestId('review-status').textContent).toBe('Status: In reviewPublished');
    expect(api.callsTo(studioRoutes.submit, { id: PRODUCT_ID })).toHaveLength(1);
  });

  it("shows why an admin sent the draft back, and the drafts' history", async () => {
    api.on(studioRoutes.get, detail('changes_requested', 'Say what the grid is for in the first lesson.'));
    api.on(studioRoutes.revisions, [
      revision(2, 'changes_requested', 'Say what the grid is for in the first lesson.'),
      revision(1, 'approved'),
    ]);
    renderAt(`/studio/products/${PRODUCT_ID}/edit`);
    const review = await screen.findByTestId('studio-review');
    const returned = await within(review).findByText('Changes requested', { selector: 'p' });
    expect(returned.parentElement?.textContent).toBe(
      'Changes requestedSay what the grid is for in the first lesson.',
    );
    const rows = await within(review).findAllByTestId('revision-row');
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['#2', '#1']);
    expect(
      (within(review).getByRole('button', { name: 'Submit for review' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
