// The zod-free terms of notes (limits, messages): the player reads them without downloading zod.

import { groupDigits } from './no-intl';

/** How many notes one learner may keep (bookmarks included). */
export const NOTES_MAX = 2_000;
/** The longest note, in characters. */
export const NOTE_BODY_MAX = 5_000;

export const NOTES_FULL_MESSAGE = `You can keep up to ${groupDigits(NOTES_MAX)} notes: delete one to add another`;
export const NOTE_TOO_LONG_MESSAGE = `A note can be at most ${groupDigits(NOTE_BODY_MAX)} characters`;
export const NOTE_NOT_FOUND_MESSAGE = 'Note not found';

/** A position in words as the player shows it: "0:09", "4:05", "1:02:03". */
export function noteTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(s % 60)}` : `${minutes}:${pad(s % 60)}`;
}
