import { useCallback, useEffect, useRef, useState } from 'react';
import type { Progress } from '@catalyst/contracts';
import { api, isPassingFailure, isPremiumRequired, retryDelay } from '@catalyst/web-kit';
import { progressFailureMessage, type ProgressAction } from './messages';
import { ProgressPolicy, type PolicyState, type ProgressSnapshot } from './policy';
import { sendUnloadSave } from './unloadSave';

/** A progress call that failed: what the learner was doing, a message for them, and the error itself. */
export interface ProgressFailure {
  action: ProgressAction;
  message: string;
  error: unknown;
}

export interface ProductProgress {
  /** Live state of the policy; null until the saved progress has loaded. */
  state: PolicyState | null;
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
  /** Loads the saved progress again (after a failed load). */
  reload: () => void;
  /** Sends a failed save now instead of at its next retry. */
  retrySave: () => void;
}

/**
 * The saved progress of one product, the policy that decides when to save (and retries a failed save),
 * and the unload save when the page (or this product) is left.
 */
export function useProductProgress(productId: string | null): ProductProgress {
  const [state, setState] = useState<PolicyState | null>(null);
  const [resumeAt, setResumeAt] = useState<number | null>(null);
  const [failure, setFailure] = useState<ProgressFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [loads, setLoads] = useState(0);
  const loadFailures = useRef(0);
  const policyRef = useRef<ProgressPolicy | null>(null);
  // the video may report its length before the saved progress has loaded
  const mediaDuration = useRef(0);

  useEffect(() => {
    // a failed load keeps saying so while it is tried again
    setState(null);
    setResumeAt(null);
    if (!productId) return;
    const controller = new AbortController();
    let policy: ProgressPolicy | null = null;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;

    const leave = () => {
      const snapshot = policy?.leave();
      if (snapshot && productId) sendUnloadSave(productId, snapshot);
    };
    // the connection came back: a waiting save goes at once
    const online = () => policy?.retryNow();

    api.progress
      .getForProduct({ params: { id: productId } }, { signal: controller.signal })
      .then((saved) => {
        if (controller.signal.aborted) return;
        policy = new ProgressPolicy({
          initial: { progress: saved.progress, lastPosition: saved.lastPosition, furthestPosition: saved.furthestPosition, completed: saved.completed },
          save: (snapshot: ProgressSnapshot) => api.progress.update({ params: { id: productId }, body: snapshot }),
          isRetryable: isPassingFailure,
          onChange: setState,
        });
        policyRef.current = policy;
        policy.durationKnown(mediaDuration.current);
        loadFailures.current = 0;
        setFailure(null);
        setResumeAt(saved.lastPosition);
        setState(policy.state);
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
    window.addEventListener('online', online);
    return () => {
      controller.abort();
      clearTimeout(reloadTimer);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('online', online);
      // leaving the page inside the app (another route or product) saves the same way as closing it
      leave();
      policyRef.current = null;
    };
  }, [productId, loads]);

  const onDuration = useCallback((duration: number) => {
    mediaDuration.current = duration;
    policyRef.current?.durationKnown(duration);
  }, []);
  const onTimeUpdate = useCallback((position: number, duration: number) => policyRef.current?.timeUpdate(position, duration), []);
  const onPause = useCallback((position: number, duration: number) => policyRef.current?.pause(position, duration), []);
  const onSeeked = useCallback((position: number, duration: number) => policyRef.current?.seeked(position, duration), []);
  const onEnded = useCallback((duration: number) => policyRef.current?.ended(duration), []);

  const act = useCallback(
    async (action: 'complete' | 'reset', position: number): Promise<boolean> => {
      const policy = policyRef.current;
      if (!productId || !policy) return false;
      setBusy(true);
      setFailure(null);
      try {
        const saved = await api.progress[action]({ params: { id: productId }, body: { clientTime: policy.nextClientTime() } });
        policy.acceptServerState(
          { progress: saved.progress, lastPosition: saved.lastPosition, furthestPosition: saved.furthestPosition, completed: saved.completed },
          position,
        );
        return true;
      } catch (e) {
        setFailure({ action, message: progressFailureMessage(action, e), error: e });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [productId],
  );

  const markComplete = useCallback(async (position: number) => void (await act('complete', position)), [act]);
  const reset = useCallback(() => act('reset', 0), [act]);
  const reload = useCallback(() => setLoads((n) => n + 1), []);
  const retrySave = useCallback(() => policyRef.current?.retryNow(), []);

  return {
    state,
    resumeAt,
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
    reload,
    retrySave,
  };
}
