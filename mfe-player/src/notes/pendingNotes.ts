import type { Note } from '@catalyst/contracts';

/**
 * Notes saved while the server could not be reached: kept on this device (localStorage, per account) and
 * sent when the connection returns. Their ids are the client's, so one sent twice is stored once.
 */
export interface PendingNote {
  owner: string;
  id: string;
  productId: string;
  lessonId: string | null;
  seconds: number;
  body: string;
  createdAt: string;
}

const KEY = 'catalyst.pendingNotes';

export function readPending(owner: string): PendingNote[] {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) ?? '[]') as PendingNote[];
    return Array.isArray(all) ? all.filter((note) => note.owner === owner) : [];
  } catch {
    return [];
  }
}

function writeAll(change: (all: PendingNote[]) => PendingNote[]) {
  let all: PendingNote[] = [];
  try {
    all = JSON.parse(localStorage.getItem(KEY) ?? '[]') as PendingNote[];
  } catch {
    all = [];
  }
  localStorage.setItem(KEY, JSON.stringify(change(Array.isArray(all) ? all : [])));
}

export const keepPending = (note: PendingNote) =>
  writeAll((all) => [...all.filter((n) => n.id !== note.id), note]);
export const dropPending = (id: string) => writeAll((all) => all.filter((n) => n.id !== id));

/** How a kept note shows until the server has it: its text as written (no HTML is made on this device). */
export const provisional = (note: PendingNote): Note & { pending: true } => ({
  id: note.id,
  productId: note.productId,
  lessonId: note.lessonId,
  seconds: note.seconds,
  body: note.body,
  bodyHtml: '',
  createdAt: note.createdAt,
  updatedAt: note.createdAt,
  pending: true,
});
