import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@catalyst/web-kit/testing';
import { progressRoutes } from '@catalyst/contracts';
import ContinueWatching from './ContinueWatching';

afterEach(() => vi.unstubAllGlobals());

const item = (n: number, progress: number, completed = false, lastPosition = 65) => ({
  productId: `aaaaaaaaaaaaaaaaaaaaaa0${n}`,
  progress,
  lastPosition,
  furthestPosition: Math.max(lastPosition, 65),
  completed,
  completedAt: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  product: {
    _id: `aaaaaaaaaaaaaaaaaaaaaa0${n}`,
    productId: `p-${n}`,
    slug: `s-${n}`,
    title: `Video ${n}`,
    thumbnail: `/t${n}.jpg`,
    duration: 10,
    type: 'video' as const,
    categoryId: 'c'.repeat(24),
    creatorId: 'd'.repeat(24),
    isPublished: true,
  },
});

describe('Continue watching', () => {
  it('lists unfinished videos newest first, linking to their product page', async () => {
    const api = fakeApi().on(progressRoutes.recent, [item(1, 40), item(2, 12)]);
    render(
      <MemoryRouter>
        <ContinueWatching />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('heading', { level: 2 })).textContent?.trim()).toBe('Continue watching');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/browse/premium/product/p-1',
      '/browse/premium/product/p-2',
    ]);
    expect(links[0]!.textContent).toContain('Video 1');
    expect(links[0]!.textContent).toContain('40% watched · resume at 1:05');
    expect(new URL(api.calls[0]!.url, 'http://x').searchParams.get('status')).toBe('in-progress');
  });

  it('shows how far the learner got beside where the player resumes, which is the start for a position past the end', async () => {
    fakeApi().on(progressRoutes.recent, [item(1, 60, false, 5), item(2, 36, false, 8758)]);
    render(
      <MemoryRouter>
        <ContinueWatching />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Continue watching' });
    const links = screen.getAllByRole('link');
    // re-watched from the start: 60% stays, the player resumes at 0:05
    expect(links[0]!.textContent).toContain('60% watched · resume at 0:05');
    // a 10-minute video cannot resume at 2:25:58: it starts from the beginning, and 36% stays
    expect(links[1]!.textContent).toContain('36% watched · starts from the beginning');
  });

  it('is hidden when nothing is in progress', async () => {
    const api = fakeApi().on(progressRoutes.recent, []);
    const { container } = render(
      <MemoryRouter>
        <ContinueWatching />
      </MemoryRouter>,
    );
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });

  it("opens a course's row in the lesson the learner was in, resuming at that lesson's second", async () => {
    const lessonId = 'e'.repeat(24);
    const course = {
      ...item(3, 25, false, 42),
      lessonId,
      product: {
        ...item(3, 25).product,
        slug: 'css-grid-layout-workshop',
        title: 'CSS Grid',
        type: 'course' as const,
        duration: 1,
      },
    };
    fakeApi().on(progressRoutes.recent, [course, item(1, 40)]);
    render(
      <MemoryRouter>
        <ContinueWatching />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Continue watching' });
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/browse/premium/product/css-grid-layout-workshop/lesson/${lessonId}`,
      '/browse/premium/product/p-1',
    ]);
    // the position is a second of the lesson, never measured against the course's total length (1 minute here)
    expect(links[0]!.textContent).toContain('25% watched · resume at 0:42');
  });
});
