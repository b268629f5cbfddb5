/**
 * The video progress policy of spec section 4, as a pure state machine: the player feeds it media
 * events, it decides when to save. Time comes from an injected clock so every timer is testable.
 */
import { PROGRESS_RULES } from '@catalyst/contracts';

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
  progress: number;
  lastPosition: number;
  completed: boolean;
  clientTime: number;
}

export type SaveReason = 'debounce' | 'interval' | 'pause' | 'seek' | 'ended';

export interface SavedProgress {
  progress: number;
  lastPosition: number;
  completed: boolean;
}

export interface PolicyState {
  /** Live percentage of the current position. */
  progress: number;
  position: number;
  /** Seconds; 0 until the video reported it. */
  duration: number;
  /** Completed as far as this page knows: saved completed, or the live percentage reached the threshold. */
  completed: boolean;
  /** The newest value the server confirmed. */
  saved: SavedProgress;
  /** True while there are unsaved changes: a save is scheduled or in flight ('Saving...'). */
  saving: boolean;
}

/** position / duration as a whole percentage, 0–100; 0 while the duration is unknown. */
export function percentOf(position: number, duration: number): number {
  if (!Number.isFinite(position) || !Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((position / duration) * 100)));
}

export const reachesCompletion = (percent: number): boolean => percent >= PROGRESS_RULES.completedAt;

/** A save is worth sending only when the percentage moved by at least 2 points since the last save. */
export const changedEnough = (lastSaved: number, percent: number): boolean => Math.abs(percent - lastSaved) >= PROGRESS_RULES.minChange;

/** Where playback resumes: the saved position, or the start when it was left at the very end. */
export function restorePosition(lastPosition: number, duration: number): number {
  if (!Number.isFinite(lastPosition) || lastPosition <= 0) return 0;
  if (Number.isFinite(duration) && duration > 0 && lastPosition >= duration - 1) return 0;
  return lastPosition;
}

export interface ProgressPolicyOptions {
  clock?: PolicyClock;
  /** Sends one save; rejects when it did not land (the change stays unsaved and is retried). */
  save: (snapshot: ProgressSnapshot, reason: SaveReason) => Promise<unknown>;
  initial?: SavedProgress;
  onChange?: (state: PolicyState) => void;
}

export class ProgressPolicy {
  private readonly clock: PolicyClock;
  private readonly saveFn: ProgressPolicyOptions['save'];
  private readonly onChange?: (state: PolicyState) => void;
  private saved: SavedProgress;
  /** The client time of the newest save the server confirmed, so a slow older answer never wins. */
  private savedClientTime = 0;
  /** The newest value sent (confirmed or still in flight): the skip rule measures change from it. */
  private sent: { progress: number; completed: boolean; clientTime: number };
  private lastClientTime = 0;
  private position = 0;
  private duration = 0;
  private debounce: unknown = null;
  private inFlight = 0;
  /** Index of the last whole 10 s mark playback passed (a forced save happens at each new one). */
  private lastMark: number | null = null;
  private disposed = false;

  constructor({ clock = systemClock, save, initial, onChange }: ProgressPolicyOptions) {
    this.clock = clock;
    this.saveFn = save;
    this.onChange = onChange;
    this.saved = initial ? { ...initial } : { progress: 0, lastPosition: 0, completed: false };
    this.position = this.saved.lastPosition;
    this.sent = { progress: this.saved.progress, completed: this.saved.completed, clientTime: 0 };
  }

  get state(): PolicyState {
    const progress = percentOf(this.position, this.duration);
    return {
      progress,
      position: this.position,
      duration: this.duration,
      completed: this.saved.completed || (this.duration > 0 && reachesCompletion(progress)),
      saved: { ...this.saved },
      saving: this.debounce !== null || this.inFlight > 0,
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
    void this.send({ progress: 100, lastPosition: duration, completed: true, clientTime: this.nextClientTime() }, 'ended');
  }

  /**
   * The page is being left: stops every timer and answers the save to send with the unload request
   * (progress, lastPosition, completed), or null when the server already holds this position.
   */
  leave(): ProgressSnapshot | null {
    this.clearDebounce();
    if (this.disposed) return null;
    this.disposed = true;
    if (this.duration <= 0) return null;
    const snapshot = this.snapshot();
    const unchanged = snapshot.lastPosition === this.saved.lastPosition && snapshot.progress === this.saved.progress;
    return unchanged && this.inFlight === 0 ? null : snapshot;
  }

  /** The server confirmed an explicit action (Mark Complete, Reset) or the page loaded: that is now the saved value. */
  acceptServerState(saved: SavedProgress, position = saved.lastPosition) {
    this.clearDebounce();
    this.saved = { ...saved };
    this.savedClientTime = this.lastClientTime;
    this.sent = { progress: saved.progress, completed: saved.completed, clientTime: this.lastClientTime };
    this.position = position;
    this.lastMark = Math.floor(position / PROGRESS_RULES.forcedEverySeconds);
    this.emit();
  }

  dispose() {
    this.clearDebounce();
    this.disposed = true;
  }

  private track(position: number, duration: number): boolean {
    if (!Number.isFinite(position) || !Number.isFinite(duration) || duration <= 0) return false;
    this.position = Math.min(Math.max(0, position), duration);
    this.duration = duration;
    return true;
  }

  private percent() {
    return percentOf(this.position, this.duration);
  }

  private snapshot(): ProgressSnapshot {
    const progress = this.percent();
    return {
      progress,
      lastPosition: Math.round(this.position * 10) / 10,
      completed: this.saved.completed || reachesCompletion(progress),
      clientTime: this.nextClientTime(),
    };
  }

  /** Moved by 2 points or more since the last save, or just crossed into completed. */
  private worthSaving(): boolean {
    const percent = this.percent();
    return changedEnough(this.sent.progress, percent) || (!this.sent.completed && reachesCompletion(percent));
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
    const previous = this.sent;
    this.sent = { progress: snapshot.progress, completed: this.sent.completed || snapshot.completed, clientTime: snapshot.clientTime };
    this.inFlight += 1;
    this.emit();
    try {
      await this.saveFn(snapshot, reason);
      if (snapshot.clientTime > this.savedClientTime) {
        this.savedClientTime = snapshot.clientTime;
        this.saved = {
          progress: this.saved.completed ? Math.max(this.saved.progress, snapshot.progress) : snapshot.progress,
          lastPosition: snapshot.lastPosition,
          completed: this.saved.completed || snapshot.completed,
        };
      }
    } catch {
      // not saved: measure the next change from what was saved before, so the next trigger retries
      if (this.sent.clientTime === snapshot.clientTime) this.sent = previous;
    } finally {
      this.inFlight -= 1;
      this.emit();
    }
  }

  private clearDebounce() {
    if (this.debounce !== null) {
      this.clock.clearTimeout(this.debounce);
      this.debounce = null;
    }
  }

  private emit() {
    this.onChange?.(this.state);
  }
}
