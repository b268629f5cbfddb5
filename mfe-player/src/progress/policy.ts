/**
 * The video progress policy of spec section 4, as a pure state machine: the player feeds it media
 * events, it decides when to save. Time comes from an injected clock so every timer is testable.
 *
 * It keeps two figures, as a learner means them: how far they got (the percentage shown, and what
 * completes the product: re-watching never lowers it) and where they were (the position playback
 * resumes from). A save that fails is said to have failed and is retried with backoff (2 s doubling to 30 s), always with
 * the newest position: a newer save replaces a pending retry, and an older answer never wins.
 */
import { PROGRESS_RULES, percentOf } from '@catalyst/contracts';
import { retryDelay } from '@catalyst/web-kit';

export { percentOf };

export interface PolicyClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: PolicyClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What a save sends: the PATCH body, with the client time that orders it on the server. */
export interface ProgressSnapshot {
  /** How far the learner got, whole percent: never below what is saved. */
  progress: number;
  /** Where the learner is now: where playback resumes. */
  lastPosition: number;
  completed: boolean;
  clientTime: number;
}

export type SaveReason = 'debounce' | 'interval' | 'pause' | 'seek' | 'ended' | 'retry';

export interface SavedProgress {
  progress: number;
  lastPosition: number;
  /** Seconds: the furthest point reached (the server's figure; defaults to the last position). */
  furthestPosition?: number;
  completed: boolean;
}

export interface PolicyState {
  /** How far the learner got, whole percent: the saved figure, or further when this page played beyond it. */
  progress: number;
  position: number;
  /** Seconds; 0 until the video reported it. */
  duration: number;
  /** Seconds: the furthest point reached, saved or played on this page. */
  furthest: number;
  /** Completed as far as this page knows: saved completed, or the percentage reached the threshold. */
  completed: boolean;
  /** The newest value the server confirmed. */
  saved: Required<SavedProgress>;
  /** True while there are unsaved changes: a save is scheduled, in flight or waiting to be retried ('Saving...'). */
  saving: boolean;
  /** The newest save did not land: it is retried on its own (with backoff) until it does. */
  saveFailed: boolean;
}

export const reachesCompletion = (percent: number): boolean => percent >= PROGRESS_RULES.completedAt;

/** A save is worth sending only when the percentage moved by at least 2 points since the last save. */
export const changedEnough = (lastSaved: number, percent: number): boolean =>
  Math.abs(percent - lastSaved) >= PROGRESS_RULES.minChange;

/** Where playback resumes: the saved position, or the start when it was left at (or beyond) the end. */
export function restorePosition(lastPosition: number, duration: number): number {
  if (!Number.isFinite(lastPosition) || lastPosition <= 0) return 0;
  if (Number.isFinite(duration) && duration > 0 && lastPosition >= duration - 1) return 0;
  return lastPosition;
}

export interface ProgressPolicyOptions {
  clock?: PolicyClock;
  /** Sends one save; rejects when it did not land (the change stays unsaved and is retried). */
  save: (snapshot: ProgressSnapshot, reason: SaveReason) => Promise<unknown>;
  /** Whether a failed save is worth retrying by itself (a refusal such as a 4xx is not); all are by default. */
  isRetryable?: (error: unknown) => boolean;
  initial?: SavedProgress;
  onChange?: (state: PolicyState) => void;
}

const completeSaved = (saved: SavedProgress): Required<SavedProgress> => ({
  progress: saved.progress,
  lastPosition: saved.lastPosition,
  furthestPosition: saved.furthestPosition ?? saved.lastPosition,
  completed: saved.completed,
});

export class ProgressPolicy {
  private readonly clock: PolicyClock;
  private readonly saveFn: ProgressPolicyOptions['save'];
  private readonly isRetryable: (error: unknown) => boolean;
  private readonly onChange?: (state: PolicyState) => void;
  private saved: Required<SavedProgress>;
  /** The client time of the newest save the server confirmed, so a slow older answer never wins. */
  private savedClientTime = 0;
  /** The newest value sent (confirmed or still in flight): the skip rule measures change from it. */
  private sent: { position: number; progress: number; completed: boolean; clientTime: number };
  private lastClientTime = 0;
  private position = 0;
  private duration = 0;
  /** The furthest point played on this page (a saved position beyond the media's end is never taken for one). */
  private reached = 0;
  private debounce: unknown = null;
  private inFlight = 0;
  private retryTimer: unknown = null;
  /** Failed saves in a row: the backoff grows with them and resets once one lands. */
  private failures = 0;
  private failed = false;
  /** Index of the last whole 10 s mark playback passed (a forced save happens at each new one). */
  private lastMark: number | null = null;
  private disposed = false;

