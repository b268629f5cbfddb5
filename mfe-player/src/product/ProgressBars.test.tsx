import { readFileSync } from 'node:fs';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect, it } from 'vitest';
import { CourseProgressCard } from '../course/CourseProgressCard';
import type { PolicyState } from '../progress/policy';
import { ProgressActions } from './ProgressActions';

// The lesson's and the course's progress bars grow when their figures arrive (a page load) and at every save.
// Their fill is the whole bar scaled to the figure, and its rule transitions the transform alone: a width's
// transition laid the page out again on each of its frames (a course page's trace at 4× CPU: 17 more layouts and
// about 100 ms of style, layout and paint in the 300 ms after the course's progress arrived; bench/README.md).

const state = (progress: number): PolicyState => ({
  progress,
  position: 18,
  duration: 60,
  furthest: 18,
  completed: false,
  saved: { progress, lastPosition: 18, furthestPosition: 18, completed: false },
  saving: false,
  saveFailed: false,
});

const fillOf = (bar: HTMLElement) => bar.firstElementChild as HTMLElement;

it("draws the lesson's and the course's progress as the bar scaled to the figure, not as a width", () => {
  render(
    <MemoryRouter>
      <ProgressActions state={state(30)} busy={false} onMarkComplete={() => {}} onReset={() => {}} />
      <CourseProgressCard
        course={{
          productId: 'a'.repeat(24),
          progress: 45,
          lastPosition: 0,
          furthestPosition: 0,
          completed: false,
          completedAt: null,
          updatedAt: '2026-01-02T00:00:00.000Z',
        }}
        completedLessons={1}
        lessonCount={4}
        ready
        busy={false}
        quizzesLeft={[]}
        onResetCourse={() => {}}
      />
    </MemoryRouter>,
  );
  const lesson = screen.getByRole('progressbar', { name: 'Your progress' });
  expect(lesson.getAttribute('aria-valuenow')).toBe('30');
  expect(fillOf(lesson).style.transform).toBe('scaleX(0.3)');
  expect(fillOf(lesson).style.width).toBe('');
  const course = within(screen.getByTestId('course-progress')).getByRole('progressbar');
  expect(course.getAttribute('aria-valuenow')).toBe('45');
  expect(fillOf(course).style.transform).toBe('scaleX(0.45)');
  expect(fillOf(course).style.width).toBe('');
});

it('transitions only the fill’s transform, which the compositor runs without a layout', () => {
  for (const sheet of ['./ProductPage.module.css', '../course/CoursePage.module.css']) {
    const css = readFileSync(new URL(sheet, import.meta.url), 'utf8');
    const fill = /\n\.fill \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect({ sheet, transition: /transition:\s*([^;]*);/.exec(fill)?.[1] }).toEqual({
      sheet,
      transition: 'transform 300ms ease',
    });
  }
});
