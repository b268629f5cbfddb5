import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { isPassingFailure, isPremiumRequired, retryDelay } from '@catalyst/web-kit';
import { progressFailureMessage, type ProgressAction } from './messages';
import { rememberLeftAt, takeLeftAt } from './leftAt';
import { liveProgress, useLiveProgressOf, type LiveProgress } from './liveProgress';
import { ProgressPolicy, type ProgressSnapshot, type SavedProgress } from './policy';
import { productTarget, type ProgressTarget } from './targets';
import { sendUnloadSave } from './unloadSave';

/** A progress call that failed: what the learner was doing, a message for them, and the error itself. */
export interface ProgressFailure {
  action: ProgressAction;
  message: string;
  error: unknown;
}

/** An explicit action on the saved progress (given the policy's next client time), answering the new saved value. */
export type ProgressRun = (clientTime: number) => Promise<SavedProgress>;

export interface TrackedProgress {
  /**
   * The policy's state as it changes (every time update): for what shows it (`withLiveProgress`), not for the
   * page, whose render it would repeat 4 times a second while a video plays.
   */
  live: LiveProgress;
  /** The saved progress has loaded (changes only then: the page renders again for it). */
  ready: boolean;
  /** Completed as far as this page knows (changes only when it does). */
  completed: boolean;
  /** The saved position to resume from; null until known. */
  resumeAt: number | null;
  /** The last load, Mark Complete or Reset that failed (cleared when it is tried again). */
  failure: ProgressFailure | null;
  /** True when the server refused the product for want of a plan (the page sends the learner to /subscription). */
  premiumRequired: boolean;
  /** Mark Complete / Reset in flight. */
  busy: boolean;
  onDuration: (duration: number) => void;
  onTimeUpdate: (position: number, duration: number) => void;
  onPause: (position: number, duration: number) => void;
  onSeeked: (position: number, duration: number) => void;
  onEnded: (duration: number) => void;
  markComplete: (position: number) => Promise<void>;
  /** Back to 0; answers whether it happened (the caller then rewinds the video). */
  reset: () => Promise<boolean>;
  /**
   * Another explicit action (a course's Mark complete or Reset): ordered by the same client clock as the
   * saves, so no save sent before it wins over it; answers whether it happened.
   */
  perform: (action: ProgressAction, run: ProgressRun, position: number) => Promise<boolean>;
  /** Loads the saved progress again (after a failed load). */
  reload: () => void;
  /** Sends a failed save now instead of at its next retry. */
  retrySave: () => void;
}

/**
 * The saved progress of one target (a product, or a lesson of a course), the policy that decides when to
 * save (and retries a failed save), and the unload save when the page (or this target) is left or hidden
 * (also kept in the tab, so a reload resumes where the learner was even before that save lands). A null
 * target tracks nothing (a visitor watching a free preview).
 */
