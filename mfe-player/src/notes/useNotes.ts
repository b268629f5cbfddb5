import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Note } from '@catalyst/contracts';
import { byText } from '@catalyst/contracts/no-intl';
import { api, isApiRequestError, useApiData, useConnection, useSession } from '@catalyst/web-kit';
import { dropPending, keepPending, provisional, readPending } from './pendingNotes';

/** The server could not be reached (no connection): the call's status is 0. */
const notReached = (error: unknown) => isApiRequestError(error) && error.status === 0;

/** A new note's id, chosen here: sent again (a lost answer, a retry) it is stored once. */
export function newNoteId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A listed note; `pending` while it waits on this device for the connection. */
export type ListedNote = Note & { pending?: true };

/** What a lesson's (or a video's) notes offer the page: the list in time order and the writes. */
export interface LessonNotes {
  /** In time order; undefined while the first read is on its way (or when it failed). */
  items: readonly ListedNote[] | undefined;
  error: Error | null;
  reload: () => void;
  /**
   * `id` is the draft's (newNoteId): Save pressed again after a failure stores the note once. Offline, the note
   * is kept on this device and sent when the connection returns.
   */
  add: (id: string, seconds: number, body: string) => Promise<ListedNote>;
  edit: (id: string, body: string) => Promise<Note>;
  remove: (id: string) => Promise<void>;
}

const inTimeOrder = (notes: ListedNote[]) =>
  notes.sort((a, b) => a.seconds - b.seconds || byText(a.createdAt, b.createdAt));

/** The read of the caller's notes on a product (and lesson): the page's early read asks the same address. */
export const notesQuery = (productId: string, lessonId: string | null) => ({
  productId,
  ...(lessonId ? { lessonId } : {}),
  limit: 500,
});

/**
 * The caller's notes on a product (and lesson); `enabled` false reads nothing (visitors, locked lessons). The
 * same object until the notes (or the read's state) change: the page's other updates leave the panel memoised.
 */
export function useNotes(productId: string, lessonId: string | null, enabled: boolean): LessonNotes {
  const key = `${productId}:${lessonId ?? ''}`;
  const owner = useSession().user?._id ?? '';
  const { offline } = useConnection();
  const read = useApiData(api.note.listNotes, enabled ? { query: notesQuery(productId, lessonId) } : null);
  // The writes since the read, kept for the lesson they were made in.
  const [local, setLocal] = useState<{ key: string; items: ListedNote[] } | null>(null);
  // Notes kept on this device for this lesson (listed until the server has them).
  const [kept, setKept] = useState(() => readPending(owner));
  const base = local?.key === key ? local.items : read.data?.items;
  const items = useMemo(() => {
    if (!base) return undefined;
    const mine = kept.filter((n) => n.productId === productId && n.lessonId === lessonId);
    return inTimeOrder([...base, ...mine.filter((p) => !base.some((n) => n.id === p.id)).map(provisional)]);
  }, [base, kept, productId, lessonId]);
  const readItems = read.data?.items;
  const change = useCallback(
    (next: (items: ListedNote[]) => ListedNote[]) =>
      setLocal((current) => ({
        key,
        items: inTimeOrder(next([...(current?.key === key ? current.items : (readItems ?? []))])),
      })),
    [key, readItems],
  );

  // The connection is back: the notes kept on this device are sent (the same ids: stored once).
  useEffect(() => {
    if (!enabled || offline) return;
    const waiting = readPending(owner);
    if (waiting.length === 0) return;
    let stopped = false;
    void (async () => {
      for (const note of waiting) {
        if (stopped) return;
        try {
          const stored = await api.note.createNote({
            body: {
              id: note.id,
              productId: note.productId,
              lessonId: note.lessonId,
              seconds: note.seconds,
              body: note.body,
            },
          });
          dropPending(note.id);
          setKept(readPending(owner));
          if (`${stored.productId}:${stored.lessonId ?? ''}` === key)
            change((all) => [...all.filter((n) => n.id !== stored.id), stored]);
        } catch (error) {
          // still unreachable: the rest wait for the next return; a refusal keeps the note here, unsent
          if (notReached(error)) return;
        }
      }
    })();
    return () => {
      stopped = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sent once per return of the connection
  }, [enabled, offline, owner]);

  const add = useCallback(
    async (id: string, seconds: number, body: string): Promise<ListedNote> => {
      const draft = { id, productId, lessonId, seconds: Math.floor(seconds), body };
      try {
        const note = await api.note.createNote({ body: draft });
        change((all) => [...all.filter((n) => n.id !== note.id), note]);
        return note;
      } catch (error) {
        if (!notReached(error)) throw error;
        const pending = { ...draft, owner, createdAt: new Date().toISOString() };
        keepPending(pending);
        setKept(readPending(owner));
        return provisional(pending);
      }
    },
    [change, productId, lessonId, owner],
  );
  const edit = useCallback(
    async (id: string, body: string) => {
      const note = await api.note.updateNote({ params: { id }, body: { body } });
      change((all) => all.map((n) => (n.id === id ? note : n)));
      return note;
    },
    [change],
  );
  const remove = useCallback(
    async (id: string) => {
      await api.note.deleteNote({ params: { id } });
      change((all) => all.filter((n) => n.id !== id));
    },
    [change],
  );

  const { error, reload } = read;
  return useMemo(
    () => ({ items, error, reload, add, edit, remove }),
    [items, error, reload, add, edit, remove],
  );
}
