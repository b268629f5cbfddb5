import { startTransition, useCallback, useEffect, useState } from 'react';

export interface ApiData<T> {
  data: T | undefined;
  error: Error | null;
  isLoading: boolean;
  /** Fetches again (e.g. a Try Again button). */
  reload: () => void;
}

/** What useApiData needs of a declared endpoint (any `Endpoint<R>`): the call, and the address of a call. */
export interface ReadableEndpoint {
  (input: never, options?: never): Promise<unknown>;
  url(input: never): string;
}
type InputOf<E extends ReadableEndpoint> = Parameters<E['url']>[0];

/** The answer of one call: which call (address, input, reload count, endpoint) and what it answered. */
interface Settled<T> {
  call: string;
  endpoint: ReadableEndpoint;
  data: T | undefined;
  error: Error | null;
}

/**
 * Reads a declared endpoint (`useApiData(api.product.top, { query: { limit: 8 } })`; skipped while the
 * input is null) and follows it: a new input fetches again and answers of superseded requests are dropped.
 */
export function useApiData<E extends ReadableEndpoint>(
  endpoint: E,
  input?: InputOf<E> | null,
): ApiData<Awaited<ReturnType<E>>> {
  type T = Awaited<ReturnType<E>>;
  const skipped = input === null;
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [version, setVersion] = useState(0);
  // The call's address names it: the same address is the same read.
  const key = skipped ? null : endpoint.url(input as never);
  const inputKey = JSON.stringify(input ?? null);
  const call = key === null ? null : JSON.stringify([key, inputKey, version]);

  // A skipped read forgets its last answer, so the next read starts without one.
  if (skipped && settled !== null) setSettled(null);

  useEffect(() => {
    if (call === null) return;
    const controller = new AbortController();
    (endpoint as unknown as (input: unknown, options: { signal: AbortSignal }) => Promise<T>)(
      JSON.parse(inputKey) ?? undefined,
      { signal: controller.signal },
    )
      .then((data) => {
        // The answer renders as a transition: React yields to the browser every few milliseconds while it
        // renders a long list, instead of blocking the page (and its input) for the whole render.
        if (!controller.signal.aborted)
          startTransition(() => setSettled({ call, endpoint, data, error: null }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({
          call,
          endpoint,
          data: undefined,
          error: error instanceof Error ? error : new Error(String(error)),
        });
      });
    return () => controller.abort();
  }, [call, inputKey, endpoint]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  if (call === null) return { data: undefined, error: null, isLoading: false, reload };
  if (settled?.call === call && settled.endpoint === endpoint)
    return { data: settled.data, error: settled.error, isLoading: false, reload };
  // While a new call is on its way the last answer's data stays on the page.
  return { data: settled?.data, error: null, isLoading: true, reload };
}