export function useProgress(target: ProgressTarget | null): TrackedProgress {
  const [resumeAt, setResumeAt] = useState<number | null>(null);
  const [failure, setFailure] = useState<ProgressFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [loads, setLoads] = useState(0);
  const loadFailures = useRef(0);
  const policyRef = useRef<ProgressPolicy | null>(null);
  // the video may report its length before the saved progress has loaded
  const mediaDuration = useRef(0);
  // the target is named by its key: a new object for the same target changes nothing
  const targetRef = useRef(target);
  useLayoutEffect(() => {
    targetRef.current = target;
  });
  const key = target?.key ?? null;
  // what was loaded for which target, and which load of it: another target's figures are never shown for
  // this one, and a load tried again shows none until it answers (a failed load keeps saying so meanwhile)
  const load = JSON.stringify([key, loads]);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  // the policy's state of this load (a new load's starts empty): read by what shows it
  const [live, setLive] = useState(() => ({ load, store: liveProgress() }));
  if (live.load !== load) setLive({ load, store: liveProgress() });
  const store = live.store;
  const ready = useLiveProgressOf(store, (state) => state !== null);
  const completed = useLiveProgressOf(store, (state) => !!state?.completed);
  // another target: the last one's failure is not its own
  const [failureKey, setFailureKey] = useState(key);
  if (key !== failureKey) {
    setFailureKey(key);
    setFailure(null);
  }
  const effectKey = useRef<string | null>(null);

  useEffect(() => {
    // another target: its video reports its own length
    if (effectKey.current !== key) mediaDuration.current = 0;
    effectKey.current = key;
    const current = targetRef.current;
    if (!current) return;
    const controller = new AbortController();
    let policy: ProgressPolicy | null = null;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;

    // the position goes to the server (keepalive) and is kept in this tab, for a reload that asks before it lands
    const sendAway = (snapshot: ProgressSnapshot | null | undefined) => {
      if (!snapshot) return;
      rememberLeftAt(current.key, snapshot);
      sendUnloadSave(current.unloadUrl, snapshot);
    };
    const leave = () => sendAway(policy?.leave());
    // a hidden page may never show again (a phone discards it without pagehide): saved the same way
    const hidden = () => {
      if (document.visibilityState === 'hidden') sendAway(policy?.flush());
    };
    // the connection came back: a waiting save goes at once
    const online = () => policy?.retryNow();

    current
      .load(controller.signal)
      .then((saved) => {
        if (controller.signal.aborted) return;
        const created: ProgressPolicy = new ProgressPolicy({
          initial: saved,
          save: (snapshot) => current.save(snapshot),
          isRetryable: isPassingFailure,
          // a left target's last save may still answer: only the current policy speaks
          onChange: (next) => policyRef.current === created && store.set(next),
        });
        policy = created;
        policyRef.current = created;
        created.durationKnown(mediaDuration.current);
        // left moments ago (a reload) at a position newer than the server's: resumed there, and saved again
        const left = takeLeftAt(current.key, saved.updatedAt);
        if (left) created.resumeLeft(left);
        loadFailures.current = 0;
        setFailure(null);
        setLoadedFor(load);
        setResumeAt(left ? left.lastPosition : saved.lastPosition);
        store.set(created.state);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setFailure({ action: 'load', message: progressFailureMessage('load', e), error: e });
        // the service may be back in a moment: load again on its own (2 s doubling to 30 s)
        if (isPassingFailure(e)) {
          loadFailures.current += 1;
          reloadTimer = setTimeout(() => setLoads((n) => n + 1), retryDelay(loadFailures.current));
        }
      });

    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('online', online);
    return () => {
      controller.abort();
      clearTimeout(reloadTimer);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('online', online);
      // leaving the page inside the app (another route, product or lesson) saves the same way as closing it
      leave();
      policyRef.current = null;
    };
  }, [key, load, store]);

  const onDuration = useCallback((duration: number) => {
    mediaDuration.current = duration;
    policyRef.current?.durationKnown(duration);
  }, []);
  const onTimeUpdate = useCallback(
    (position: number, duration: number) => policyRef.current?.timeUpdate(position, duration),
    [],
  );
  const onPause = useCallback(
    (position: number, duration: number) => policyRef.current?.pause(position, duration),
    [],
  );
  const onSeeked = useCallback(
    (position: number, duration: number) => policyRef.current?.seeked(position, duration),
    [],
  );
  const onEnded = useCallback((duration: number) => policyRef.current?.ended(duration), []);

  const perform = useCallback(
    async (action: ProgressAction, run: ProgressRun, position: number): Promise<boolean> => {
      const policy = policyRef.current;
      if (!policy) return false;
      setBusy(true);
      setFailure(null);
      try {
        policy.acceptServerState(await run(policy.nextClientTime()), position);
        return true;
      } catch (e) {
        setFailure({ action, message: progressFailureMessage(action, e), error: e });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [],
  );

  const markComplete = useCallback(
    async (position: number) => {
      const current = targetRef.current;
      if (current) await perform('complete', (clientTime) => current.complete(clientTime), position);
    },
    [perform],
  );
  const reset = useCallback(async () => {
    const current = targetRef.current;
    return current ? perform('reset', (clientTime) => current.reset(clientTime), 0) : false;
  }, [perform]);
  const reload = useCallback(() => setLoads((n) => n + 1), []);
  const retrySave = useCallback(() => policyRef.current?.retryNow(), []);

  const loaded = loadedFor === load;
  return {
    live: store,
    ready,
    completed,
    resumeAt: loaded ? resumeAt : null,
    failure,
    premiumRequired: isPremiumRequired(failure?.error),
    busy,
    onDuration,
    onTimeUpdate,
    onPause,
    onSeeked,
    onEnded,
    markComplete,
    reset,
    perform,
    reload,
    retrySave,
  };
}

/** A single-video product's progress (the product page). */
export function useProductProgress(productId: string | null): TrackedProgress {
  const target = useMemo(() => (productId ? productTarget(productId) : null), [productId]);
  return useProgress(target);
}
