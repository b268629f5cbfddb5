import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { pathRoutes, productRoutes, type AdminProduct, type LearningPath } from '@catalyst/contracts';
import { failure, fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { flashMessage, rowCells } from '../testing/adminPage';
import { PathFormPage } from './PathFormPage';
import { PathListPage } from './PathListPage';

const ID = '0000000000000000000f0001';
const productOf = (n: number, title: string, type: AdminProduct['type'] = 'video'): AdminProduct => ({
  _id: `0000000000000000000e000${n}`,
  productId: `P${n}`,
  slug: `p-${n}`,
  title,
  description: 'd',
  categoryId: 'a'.repeat(24),
  category: { _id: 'a'.repeat(24), name: 'Web', slug: 'web' },
  creatorId: 'b'.repeat(24),
  creator: { _id: 'b'.repeat(24), name: 'Alice', slug: 'alice' },
  type,
  difficulty: 'beginner',
  duration: 10,
  thumbnail: null,
  videoUrl: null,
  mediaAssetId: null,
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
  createdBy: null,
});
const html = productOf(1, 'HTML Basics');
const js = productOf(2, 'JavaScript Basics');
const grid = productOf(3, 'Grid Workshop', 'course');
const itemOf = (p: AdminProduct) => ({
  productId: p._id,
  publicId: p.productId,
  slug: p.slug,
  title: p.title,
  type: p.type,
  thumbnail: null,
  duration: 10,
  isPublished: true,
});
const path: LearningPath = {
  _id: ID,
  slug: 'start-with-the-web',
  title: 'Start with the Web',
  description: 'First steps.',
  level: 'beginner',
  estimatedHours: 2,
  isPublished: true,
  itemCount: 2,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  items: [itemOf(html), itemOf(js)],
};
const summary = ({ items: _items, ...rest }: LearningPath) => rest;

let fake: FakeApi;
beforeEach(() => {
  fake = fakeApi()
    .on(pathRoutes.adminList, [summary(path)])
    .on(pathRoutes.adminGet, path)
    .on(productRoutes.adminList, { items: [html, js, grid], total: 3, page: 1, limit: 100 })
    .on(pathRoutes.replace, ({ body }) => ({
      ...path,
      isPublished: (body as { isPublished: boolean }).isPublished,
    }))
    .on(pathRoutes.create, success(path, { message: 'Path created successfully!', status: 201 }))
    .on(pathRoutes.remove, success({ _id: ID }, { message: 'Path deleted successfully!' }));
});
afterEach(() => vi.unstubAllGlobals());

const mount = (at: string) =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/admin/paths" element={<PathListPage />} />
        <Route path="/admin/paths/new" element={<PathFormPage />} />
        <Route path="/admin/paths/:id/edit" element={<PathFormPage />} />
      </Routes>
    </MemoryRouter>,
  );
const itemTitles = () =>
  screen.queryAllByTestId('path-item').map((li) => li.textContent?.replace(/Move up.*$/, '').trim());

describe('/admin/paths', () => {
  it('lists paths, unpublishes one by sending it back with the flag flipped, and deletes after confirming', async () => {
    const user = userEvent.setup();
    mount('/admin/paths');
    const row = await screen.findByTestId('path-row');
    expect(rowCells(row)).toMatchObject({ Path: 'Start with the Web', Items: '2', Status: 'Published' });
    await user.click(screen.getByRole('button', { name: 'Unpublish Start with the Web' }));
    await waitFor(() => expect(rowCells(screen.getByTestId('path-row')).Status).toBe('Draft'));
    expect(fake.callsTo(pathRoutes.replace)[0]!.body).toEqual({
      title: 'Start with the Web',
      description: 'First steps.',
      slug: 'start-with-the-web',
      level: 'beginner',
      estimatedHours: '2',
      isPublished: false,
      items: [html._id, js._id],
    });

    await user.click(screen.getByRole('button', { name: 'Delete Start with the Web' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(flashMessage()).toBe('Path deleted successfully!'));
    expect(screen.queryByTestId('path-row')).toBeNull();
    expect(fake.callsTo(pathRoutes.remove)).toHaveLength(1);
  });

  it('edits the items: adds from the catalogue, moves up and down, removes, and saves them in order', async () => {
    const user = userEvent.setup();
    mount(`/admin/paths/${ID}/edit`);
    await waitFor(() => expect(itemTitles()).toEqual(['HTML Basics (video)', 'JavaScript Basics (video)']));
    // what is in the path already is not offered again
    const picker = screen.getByRole('combobox', { name: 'Product or course to add' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose from the catalogue', 'Grid Workshop (course)']);
    await user.selectOptions(picker, grid._id);
    await user.click(screen.getByRole('button', { name: 'Add to path' }));
    await user.click(screen.getByRole('button', { name: 'Move Grid Workshop up' }));
    expect(itemTitles()).toEqual([
      'HTML Basics (video)',
      'Grid Workshop (course)',
      'JavaScript Basics (video)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Move HTML Basics down' }));
    await user.click(screen.getByRole('button', { name: 'Remove JavaScript Basics' }));
    expect(itemTitles()).toEqual(['Grid Workshop (course)', 'HTML Basics (video)']);
    await user.click(screen.getByRole('button', { name: 'Update Path' }));
    await waitFor(() => expect(fake.callsTo(pathRoutes.replace)).toHaveLength(1));
    expect(fake.callsTo(pathRoutes.replace)[0]!.body).toMatchObject({ items: [grid._id, html._id] });
  });

  it("refuses an empty path with the server's own message, and shows a taken slug's 409", async () => {
    fake.on(
      pathRoutes.create,
      failure(409, 'A path with this slug already exists', [
        { field: 'slug', message: 'A path with this slug already exists' },
      ]),
    );
    const user = userEvent.setup();
    mount('/admin/paths/new');
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Start with the Web');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'First steps.');
    await user.type(screen.getByRole('textbox', { name: 'Estimated hours' }), '2');
    await user.click(screen.getByRole('button', { name: 'Create Path' }));
    expect((await screen.findByText('Add at least one product or course to the path')).textContent).toBe(
      'Add at least one product or course to the path',
    );
    expect(fake.callsTo(pathRoutes.create)).toHaveLength(0);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product or course to add' }), html._id);
    await user.click(screen.getByRole('button', { name: 'Add to path' }));
    await user.click(screen.getByRole('button', { name: 'Create Path' }));
    expect(
      (await screen.findByText('A path with this slug already exists. Please choose a different slug.'))
        .textContent,
    ).toBe('A path with this slug already exists. Please choose a different slug.');
    expect(fake.callsTo(pathRoutes.create)[0]!.body).toMatchObject({
      slug: 'start-with-the-web',
      items: [html._id],
    });
  });
});
