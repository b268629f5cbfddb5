import { memo, useRef, useSyncExternalStore, type ComponentType } from 'react';
import type { PolicyState } from './policy';

/**
 * The policy's state as it changes: on every time update while a video plays (4 times a second), so it is read
 * by what shows it (the figure, the bar, the time left), not handed down from the page, which would render its
 * whole player column again each time.
 */
export interface LiveProgress {
  /** The newest state; null until the saved progress has loaded. The same object until it changes. */
  get(): PolicyState | null;
  subscribe(listener: () => void): () => void;
}

/** A live progress that the policy writes to (one per load of a target: another target's starts at null). */
export function liveProgress(): LiveProgress & { set(state: PolicyState | null): void } {
  let current: PolicyState | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(state) {
      current = state;
      for (const listener of listeners) listener();
    },
  };
}

/** What a page takes of the state: renders the page again only when that changes (`pick` answers a primitive). */
export const useLiveProgressOf = <T extends string | number | boolean>(
  live: LiveProgress,
  pick: (state: PolicyState | null) => T,
): T => useSyncExternalStore(live.subscribe, () => pick(live.get()));

/**
 * A component that shows the state (`state` prop), given the live progress instead: memoised, it renders for a
 * change of its other props or of what it shows of the state (`shown`: a key of it, from the state and the
 * props), never for its page's, nor for a time update that changes nothing it shows.
 */
export function withLiveProgress<P extends { state: PolicyState | null }>(
  Shown: ComponentType<P>,
  shown: (state: PolicyState | null, props: Omit<P, 'state'>) => string,
) {
  return memo(function ShownLive({ live, ...rest }: Omit<P, 'state'> & { live: LiveProgress }) {
    const props = rest as unknown as Omit<P, 'state'>;
    // the state the component was last given, kept while what it shows of the newest is the same
    const kept = useRef<{ key: string; state: PolicyState | null } | null>(null);
    const state = useSyncExternalStore(live.subscribe, () => {
      const next = live.get();
      const key = shown(next, props);
      if (kept.current?.key !== key) kept.current = { key, state: next };
      return kept.current.state;
    });
    return <Shown {...(props as P)} state={state} />;
  });
}
