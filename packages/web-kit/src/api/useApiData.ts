import { useCallback, useEffect, useState } from 'react';
import { api as defaultApi, type ApiClient, type QueryValue } from './client';

export interface ApiData<T> {
  data: T | undefined;
  error: Error | null;
  isLoading: boolean;
  /** Fetches again (e.g. a Try Again button). */
  reload: () => void;
}

/**
 * GETs `path` (skipped while it is null) and follows it: a new path or query fetches again and
 * answers of superseded requests are dropped.
 */
export function useApiData<T>(path: string | null, query?: Record<string, QueryValue>, client: ApiClient = defaultApi): ApiData<T> {
  const [state, setState] = useState<{ data: T | undefined; error: Error | null; isLoading: boolean }>({
    data: undefined,
    error: null,
    isLoading: path !== null,
  });
  const [version, setVersion] = useState(0);
  const queryKey = JSON.stringify(query ?? {});

  useEffect(() => {
    if (path === null) {
      setState({ data: undefined, error: null, isLoading: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: null, isLoading: true }));
    client
      .get<T>(path, { query: JSON.parse(queryKey) as Record<string, QueryValue>, signal: controller.signal })
      .then((data) => {
        if (!controller.signal.aborted) setState({ data, error: null, isLoading: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ data: undefined, error: error instanceof Error ? error : new Error(String(error)), isLoading: false });
      });
    return () => controller.abort();
  }, [path, queryKey, version, client]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
