import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { studioQuestionRoutes, type StudioQuestion } from '@catalyst/contracts';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { StudioQuestionsPage } from './StudioQuestionsPage';

const question = (overrides: Partial<StudioQuestion>): StudioQuestion => ({
  _id: 'a'.repeat(24),
  title: 'Why grid?',
  productId: 'b'.repeat(24),
  productTitle: 'CSS Grid',
  lessonId: null,
  author: { name: 'Lee' },
  replyCount: 0,
  createdAt: '2026-12-01T10:00:00.000Z',
  ...overrides,
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/studio/questions']}>
      <StudioQuestionsPage />
    </MemoryRouter>,
  );

describe('the studio’s questions', () => {
  it('links each waiting question to the product or lesson page where it lives', async () => {
    fakeApi().on(studioQuestionRoutes.list, [
      question({
        _id: 'c'.repeat(24),
        title: 'Which lesson first?',
        lessonId: 'd'.repeat(24),
        replyCount: 1,
      }),
      question({}),
    ]);
    renderPage();
    const list = within(await screen.findByRole('list', { name: 'Questions waiting' }));
    const inLesson = within(list.getByRole('article', { name: 'Which lesson first?' }));
    expect(inLesson.getByRole('link', { name: 'Which lesson first?' }).getAttribute('href')).toBe(
      `/browse/premium/product/${'b'.repeat(24)}/lesson/${'d'.repeat(24)}`,
    );
    expect(inLesson.getByText(/A lesson of CSS Grid · asked by Lee/).textContent).toContain('1 reply');
    const onProduct = within(list.getByRole('article', { name: 'Why grid?' }));
    expect(onProduct.getByRole('link', { name: 'Why grid?' }).getAttribute('href')).toBe(
      `/browse/premium/product/${'b'.repeat(24)}`,
    );
    expect(onProduct.getByText(/^CSS Grid · asked by Lee/).textContent).toContain('0 replies');
    expect(screen.getByRole('link', { name: 'Questions' }).getAttribute('aria-current')).toBe('page');
  });

  it('says when nothing is waiting, and offers a retry when the list cannot be read', async () => {
    const api = fakeApi().on(studioQuestionRoutes.list, []);
    const { unmount } = renderPage();
    expect(await screen.findByText('No questions are waiting for an answer.')).toBeTruthy();
    unmount();
    api.on(studioQuestionRoutes.list, () => failure(503, 'Service unavailable'));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
