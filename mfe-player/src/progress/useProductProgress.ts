import { useCallback, useEffect, useRef, useState } from 'react';
import type { Progress } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';
import { ProgressPolicy, type PolicyState, type ProgressSnapshot } from './policy';
import { sendUnloadSave } from './unloadSave';

export interface ProductProgress {
  /** Live state of the policy; null until the saved progress has loaded. */
  state: PolicyState | null;
  /** The saved position to resume from; null until known. */
  resumeAt: number | null;
  error: Error | null;
  /** Mark Complete / Reset in flight. */
  busy: boolean;
  onTimeUpdate: (position: number, duration: number) => void;
  onPause: (position: number, duration: number) => void;
  onSeeked: (position: number, duration: number) => void;
  onEnded: (duration: number) => void;
  markComplete: (position: number) => Promise<void>;
  /** Back to 0; the caller rewinds the video. */
  reset: () => Promise<void>;
}

const progressPath = (productId: string, action = '') => `/content/progress/product/${encodeURIComponent(productId)}${action}`;

/**
 * The saved progress of one product, the policy that decides when to save, and the unload save when
 * the page (or this product) is left.
 */
export function useProductProgress(productId: string | null): ProductProgress {
  const [state, setState] = useState<PolicyState | null>(null);
  const [resumeAt, setResumeAt] = useState<number | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const policyRef = useRef<ProgressPolicy | null>(null);

  useEffect(() => {
    setState(null);
    setResumeAt(null);
    setError(null);
    if (!productId) return;
    const controller = new AbortController();
    let policy: ProgressPolicy | null = null;

    const leave = () => {
      const snapshot = policy?.leave();
      if (snapshot && productId) sendUnloadSave(productId, snapshot);
    };

    api
      .get<Progress>(progressPath(productId), { signal: controller.signal })
      .then((saved) => {
        if (controller.signal.aborted) return;
        policy = new ProgressPolicy({
          initial: { progress: saved.progress, lastPosition: saved.lastPosition, completed: saved.completed },
          save: (snapshot: ProgressSnapshot) => api.patch(progressPath(productId), { body: snapshot }),
          onChange: setState,
        });
        policyRef.current = policy;
        setResumeAt(saved.lastPosition);
        setState(policy.state);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof Error ? e : new Error(String(e)));
      });

    window.addEventListener('pagehide', leave);
    return () => {
      controller.abort();
      window.removeEventListener('pagehide', leave);
      // leaving the page inside the app (another route or product) saves the same way as closing it
      leave();
      policyRef.current = null;
    };
  }, [productId]);

  const onTimeUpdate = useCallback((position: number, duration: number) => policyRef.current?.timeUpdate(position, duration), []);
  const onPause = useCallback((position: number, duration: number) => policyRef.current?.pause(position, duration), []);
  const onSeeked = useCallback((position: number, duration: number) => policyRef.current?.seeked(position, duration), []);
  const onEnded = useCallback((duration: number) => policyRef.current?.ended(duration), []);

  const act = useCallback(
    async (action: '/complete' | '/reset', position: number) => {
      const policy = policyRef.current;
      if (!productId || !policy) return;
      setBusy(true);
      setError(null);
      try {
        const saved = await api.patch<Progress>(progressPath(productId, action), { body: { clientTime: policy.nextClientTime() } });
        policy.acceptServerState({ progress: saved.progress, lastPosition: saved.lastPosition, completed: saved.completed }, position);
      } catch (e) {
        setError(e instanceof Error ? e : new Error(String(e)));
      } finally {
        setBusy(false);
      }
    },
    [productId],
  );

  const markComplete = useCallback((position: number) => act('/complete', position), [act]);
  const reset = useCallback(() => act('/reset', 0), [act]);

  return { state, resumeAt, error, busy, onTimeUpdate, onPause, onSeeked, onEnded, markComplete, reset };
}

