import { useMemo, useState } from 'react';
import { useApiData, type Endpoint } from '@catalyst/web-kit';

/**
 * A list loaded from the API that the page can change in place after a toggle or a delete. The rows are
 * worked out as the page renders, from the answer and the changes made to that answer: the render that
 * brings an answer shows its rows (never a moment of "no rows yet" between the answer and its rows), and
 * a new answer (a reload, another page) starts from its own rows again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useEditableList<T extends { _id: string }>(
  read: Endpoint<any>,
  input: unknown,
  pick: (data: unknown) => T[] = (data) => (data as T[]) ?? [],
) {
  const { data, isLoading, error, reload } = useApiData(read, input as Parameters<typeof read.url>[0]);
  // `pick` is a pure selector; only new data changes the rows it answers.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const answered = useMemo(() => (data === undefined ? [] : pick(data)), [data]);
  const [edited, setEdited] = useState<{ answer: unknown; items: T[] } | null>(null);
  /** The rows of this answer: as edited, or as it came. */
  const rowsOf = (state: typeof edited) => (state !== null && state.answer === data ? state.items : answered);
  const items = rowsOf(edited);
  const edit = (change: (list: T[]) => T[]) =>
    setEdited((current) => ({ answer: data, items: change(rowsOf(current)) }));
  return {
    items,
    data,
    isLoading,
    error,
    reload,
    replace: (item: T) =>
      edit((list) => list.map((existing) => (existing._id === item._id ? item : existing))),
    remove: (id: string) => edit((list) => list.filter((existing) => existing._id !== id)),
  };
}
