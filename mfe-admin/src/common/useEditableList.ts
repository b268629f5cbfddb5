import { useMemo, useState } from 'react';
import { useApiData, type ReadableEndpoint } from '@catalyst/web-kit';

/** The answer is the rows (a list that is not paged). */
const pickAll = <T>(data: unknown): T[] => (data as T[]) ?? [];

/**
 * A list loaded from the API that the page can change in place after a toggle or a delete. The rows are
 * worked out as the page renders, from the answer and the changes made to that answer: the render that
 * brings an answer shows its rows (never a moment of "no rows yet" between the answer and its rows), and
 * a new answer (a reload, another page) starts from its own rows again. `pick` is declared once, outside
 * the page's component: a new one picks the rows again.
 */
export function useEditableList<T extends { _id: string }>(
  read: ReadableEndpoint,
  input: unknown,
  pick: (data: unknown) => T[] = pickAll,
) {
  const { data, isLoading, error, reload } = useApiData(read, input as Parameters<typeof read.url>[0]);
  const answered = useMemo(() => (data === undefined ? [] : pick(data)), [data, pick]);
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
