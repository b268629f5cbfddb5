import { useEffect, useState } from 'react';
import { useApiData, type Endpoint } from '@catalyst/web-kit';

/** A list loaded from the API that the page can change in place after a toggle or a delete. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useEditableList<T extends { _id: string }>(read: Endpoint<any>, input: unknown, pick: (data: unknown) => T[] = (data) => (data as T[]) ?? []) {
  const { data, isLoading, error, reload } = useApiData(read, input as Parameters<typeof read.url>[0]);
  const [items, setItems] = useState<T[]>([]);
  useEffect(() => {
    if (data !== undefined) setItems(pick(data));
    // `pick` is a pure selector; only new data should refill the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  return {
    items,
    data,
    isLoading,
    error,
    reload,
    replace: (item: T) => setItems((list) => list.map((existing) => (existing._id === item._id ? item : existing))),
    remove: (id: string) => setItems((list) => list.filter((existing) => existing._id !== id)),
  };
}
