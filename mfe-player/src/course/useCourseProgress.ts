import { useEffect, useMemo, useReducer } from 'react';
import type { CourseProgress, LessonProgress, LessonWriteResult, Progress } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';
import type { LessonTargetCourse } from '../progress/targets';

export interface CourseProgressSnapshot {
  data: CourseProgress | null;
  error: unknown;
}

const isNewer = (next: string | null, current: string | null | undefined) =>
  !current || (next !== null && next >= current);

/**
 * One learner's progress on a course, read once (GET …/lessons) and kept current by every lesson write's
 * answer (the lesson's row and the course figure after it). The lesson targets read their rows from it,
 * so opening another lesson asks the server nothing.
 */
export class CourseProgressStore implements LessonTargetCourse {
  private snapshot: CourseProgressSnapshot = { data: null, error: null };
  private pending: Promise<CourseProgress> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly productId: string,
    private readonly read: (productId: string) => Promise<CourseProgress> = (id) =>
      api.lessonProgress.forCourse({ params: { id } }),
  ) {}

  getSnapshot = (): CourseProgressSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The course's progress: the one read in flight or done, else a new one (a failed read is tried again on the next call). */
  load(): Promise<CourseProgress> {
    if (this.snapshot.data) return Promise.resolve(this.snapshot.data);
    return this.pending ?? this.refresh();
  }

  /** Reads the course's progress again (after a course-wide Mark complete or Reset). */
  refresh(): Promise<CourseProgress> {
    const pending = this.read(this.productId).then(
      (data) => {
        if (this.pending === pending) this.pending = null;
        this.set({ data, error: null });
        return data;
      },
      (error: unknown) => {
        if (this.pending === pending) this.pending = null;
        this.set({ data: this.snapshot.data, error });
        throw error;
      },
    );
    this.pending = pending;
    return pending;
  }

  async rowFor(lessonId: string): Promise<LessonProgress | null> {
    const data = await this.load();
    return data.lessons.find((row) => row.lessonId === lessonId) ?? null;
  }

  /** A lesson write's answer; an answer older than what is kept (a slow earlier save) changes nothing. */
  applyWrite({ lesson, course }: LessonWriteResult) {
    const data = this.snapshot.data;
    if (!data) return;
    const kept = data.lessons.find((row) => row.lessonId === lesson.lessonId);
    const lessons = isNewer(lesson.updatedAt, kept?.updatedAt)
      ? [...data.lessons.filter((row) => row.lessonId !== lesson.lessonId), lesson]
      : data.lessons;
    const courseNewer = isNewer(course.updatedAt, data.course.updatedAt);
    this.set({
      data: {
        course: courseNewer ? course : data.course,
        currentLessonId: courseNewer ? (course.lessonId ?? lesson.lessonId) : data.currentLessonId,
        lessons,
      },
      error: null,
    });
  }

  /** The course figure a course-wide action answered (its lessons' rows are read again after it). */
  applyCourse(course: Progress) {
    if (this.snapshot.data) this.set({ data: { ...this.snapshot.data, course }, error: null });
  }

  private set(snapshot: CourseProgressSnapshot) {
    this.snapshot = snapshot;
    this.listeners.forEach((listener) => listener());
  }
}

const EMPTY: CourseProgressSnapshot = { data: null, error: null };

/**
 * The course's progress for a viewer who keeps progress on it (null: a visitor, or a learner without the plan).
 * Its changes render at the default priority (not useSyncExternalStore's, which always blocks and commits on
 * its own): the read's answer and the lesson's progress taken from it (useProgress, a few microtasks later)
 * render in one commit, not two. Only this page's writes and its one read change the store, after it listens.
 */
export function useCourseProgress(
  productId: string | null,
): CourseProgressSnapshot & { store: CourseProgressStore | null } {
  const store = useMemo(() => (productId ? new CourseProgressStore(productId) : null), [productId]);
  const [, changed] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!store) return;
    const stop = store.subscribe(changed);
    void store.load().catch(() => undefined);
    return stop;
  }, [store]);
  return { ...(store?.getSnapshot() ?? EMPTY), store };
}
