import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { studioRoutes, type StudioProduct } from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import { rowCells } from '../../testing/adminPage';
import { StudioProductsPage } from './StudioProductsPage';

const maya = { id: 'b'.repeat(24), name: 'Maya Chen', slug: 'maya-chen' };
const product = (
  n: number,
  title: string,
  reviewStatus: StudioProduct['reviewStatus'],
  extra: Partial<StudioProduct> = {},
): StudioProduct => ({
  _id: n.toString(16).padStart(24, '0'),
  title,
  slug: title.toLowerCase().replace(/ /g, '-'),
  thumbnail: null,
  isPublished: false,
  creator: maya,
  updatedAt: '2026-12-01T10:00:00.000Z',
  reviewStatus,
  reason: null,
  latestRevision: null,
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

const renderList = () =>
  render(
    <MemoryRouter initialEntries={['/studio']}>
      <StudioProductsPage />
    </MemoryRouter>,
  );

describe("the studio's list of products", () => {
  it('says where each product stands in review, with the reason of a return, in words', async () => {
    fakeApi().on(studioRoutes.list, [
      product(1, 'Flexbox', 'draft'),
      product(2, 'CSS Grid', 'in_review', { isPublished: true }),
      product(3, 'Design Tokens', 'changes_requested', { reason: 'Add the naming lesson.' }),
      product(4, 'Design Systems', 'approved', { isPublished: true }),
    ]);
    renderList();
    const rows = await screen.findAllByTestId('studio-product-row');
    expect(rows.map((row) => rowCells(row))).toEqual([
      expect.objectContaining({ Product: 'Flexboxflexbox', Status: 'Draft', Reason: '' }),
      expect.objectContaining({ Product: 'CSS Gridcss-grid', Status: 'In reviewPublished' }),
      expect.objectContaining({ Status: 'Changes requested', Reason: 'Add the naming lesson.' }),
      expect.objectContaining({ Status: 'ApprovedPublished' }),
    ]);
    expect(Object.keys(rowCells(rows[0]!))).not.toContain('Creator');
    expect(screen.getByRole('link', { name: 'New product' }).getAttribute('href')).toBe(
      '/studio/products/new',
    );
    expect(screen.getByRole('link', { name: 'Edit Flexbox' }).getAttribute('href')).toBe(
      `/studio/products/${product(1, 'Flexbox', 'draft')._id}/edit`,
    );
  });

  it("names each product's creator when the list holds several creators' (an admin's)", async () => {
    fakeApi().on(studioRoutes.list, [
      product(1, 'Flexbox', 'draft'),
      product(2, 'Postgres Tuning', 'draft', {
        creator: { id: 'c'.repeat(24), name: 'Daniel Okafor', slug: 'daniel-okafor' },
      }),
    ]);
    renderList();
    const rows = await screen.findAllByTestId('studio-product-row');
    expect(rows.map((row) => rowCells(row).Creator)).toEqual(['Maya Chen', 'Daniel Okafor']);
  });
});
