import type { NoteListItem } from '@catalyst/contracts';
import { noteTime } from '@catalyst/contracts/notes-terms';
import { lessonPath, productPath } from '@catalyst/web-kit';
import { accountStrings, type AccountText } from '../i18n/en';

/** Where a note's second plays: its lesson (`?t=` the second) or its video's page. */
export function notePlace(note: NoteListItem): string {
  const key = note.product?.slug ?? note.productId;
  return note.lessonId
    ? `${lessonPath(key, note.lessonId)}?t=${note.seconds}`
    : productPath({ _id: note.productId, productId: note.product?.productId });
}

/** The title a note's product goes under (a product no longer listed keeps its notes under this). */
export const productTitleOf = (note: NoteListItem, t: AccountText = accountStrings.t) =>
  note.product?.title ?? t('notes.unlisted');

/**
 * The notes as one Markdown file: a heading per product, each note a list item with its time (a link to that
 * second on `origin`) and its text as written (a bookmark says so).
 */
export function notesMarkdown(
  notes: readonly NoteListItem[],
  origin: string,
  t: AccountText = accountStrings.t,
): string {
  const byProduct = new Map<string, NoteListItem[]>();
  for (const note of notes) byProduct.set(note.productId, [...(byProduct.get(note.productId) ?? []), note]);
  const sections = [...byProduct.values()].map((group) => {
    const sorted = [...group].sort(
      (a, b) => (a.lessonId ?? '').localeCompare(b.lessonId ?? '') || a.seconds - b.seconds,
    );
    const items = sorted.map((note) => {
      const text =
        note.body.trim() === '' ? `_${t('notes.bookmark')}_` : note.body.trim().replace(/\n/g, '\n  ');
      return `- [${noteTime(note.seconds)}](${origin}${notePlace(note)}) ${text}`;
    });
    return `## ${productTitleOf(group[0]!, t)}\n\n${items.join('\n')}`;
  });
  return `# ${t('notes.title')}\n\n${sections.join('\n\n')}\n`;
}
