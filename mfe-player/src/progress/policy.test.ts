import { beforeEach, describe, expect, it } from 'vitest';
import { ApiRequestError, isPassingFailure } from '@catalyst/web-kit';
import {
  ProgressPolicy,
  changedEnough,
  percentOf,
  reachesCompletion,
  restorePosition,
  type PolicyClock,
  type ProgressSnapshot,
  type SaveReason,
} from './policy';

/** A clock whose time only moves when the test says so. */
class FakeClock implements PolicyClock {
  time = 1_700_000_000_000;
  private timers = new Map<number, { at: number; callback: () => void }>();
  private nextId = 1;
  now() {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number) {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }
  advance(ms: number) {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = until;
  }
  get pending() {
    return this.timers.size;
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let clock: FakeClock;
let saves: { snapshot: ProgressSnapshot; reason: SaveReason }[];
let policy: ProgressPolicy;
const DURATION = 200; // seconds: 1 % = 2 s

function makePolicy(
  initial?: { progress: number; lastPosition: number; completed: boolean },
  save?: (s: ProgressSnapshot) => Promise<unknown>,
) {
  policy = new ProgressPolicy({
    clock,
    initial,
    isRetryable: isPassingFailure,
    save: async (snapshot, reason) => {
      saves.push({ snapshot, reason });
      if (save) await save(snapshot);
    },
  });
  policy.acceptServerState(initial ?? { progress: 0, lastPosition: 0, completed: false });
  return policy;
}

/** Plays from..to seconds with a timeupdate every 250 ms, advancing the clock alongside. */
function play(from: number, to: number) {
  for (let t = from; t <= to + 1e-9; t += 0.25) {
    policy.timeUpdate(t, DURATION);
    clock.advance(250);
  }
}

beforeEach(() => {
  clock = new FakeClock();
  saves = [];
});

describe('the pure rules', () => {
  it('rounds the percentage of position over duration, clamped to 0–100', () => {
    expect(percentOf(0, 200)).toBe(0);
    expect(percentOf(2.9, 200)).toBe(1); // 1.45 → 1
    expect(percentOf(3, 200)).toBe(2); // 1.5 → 2
    expect(percentOf(199, 200)).toBe(100); // 99.5 → 100
    expect(percentOf(250, 200)).toBe(100);
    expect(percentOf(10, 0)).toBe(0);
    expect(percentOf(10, Number.NaN)).toBe(0);
    expect(percentOf(10, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('completes at 90 percent or more', () => {
    expect(reachesCompletion(89)).toBe(false);
    expect(reachesCompletion(90)).toBe(true);
    expect(reachesCompletion(100)).toBe(true);
  });

  it('skips a change under 2 points', () => {
    expect(changedEnough(10, 11)).toBe(false);
    expect(changedEnough(10, 12)).toBe(true);
    expect(changedEnough(10, 8)).toBe(true);
    expect(changedEnough(10, 9)).toBe(false);
  });

  it('restores the saved position, or the start when it was left at the end', () => {
    expect(restorePosition(42.5, 200)).toBe(42.5);
    expect(restorePosition(0, 200)).toBe(0);
    expect(restorePosition(199.5, 200)).toBe(0);
    expect(restorePosition(-3, 200)).toBe(0);
    expect(restorePosition(42.5, Number.NaN)).toBe(42.5);
  });
});

describe('saving while playing', () => {
  it('saves 2 seconds after the last time update, not before', () => {
    makePolicy();
    policy.timeUpdate(6, DURATION); // 3 %
    clock.advance(1_999);
    expect(saves).toHaveLength(0);
    clock.advance(1);
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({
      reason: 'debounce',
      snapshot: { progress: 3, lastPosition: 6, completed: false },
    });
  });

  it('restarts the debounce on every time update', () => {
    makePolicy();
    policy.timeUpdate(6, DURATION);
    clock.advance(1_500);
    policy.timeUpdate(6.5, DURATION);
    clock.advance(1_500);
    expect(saves).toHaveLength(0);
    clock.advance(500);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.snapshot.lastPosition).toBe(6.5);
  });

  it('does not even schedule a save for a change under 2 points', () => {
    makePolicy();
    policy.timeUpdate(2.9, DURATION); // 1 %
    expect(policy.state.saving).toBe(false);
    clock.advance(5_000);
    expect(saves).toHaveLength(0);
  });

  it('forces a save at every whole 10 seconds of playback, despite the debounce', () => {
    makePolicy();
    play(0, 35); // continuous playback: the debounce never settles
    expect(saves.map((s) => [s.reason, s.snapshot.lastPosition])).toEqual([
      ['interval', 10],
      ['interval', 20],
      ['interval', 30],
    ]);
  });

  it('skips a forced save when the percentage moved under 2 points', () => {
    clock = new FakeClock();
    makePolicy();
    const long = 1_000; // 10 s = 1 %
    for (let t = 0; t <= 30; t += 0.25) {
      policy.timeUpdate(t, long);
      clock.advance(250);
    }
    // at 10 s: 1 % (skipped); at 20 s: 2 % (saved); at 30 s: 3 % vs 2 % (skipped)
    expect(saves.map((s) => s.snapshot.lastPosition)).toEqual([20]);
  });

  it("shows 'Saving...' while a save is scheduled or in flight, and not once it landed", async () => {
    let land!: () => void;
    makePolicy(undefined, () => new Promise<void>((resolve) => (land = resolve)));
    policy.timeUpdate(8, DURATION);
    expect(policy.state.saving).toBe(true);
    clock.advance(2_000);
    expect(policy.state.saving).toBe(true); // in flight
    land();
    await flush();
    expect(policy.state.saving).toBe(false);
    expect(policy.state.saved).toEqual({
      progress: 4,
      lastPosition: 8,
      furthestPosition: 8,
      completed: false,
    });
  });

  it('keeps a failed save unsaved and sends the newer position on the next trigger', async () => {
    let fail = true;
    makePolicy(undefined, async () => {
      if (fail) throw new Error('offline');
    });
    policy.timeUpdate(8, DURATION);
    clock.advance(2_000);
    await flush();
    expect(policy.state.saved.progress).toBe(0);
    fail = false;
    policy.pause(9, DURATION);
    await flush();
    expect(saves.map((s) => s.reason)).toEqual(['debounce', 'pause']);
    expect(policy.state.saved).toMatchObject({ progress: 5, lastPosition: 9 });
  });

  it('gives every save a strictly increasing client time, even within one millisecond', () => {
    makePolicy();
    policy.pause(10, DURATION);
    policy.seeked(100, DURATION);
    policy.pause(20, DURATION);
    const times = saves.map((s) => s.snapshot.clientTime);
    expect(times[0]).toBe(clock.time);
    expect(times).toEqual([clock.time, clock.time + 1, clock.time + 2]);
  });
});

describe('pause, seek, end and leave', () => {
  it('saves on pause at once, cancelling the pending debounce', () => {
    makePolicy();
    policy.timeUpdate(9, DURATION);
    policy.pause(9.5, DURATION);
    expect(saves).toEqual([
      { reason: 'pause', snapshot: expect.objectContaining({ progress: 5, lastPosition: 9.5 }) },
    ]);
    clock.advance(10_000);
    expect(saves).toHaveLength(1);
  });

  it('saves on seek, backwards as well as forwards, and restarts the 10 s marks there', async () => {
    makePolicy({ progress: 50, lastPosition: 100, completed: false });
    policy.seeked(20, DURATION);
    // the position follows the viewer back; how far they got stays
    expect(saves[0]).toMatchObject({ reason: 'seek', snapshot: { progress: 50, lastPosition: 20 } });
    await flush();
    play(20.25, 29.75);
    expect(saves).toHaveLength(1); // no forced save for the mark the viewer landed in
    play(30, 30);
    expect(saves.map((s) => s.reason)).toEqual(['seek', 'interval']);
  });

  it('skips a pause or seek save under 2 points from the last save', async () => {
    makePolicy({ progress: 10, lastPosition: 20, completed: false });
    policy.pause(21, DURATION); // 10.5 → 11
    policy.seeked(18, DURATION); // 9
    expect(saves).toHaveLength(0);
  });

  it('marks the product completed at 100 when playback ends, whatever the last save', () => {
    makePolicy({ progress: 99, lastPosition: 198, completed: true });
    policy.ended(DURATION);
    expect(saves).toEqual([
      {
        reason: 'ended',
        snapshot: expect.objectContaining({ progress: 100, lastPosition: 200, completed: true }),
      },
    ]);
  });

  it('saves when the percentage reaches 90 even by 1 point, flags it completed, and never unflags it', async () => {
    makePolicy();
    policy.seeked(178, DURATION); // 89 %
    expect(saves.at(-1)!.snapshot.completed).toBe(false);
    await flush();
    policy.seeked(180, DURATION); // 90 %
    expect(saves.at(-1)!.snapshot).toMatchObject({ progress: 90, completed: true });
    await flush();
    policy.seeked(20, DURATION);
    expect(saves.at(-1)!.snapshot).toMatchObject({ progress: 90, lastPosition: 20, completed: true });
    expect(policy.state.completed).toBe(true);
  });

  it('hands the unsaved position to the unload save when the page is left, and stops its timers', () => {
    makePolicy();
    policy.timeUpdate(3, DURATION); // 1.5 → 2 %: scheduled
    const beacon = policy.leave();
    expect(beacon).toMatchObject({ progress: 2, lastPosition: 3, completed: false });
    expect(clock.pending).toBe(0);
    policy.timeUpdate(50, DURATION);
    clock.advance(20_000);
    expect(saves).toHaveLength(0);
  });

  it('sends even a small change on leaving, but nothing when the server already has it', async () => {
    makePolicy({ progress: 10, lastPosition: 20, completed: false });
    policy.timeUpdate(21, DURATION);
    expect(policy.leave()).toMatchObject({ progress: 11, lastPosition: 21 });

    makePolicy({ progress: 10, lastPosition: 20, completed: false });
    policy.pause(30, DURATION);
    await flush();
    expect(policy.leave()).toBeNull();
  });

  it('answers nothing on leaving before the video reported a duration', () => {
    makePolicy();
    expect(policy.leave()).toBeNull();
  });
});

describe('explicit actions and restore', () => {
  it('after Reset, counts changes from zero again', async () => {
    makePolicy({ progress: 100, lastPosition: 200, completed: true });
    policy.acceptServerState({ progress: 0, lastPosition: 0, completed: false }, 0);
    expect(policy.state).toMatchObject({
      progress: 0,
      completed: false,
      saved: { progress: 0, completed: false },
    });
    policy.seeked(2, DURATION); // 1 %: skipped
    expect(saves).toHaveLength(0);
    policy.seeked(4, DURATION);
    expect(saves[0]!.snapshot).toMatchObject({ progress: 2, completed: false });
  });

  it('after Mark Complete, keeps completed while the viewer watches on', async () => {
    makePolicy({ progress: 30, lastPosition: 60, completed: false });
    policy.acceptServerState({ progress: 100, lastPosition: 60, completed: true }, 60);
    policy.seeked(80, DURATION);
    expect(saves[0]!.snapshot).toMatchObject({ progress: 100, lastPosition: 80, completed: true });
    await flush();
    expect(policy.state.saved).toMatchObject({ progress: 100, completed: true, lastPosition: 80 });
  });

  it('never lets a slow older answer overwrite a newer saved value', async () => {
    const pending: (() => void)[] = [];
    makePolicy(undefined, () => new Promise<void>((resolve) => pending.push(resolve)));
    policy.pause(20, DURATION); // 10 %
    policy.seeked(60, DURATION); // 30 %
    pending[1]!();
    await flush();
    pending[0]!();
    await flush();
    expect(policy.state.saved).toMatchObject({ progress: 30, lastPosition: 60 });
  });
});

describe('two figures: how far the learner got, and where they were', () => {
  it('re-watching from the start saves the new position but never lowers the percentage shown or sent', async () => {
    makePolicy({ progress: 36, lastPosition: 72, completed: false });
    policy.seeked(0, DURATION);
    await flush();
    play(0.25, 8); // 4 %
    clock.advance(2_000);
    await flush();
    expect(saves.map((s) => s.snapshot)).toEqual([
      expect.objectContaining({ progress: 36, lastPosition: 0, completed: false }),
      expect.objectContaining({ progress: 36, lastPosition: 8 }),
    ]);
    expect(policy.state).toMatchObject({
      progress: 36,
      completed: false,
      saved: { progress: 36, lastPosition: 8 },
    });
    // playing past the furthest point moves the percentage on again
    policy.seeked(80, DURATION);
    expect(saves.at(-1)!.snapshot).toMatchObject({ progress: 40, lastPosition: 80 });
  });

  it('a saved position beyond the media’s end resumes at the start, without lowering anything or completing', async () => {
    const media = 30;
    policy = new ProgressPolicy({
      clock,
      initial: { progress: 36, lastPosition: 8758, completed: false },
      save: async (snapshot, reason) => void saves.push({ snapshot, reason }),
    });
    expect(restorePosition(8758, media)).toBe(0);
    for (let t = 0; t <= 4; t += 0.25) {
      policy.timeUpdate(t, media);
      clock.advance(250);
    }
    clock.advance(2_000);
    await flush();
    expect(saves.map((s) => s.snapshot)).toEqual([
      expect.objectContaining({ progress: 36, lastPosition: 4, completed: false }),
    ]);
    expect(policy.state).toMatchObject({ progress: 36, completed: false });
  });
});

describe('the video length before playback', () => {
  it('uses the length the video reported for the percentage and completion, without saving anything', () => {
    makePolicy({ progress: 40, lastPosition: 80, completed: false });
    expect(policy.state.duration).toBe(0);
    policy.durationKnown(DURATION);
    expect(policy.state).toMatchObject({
      duration: DURATION,
      progress: 40,
      furthest: 80,
      completed: false,
      saving: false,
    });
    expect(policy.leave()).toBeNull();
    expect(saves).toHaveLength(0);
  });
});

describe('a save that fails', () => {
  const offline = () => new ApiRequestError('Service unavailable', 503);

  it('says so, retries with backoff (2 s, 4 s, 8 s) and clears once one lands', async () => {
    let failing = true;
    makePolicy(undefined, async () => {
      if (failing) throw offline();
    });
    policy.pause(20, DURATION);
    await flush();
    expect(policy.state).toMatchObject({ saveFailed: true, saving: true });
    clock.advance(1_999);
    expect(saves).toHaveLength(1);
    clock.advance(1);
    await flush();
    expect(saves.map((s) => s.reason)).toEqual(['pause', 'retry']);
    clock.advance(3_999);
    expect(saves).toHaveLength(2);
    clock.advance(1);
    await flush();
    expect(saves).toHaveLength(3);
    failing = false;
    clock.advance(8_000);
    await flush();
    expect(saves.map((s) => s.snapshot.lastPosition)).toEqual([20, 20, 20, 20]);
    expect(policy.state).toMatchObject({
      saveFailed: false,
      saving: false,
      saved: { progress: 10, lastPosition: 20 },
    });
    clock.advance(60_000);
    expect(saves).toHaveLength(4);
  });

  it('retries with the newest position: a newer save replaces the pending retry', async () => {
    let failing = true;
    makePolicy(undefined, async () => {
      if (failing) throw offline();
    });
    policy.pause(20, DURATION);
    await flush();
    failing = false;
    policy.seeked(60, DURATION); // a newer position before the retry's turn
    await flush();
    clock.advance(60_000);
    await flush();
    expect(saves.map((s) => [s.reason, s.snapshot.lastPosition])).toEqual([
      ['pause', 20],
      ['seek', 60],
    ]);
    expect(policy.state).toMatchObject({ saveFailed: false, saved: { lastPosition: 60, progress: 30 } });
  });

  it('ignores the failure of an older save once a newer one was sent, and never sends the older value again', async () => {
    const pending: { resolve: () => void; reject: (e: unknown) => void }[] = [];
    makePolicy(undefined, () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })));
    policy.pause(20, DURATION);
    policy.seeked(60, DURATION);
    pending[1]!.resolve();
    await flush();
    pending[0]!.reject(offline());
    await flush();
    clock.advance(60_000);
    expect(saves).toHaveLength(2);
    expect(policy.state).toMatchObject({ saveFailed: false, saving: false, saved: { lastPosition: 60 } });
  });

  it('does not retry a refusal on its own (a 4xx), but still says the save failed', async () => {
    makePolicy(undefined, async () => {
      throw new ApiRequestError('Product not found', 404);
    });
    policy.pause(20, DURATION);
    await flush();
    expect(policy.state).toMatchObject({ saveFailed: true, saving: false });
    clock.advance(60_000);
    expect(saves).toHaveLength(1);
  });

  it('sends at once when asked (the connection is back), and hands the unsaved position to the unload save', async () => {
    let failing = true;
    makePolicy(undefined, async () => {
      if (failing) throw offline();
    });
    policy.pause(20, DURATION);
    await flush();
    failing = false;
    policy.retryNow();
    await flush();
    expect(saves.map((s) => s.reason)).toEqual(['pause', 'retry']);
    expect(policy.state.saveFailed).toBe(false);

    failing = true;
    policy.pause(40, DURATION);
    await flush();
    expect(policy.leave()).toMatchObject({ lastPosition: 40, progress: 20 });
    expect(clock.pending).toBe(0);
  });
});