  constructor({
    clock = systemClock,
    save,
    isRetryable = () => true,
    initial,
    onChange,
  }: ProgressPolicyOptions) {
    this.clock = clock;
    this.saveFn = save;
    this.isRetryable = isRetryable;
    this.onChange = onChange;
    this.saved = completeSaved(initial ?? { progress: 0, lastPosition: 0, completed: false });
    this.position = this.saved.lastPosition;
    this.sent = {
      position: this.saved.lastPosition,
      progress: this.saved.progress,
      completed: this.saved.completed,
      clientTime: 0,
    };
  }

  get state(): PolicyState {
    const progress = this.progressFigure();
    return {
      progress,
      position: this.position,
      duration: this.duration,
      furthest: Math.max(this.saved.furthestPosition, this.reached),
      completed: this.saved.completed || (this.duration > 0 && reachesCompletion(progress)),
      saved: { ...this.saved },
      saving: this.debounce !== null || this.inFlight > 0 || this.retryTimer !== null,
      saveFailed: this.failed,
    };
  }

  /** A strictly increasing client clock, so two saves in the same millisecond still have an order. */
  nextClientTime(): number {
    this.lastClientTime = Math.max(this.clock.now(), this.lastClientTime + 1);
    return this.lastClientTime;
  }

  /** `timeupdate` while playing: debounce 2 s, and force a save at every whole 10 s of playback. */
  timeUpdate(position: number, duration: number) {
    if (this.disposed || !this.track(position, duration)) return;
    const mark = Math.floor(position / PROGRESS_RULES.forcedEverySeconds);
    const crossedMark = this.lastMark !== null && mark !== this.lastMark && mark > 0;
    this.lastMark = mark;
    if (crossedMark) {
      this.saveNow('interval');
      return;
    }
    this.clearDebounce();
    if (this.worthSaving()) {
      this.debounce = this.clock.setTimeout(() => {
        this.debounce = null;
        this.saveNow('debounce');
      }, PROGRESS_RULES.debounceMs);
    }
    this.emit();
  }

  /** The video reported its length (before any playback): the percentage and time left can use it. */
  durationKnown(duration: number) {
    if (this.disposed || !Number.isFinite(duration) || duration <= 0 || duration === this.duration) return;
    this.duration = duration;
    this.emit();
  }

  pause(position: number, duration: number) {
    if (this.disposed || !this.track(position, duration)) return;
    this.saveNow('pause');
  }

  seeked(position: number, duration: number) {
    if (this.disposed || !this.track(position, duration)) return;
    // the 10 s marks restart from where the viewer landed
    this.lastMark = Math.floor(position / PROGRESS_RULES.forcedEverySeconds);
    this.saveNow('seek');
  }

  /** Playback reached the end: completed at 100, whatever the skip rule says. */
  ended(duration: number) {
    if (this.disposed || !this.track(duration, duration)) return;
    this.clearDebounce();
    void this.send(this.snapshot(), 'ended');
  }

  /** The connection is back (or the learner asked): a waiting retry goes now instead of at its time. */
  retryNow() {
    if (this.disposed || this.retryTimer === null) return;
    this.clearRetry();
    this.retry();
  }

  /**
   * The page is being left: stops every timer and answers the save to send with the unload request
   * (progress, lastPosition, completed), or null when the server already holds this position.
   */
  leave(): ProgressSnapshot | null {
    this.clearDebounce();
    this.clearRetry();
    if (this.disposed) return null;
    this.disposed = true;
    if (this.duration <= 0) return null;
    const snapshot = this.snapshot();
    return this.unsaved(snapshot) || this.inFlight > 0 ? snapshot : null;
  }

  /**
   * The page is hidden (another tab, a locked phone): it may never come back, so answers the save to send
   * now as the unload save does, or null when the server already holds this position. Unlike leave, the
   * policy goes on: playback may resume when the page shows again.
   */
  flush(): ProgressSnapshot | null {
    this.clearDebounce();
    if (this.disposed || this.duration <= 0) return null;
    const snapshot = this.snapshot();
    return this.unsaved(snapshot) || this.inFlight > 0 ? snapshot : null;
  }

  /**
   * The learner left this target moments ago (a reload) at a position the server may not hold yet (the
   * unload save was still on its way, or lost): that is where they are, and it is saved again.
   */
  resumeLeft(left: ProgressSnapshot) {
    if (this.disposed || !Number.isFinite(left.lastPosition) || left.lastPosition < 0) return;
    this.position = left.lastPosition;
    this.lastMark = Math.floor(left.lastPosition / PROGRESS_RULES.forcedEverySeconds);
    const progress = Math.max(this.saved.progress, left.progress);
    void this.send(
      {
        progress,
        lastPosition: left.lastPosition,
        completed: this.saved.completed || left.completed,
        clientTime: this.nextClientTime(),
      },
      'retry',
    );
  }

