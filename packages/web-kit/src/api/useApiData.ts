import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Endpoint } from './endpoints';

export interface ApiData<T> {
  data: T | undefined;
  error: Error | null;
  isLoading: boolean;
  /** Fetches again (e.g. a Try Again button). */
  reload: () => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEndpoint = Endpoint<any>;
type InputOf<E extends AnyEndpoint> = Parameters<E['url']>[0];

/**
 * Reads a declared endpoint (`useApiData(api.product.top, { query: { limit: 8 } })`; skipped while the
 * input is null) and follows it: a new input fetches again and answers of superseded requests are dropped.
 */
export function useApiData<E extends AnyEndpoint>(
  endpoint: E,
  input?: InputOf<E> | null,
): ApiData<Awaited<ReturnType<E>>> {
  type T = Awaited<ReturnType<E>>;
  const skipped = input === null;
  const [state, setState] = useState<{ data: T | undefined; error: Error | null; isLoading: boolean }>({
    data: undefined,
    error: null,
    isLoading: !skipped,
  });
  const [version, setVersion] = useState(0);
  // The call's address names it: the same address is the same read.
  const key = skipped ? null : endpoint.url(input);
  const inputKey = JSON.stringify(input ?? null);

  useEffect(() => {
    if (key === null) {
      setState({ data: undefined, error: null, isLoading: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: null, isLoading: true }));
    (endpoint as unknown as (input: unknown, options: { signal: AbortSignal }) => Promise<T>)(
      JSON.parse(inputKey) ?? undefined,
      { signal: controller.signal },
    )
      .then((data) => {
        // The answer renders as a transition: React yields to the browser every few milliseconds while it
        // renders a long list, instead of blocking the page (and its input) for the whole render.
        if (!controller.signal.aborted)
          startTransition(() => setState({ data, error: null, isLoading: false }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          data: undefined,
          error: error instanceof Error ? error : new Error(String(error)),
          isLoading: false,
        });
      });
    return () => controller.abort();
    // The key and the input stand for the call; the endpoint object is stable per client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, inputKey, version, endpoint]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
