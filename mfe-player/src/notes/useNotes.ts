import { useState } from 'react';
import type { Note } from '@catalyst/contracts';
import { api, useApiData } from '@catalyst/web-kit';

/** A new note's id, chosen here: sent again (a lost answer, a retry) it is stored once. */
export function newNoteId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a lesson's (or a video's) notes offer the page: the list in time order and the writes. */
export interface LessonNotes {
  /** In time order; undefined while the first read is on its way (or when it failed). */
  items: readonly Note[] | undefined;
  error: Error | null;
  reload: () => void;
  /** `id` is the draft's (newNoteId): Save pressed again after a failure stores the note once. */
  add: (id: string, seconds: number, body: string) => Promise<Note>;
  edit: (id: string, body: string) => Promise<Note>;
  remove: (id: string) => Promise<void>;
}

const inTimeOrder = (notes: Note[]) =>
  notes.sort((a, b) => a.seconds - b.seconds || a.createdAt.localeCompare(b.createdAt));

/** The caller's notes on a product (and lesson); `enabled` false reads nothing (visitors, locked lessons). */
export function useNotes(productId: string, lessonId: string | null, enabled: boolean): LessonNotes {
  const key = `${productId}:${lessonId ?? ''}`;
  const read = useApiData(
    api.note.listNotes,
    enabled ? { query: { productId, ...(lessonId ? { lessonId } : {}), limit: 500 } } : null,
  );
  // The writes since the read, kept for the lesson they were made in.
  const [local, setLocal] = useState<{ key: string; items: Note[] } | null>(null);
  const items = local?.key === key ? local.items : read.data?.items;
  const change = (next: (items: Note[]) => Note[]) =>
    setLocal((current) => ({
      key,
      items: inTimeOrder(next([...(current?.key === key ? current.items : (read.data?.items ?? []))])),
    }));

  return {
    items,
    error: read.error,
    reload: read.reload,
    async add(id, seconds, body) {
      const note = await api.note.createNote({
        body: { id, productId, lessonId, seconds: Math.floor(seconds), body },
      });
      change((all) => [...all.filter((n) => n.id !== note.id), note]);
      return note;
    },
    async edit(id, body) {
      const note = await api.note.updateNote({ params: { id }, body: { body } });
      change((all) => all.map((n) => (n.id === id ? note : n)));
      return note;
    },
    async remove(id) {
      await api.note.deleteNote({ params: { id } });
      change((all) => all.filter((n) => n.id !== id));
    },
  };
}
