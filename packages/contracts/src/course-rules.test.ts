import { describe, expect, it } from 'vitest';
import {
  courseProgressOf,
  nextLessonOf,
  previousLessonOf,
  resumeLessonOf,
  type RuleLesson,
} from './course-rules';

const lessons: RuleLesson[] = [
  { id: 'a', durationSeconds: 60 },
  { id: 'b', durationSeconds: 240 },
  { id: 'c', durationSeconds: null },
  { id: 'd', durationSeconds: 600 },
];
const done = (...ids: string[]) => ids.map((lessonId) => ({ lessonId, completed: true }));

describe('courseProgressOf', () => {
  it('weighs each completed lesson by its duration', () => {
    // 960 weighted seconds in all (c weighs a minute)
    expect(courseProgressOf(lessons, done('b'))).toEqual({
      percent: 25,
      completed: false,
      completedLessons: 1,
    });
    expect(courseProgressOf(lessons, done('a', 'b'))).toEqual({
      percent: 31,
      completed: false,
      completedLessons: 2,
    });
    expect(courseProgressOf(lessons, done('d'))).toEqual({
      percent: 63,
      completed: false,
      completedLessons: 1,
    });
  });

  it('gives a lesson of unknown or tiny length the weight of a minute, never nothing', () => {
    expect(courseProgressOf(lessons, done('c')).percent).toBe(6); // 60 / 960
    const short = [
      { id: 'x', durationSeconds: 5 },
      { id: 'y', durationSeconds: 0 },
      { id: 'z', durationSeconds: null },
    ];
    expect(courseProgressOf(short, done('x')).percent).toBe(33);
    expect(courseProgressOf(short, done('x', 'y')).percent).toBe(67);
  });

  it('counts only complete rows, and ignores rows of lessons no longer in the curriculum', () => {
    expect(courseProgressOf(lessons, [{ lessonId: 'b', completed: false }])).toEqual({
      percent: 0,
      completed: false,
      completedLessons: 0,
    });
    expect(courseProgressOf(lessons, done('removed', 'gone'))).toEqual({
      percent: 0,
      completed: false,
      completedLessons: 0,
    });
    expect(courseProgressOf(lessons.slice(0, 2), done('a', 'b', 'd'))).toEqual({
      percent: 100,
      completed: true,
      completedLessons: 2,
    });
  });

  it('is 100 and complete only when every lesson is complete', () => {
    const long: RuleLesson[] = [
      { id: 'long', durationSeconds: 100_000 },
      { id: 'short', durationSeconds: 60 },
    ];
    // 99.94 % of the weight is not the whole course
    expect(courseProgressOf(long, done('long'))).toEqual({
      percent: 99,
      completed: false,
      completedLessons: 1,
    });
    expect(courseProgressOf(long, done('long', 'short'))).toEqual({
      percent: 100,
      completed: true,
      completedLessons: 2,
    });
    expect(courseProgressOf(lessons, done('a', 'b', 'c', 'd'))).toEqual({
      percent: 100,
      completed: true,
      completedLessons: 4,
    });
  });

  it('is never 0 once a lesson is complete', () => {
    const one = [
      { id: 'tiny', durationSeconds: 1 },
      { id: 'huge', durationSeconds: 86_400 },
    ];
    expect(courseProgressOf(one, done('tiny')).percent).toBe(1);
  });

  it('is 0 and not complete for a course without lessons', () => {
    expect(courseProgressOf([], done('a'))).toEqual({ percent: 0, completed: false, completedLessons: 0 });
  });
});

describe('nextLessonOf and previousLessonOf', () => {
  it('step through the curriculum in order', () => {
    expect(nextLessonOf(lessons, 'a')?.id).toBe('b');
    expect(nextLessonOf(lessons, 'c')?.id).toBe('d');
    expect(previousLessonOf(lessons, 'b')?.id).toBe('a');
    expect(previousLessonOf(lessons, 'd')?.id).toBe('c');
  });

  it('answer null past either end and for a lesson not in the curriculum', () => {
    expect(nextLessonOf(lessons, 'd')).toBeNull();
    expect(previousLessonOf(lessons, 'a')).toBeNull();
    expect(nextLessonOf(lessons, 'nope')).toBeNull();
    expect(previousLessonOf(lessons, 'nope')).toBeNull();
    expect(nextLessonOf([], 'a')).toBeNull();
  });
});

describe('resumeLessonOf', () => {
  it('opens the lesson the learner was in, complete or not', () => {
    expect(resumeLessonOf(lessons, 'c', done('a'))?.id).toBe('c');
    expect(resumeLessonOf(lessons, 'a', done('a', 'b'))?.id).toBe('a');
  });

  it('otherwise opens the first lesson not yet complete', () => {
    expect(resumeLessonOf(lessons, null, done('a', 'b'))?.id).toBe('c');
    expect(resumeLessonOf(lessons, undefined, done('a', 'c'))?.id).toBe('b');
    // a current lesson since removed from the curriculum
    expect(resumeLessonOf(lessons, 'removed', done('a'))?.id).toBe('b');
  });

  it('opens the first lesson of a course never started or already finished, and nothing for no lessons', () => {
    expect(resumeLessonOf(lessons, null, [])?.id).toBe('a');
    expect(resumeLessonOf(lessons, null, done('a', 'b', 'c', 'd'))?.id).toBe('a');
    expect(resumeLessonOf([], 'a', [])).toBeNull();
  });
});
