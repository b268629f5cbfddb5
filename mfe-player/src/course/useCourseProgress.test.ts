import { describe, expect, it, vi } from 'vitest';
import type { CourseProgress, LessonProgress, Progress } from '@catalyst/contracts';
import { CourseProgressStore } from './useCourseProgress';

const PRODUCT = 'a'.repeat(24);
const L1 = '1'.repeat(24);
const row = (updatedAt: string, overrides: Partial<LessonProgress> = {}): LessonProgress => ({
  lessonId: L1,
  progress: 10,
  lastPosition: 6,
  furthestPosition: 6,
  completed: false,
  completedAt: null,
  updatedAt,
  ...overrides,
});
const figure = (updatedAt: string, progress: number): Progress => ({
  productId: PRODUCT,
  progress,
  lastPosition: 0,
  furthestPosition: 0,
  completed: false,
  completedAt: null,
  updatedAt,
  lessonId: L1,
});
const course = (): CourseProgress => ({
  course: figure('2026-01-01T00:00:00.000Z', 5),
  currentLessonId: null,
  lessons: [row('2026-01-01T00:00:00.000Z')],
});

describe("a course's progress in the player", () => {
  it('is read once for every lesson, and read again after a failed read', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(course());
    const store = new CourseProgressStore(PRODUCT, read);
    await expect(store.rowFor(L1)).rejects.toThrow('down');
    expect(store.getSnapshot().error).toBeInstanceOf(Error);
    await expect(store.rowFor(L1)).resolves.toMatchObject({ lessonId: L1, lastPosition: 6 });
    await expect(store.rowFor('2'.repeat(24))).resolves.toBeNull();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("keeps each write's answer unless a newer one is already kept (a slow earlier save never wins)", async () => {
    const store = new CourseProgressStore(PRODUCT, async () => course());
    await store.load();
    const newer = {
      lesson: row('2026-01-03T00:00:00.000Z', { lastPosition: 40 }),
      applied: true,
      course: figure('2026-01-03T00:00:00.000Z', 30),
    };
    const older = {
      lesson: row('2026-01-02T00:00:00.000Z', { lastPosition: 20 }),
      applied: true,
      course: figure('2026-01-02T00:00:00.000Z', 20),
    };
    store.applyWrite(newer);
    store.applyWrite(older);
    const data = store.getSnapshot().data!;
    expect(data.lessons).toEqual([newer.lesson]);
    expect(data.course.progress).toBe(30);
    expect(data.currentLessonId).toBe(L1);
  });
});