  /** The server confirmed an explicit action (Mark Complete, Reset) or the page loaded: that is now the saved value. */
  acceptServerState(saved: SavedProgress, position = saved.lastPosition) {
    this.clearDebounce();
    this.clearRetry();
    this.failed = false;
    this.failures = 0;
    this.saved = completeSaved(saved);
    this.savedClientTime = this.lastClientTime;
    this.position = position;
    this.reached = 0;
    this.sent = {
      position,
      progress: saved.progress,
      completed: saved.completed,
      clientTime: this.lastClientTime,
    };
    this.lastMark = Math.floor(position / PROGRESS_RULES.forcedEverySeconds);
    this.emit();
  }

  dispose() {
    this.clearDebounce();
    this.clearRetry();
    this.disposed = true;
  }

  private track(position: number, duration: number): boolean {
    if (!Number.isFinite(position) || !Number.isFinite(duration) || duration <= 0) return false;
    this.position = Math.min(Math.max(0, position), duration);
    this.duration = duration;
    this.reached = Math.max(this.reached, this.position);
    return true;
  }

  /** How far the learner got: the saved percentage, or the furthest point played here when beyond it. */
  private progressFigure(): number {
    return Math.max(this.saved.progress, percentOf(this.reached, this.duration));
  }

  private snapshot(): ProgressSnapshot {
    const progress = this.progressFigure();
    return {
      progress,
      lastPosition: Math.round(this.position * 10) / 10,
      completed: this.saved.completed || reachesCompletion(progress),
      clientTime: this.nextClientTime(),
    };
  }

  private unsaved(snapshot: ProgressSnapshot): boolean {
    return snapshot.lastPosition !== this.saved.lastPosition || snapshot.progress !== this.saved.progress;
  }

  /** The position moved by 2 points or more since the last save, the learner got 2 points further, or just completed. */
  private worthSaving(): boolean {
    const progress = this.progressFigure();
    return (
      changedEnough(percentOf(this.sent.position, this.duration), percentOf(this.position, this.duration)) ||
      changedEnough(this.sent.progress, progress) ||
      (!this.sent.completed && reachesCompletion(progress))
    );
  }

  /** Saves now unless the change since the last save is too small to matter. */
  private saveNow(reason: SaveReason) {
    this.clearDebounce();
    if (!this.worthSaving()) {
      this.emit();
      return;
    }
    void this.send(this.snapshot(), reason);
  }

  private async send(snapshot: ProgressSnapshot, reason: SaveReason) {
    // this save carries the newest position: a retry still waiting for its turn is no longer needed
    this.clearRetry();
    this.sent = {
      position: snapshot.lastPosition,
      progress: snapshot.progress,
      completed: this.sent.completed || snapshot.completed,
      clientTime: snapshot.clientTime,
    };
    this.inFlight += 1;
    this.emit();
    try {
      await this.saveFn(snapshot, reason);
      if (snapshot.clientTime > this.savedClientTime) {
        this.savedClientTime = snapshot.clientTime;
        this.saved = {
          progress: Math.max(this.saved.progress, snapshot.progress),
          lastPosition: snapshot.lastPosition,
          furthestPosition: Math.max(this.saved.furthestPosition, snapshot.lastPosition),
          completed: this.saved.completed || snapshot.completed,
        };
      }
      if (snapshot.clientTime >= this.sent.clientTime) {
        this.failed = false;
        this.failures = 0;
      }
    } catch (error) {
      // only the newest save's failure matters: an older one was already replaced by a newer save
      if (this.sent.clientTime === snapshot.clientTime) {
        // measure the next change from what the server really holds
        this.sent = {
          position: this.saved.lastPosition,
          progress: this.saved.progress,
          completed: this.saved.completed,
          clientTime: snapshot.clientTime,
        };
        this.failed = true;
        this.failures += 1;
        if (!this.disposed && this.isRetryable(error)) {
          this.retryTimer = this.clock.setTimeout(() => {
            this.retryTimer = null;
            this.retry();
          }, retryDelay(this.failures));
        }
      }
    } finally {
      this.inFlight -= 1;
      this.emit();
    }
  }

  /** Sends what is still unsaved, as it is now (never the older value that failed). */
  private retry() {
    if (this.disposed) return;
    const snapshot = this.snapshot();
    if (this.duration > 0 && this.unsaved(snapshot)) {
      void this.send(snapshot, 'retry');
      return;
    }
    this.failed = false;
    this.failures = 0;
    this.emit();
  }

  private clearDebounce() {
    if (this.debounce !== null) {
      this.clock.clearTimeout(this.debounce);
      this.debounce = null;
    }
  }

  private clearRetry() {
    if (this.retryTimer !== null) {
      this.clock.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
  }

  private emit() {
    this.onChange?.(this.state);
  }
}
