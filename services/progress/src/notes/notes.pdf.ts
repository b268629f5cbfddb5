// A learner's notes as a printable PDF (GET /notes/export/pdf): A4 portrait, a heading per course, then each
// note's lesson and time and its text as written (Markdown source, as the Markdown export keeps it; a
// bookmark says so), page after page. Text is drawn with the certificates' fonts and wrapping
// (certificates/pdf-text.ts): letters the standard fonts lack are drawn in DejaVu.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { noteTime } from '@catalyst/contracts/notes-terms';
import type { Language } from '@catalyst/contracts/languages';
import { progressTexts } from '../i18n/en';
import {
  draw,
  drawable,
  fontChooser,
  formatPdfDate,
  hex,
  rightToLeftLine,
  widthOf,
  wrap,
  type TextStyle,
} from '../certificates/pdf-text';

/** A4 portrait, in points. */
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const INDIGO = hex('#3730a3');
const MUTED = hex('#475569');
const RULE = hex('#cbd5e1');

/** One note as the PDF lists it. */
export interface PdfNote {
  /** The lesson's title; null for a single video's note. */
  lessonTitle: string | null;
  seconds: number;
  /** The Markdown the learner wrote; empty for a bookmark. */
  body: string;
}

/** A course (or video) and its notes, in the order they are listed. */
export interface PdfNoteGroup {
  title: string;
  notes: readonly PdfNote[];
}

export interface NotesPdfOptions {
  siteName: string;
  /** Whose notes (the document's author). */
  learnerName: string;
  /** When they were exported (the document's dates and the line under the title). */
  exportedAt: Date;
  /** The search the notes were exported under, if any. */
  q?: string;
  /** The language of its own words and dates: the learner's. */
  language?: Language;
}

/** A word wider than the line is cut into pieces that fit (a long link), so nothing runs off the page. */
function fitWords(text: string, style: TextStyle, maxWidth: number): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => {
      if (widthOf(word, style) <= maxWidth) return [word];
      const pieces: string[] = [];
      let piece = '';
      for (const ch of word) {
        if (piece && widthOf(piece + ch, style) > maxWidth) {
          pieces.push(piece);
          piece = '';
        }
        piece += ch;
      }
      return piece ? [...pieces, piece] : pieces;
    })
    .join(' ');
}

/**
 * Lines of `text` at `style` within `maxWidth`: its own line breaks kept, every line wrapped, each letter one
 * the style's font can draw.
 */
const linesOf = (text: string, style: TextStyle, maxWidth: number): string[] =>
  text.split(/\r?\n/).flatMap((paragraph) => {
    const drawn = drawable(style.font, paragraph);
    return drawn.trim() === '' ? [''] : wrap(fitWords(drawn, style, maxWidth), style, maxWidth, Infinity);
  });

/** Renders the notes; the same notes at the same time render to the same bytes. */
export async function renderNotesPdf(
  groups: readonly PdfNoteGroup[],
  { siteName, learnerName, exportedAt, q, language = 'en' }: NotesPdfOptions,
): Promise<Uint8Array> {
  const t = (key: keyof typeof progressTexts.english, values?: Record<string, string | number>) =>
    progressTexts.t(language, key, values);
  const formatDate = (date: Date) => formatPdfDate(date, language);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const [sans, sansBold, sansItalic] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.HelveticaOblique),
  ]);
  const count = groups.reduce((n, group) => n + group.notes.length, 0);
  const bodies = groups.flatMap((group) => group.notes.map((note) => note.body));
  const headings = groups.flatMap((group) => [group.title, ...group.notes.map((n) => n.lessonTitle ?? '')]);
  const fontFor = fontChooser(doc, JSON.stringify([siteName, learnerName, q ?? '', headings, bodies]));
  // One after another, so the same notes embed their fonts in the same order.
  const bodyFont: PDFFont = await fontFor(sans, 'sans', ...bodies, q ?? '', learnerName);
  const headingFont: PDFFont = await fontFor(sansBold, 'sansBold', ...headings, siteName);
  // Its own words: the standard fonts draw English, Spanish and German; Arabic takes DejaVu Sans.
  const title = t('notes.title');
  const titleFont = await fontFor(sansBold, 'sansBold', title);
  const italicFont = await fontFor(sansItalic, 'sans', t('notes.empty'), t('notes.bookmark'));
  const aboutFont = await fontFor(bodyFont, 'sans', t('notes.aboutMatching'), formatDate(exportedAt));

  doc.setTitle(`${title} · ${siteName}`, { showInWindowTitleBar: true });
  doc.setAuthor(learnerName);
  doc.setSubject(t('notes.subject', { count, date: formatDate(exportedAt) }));
  doc.setCreator(siteName);
  doc.setProducer(siteName);
  doc.setLanguage(language);
  doc.setCreationDate(exportedAt);
  doc.setModificationDate(exportedAt);

  const width = PAGE_WIDTH - 2 * MARGIN;
  let page: PDFPage = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  /** Room for `height` more points on this page, else a new page. */
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN;
  };
  const line = (text: string, style: TextStyle, gap: number) => {
    room(style.size + gap);
    y -= style.size;
    // A line whose first letter is Arabic is laid out right to left (pdf-text's rightToLeftLine).
    draw(page, rightToLeftLine(text), MARGIN, y, style);
    y -= gap;
  };

  line(title, { font: titleFont, size: 22, color: INDIGO }, 8);
  // The count as the language writes it (en: 1,234), its plural form chosen by the number.
  const notes = t('notes.count', { count: count.toLocaleString(language === 'en' ? 'en-US' : language) });
  const about = q
    ? t('notes.aboutMatching', { notes, q, siteName, date: formatDate(exportedAt) })
    : t('notes.about', { notes, siteName, date: formatDate(exportedAt) });
  for (const text of linesOf(about, { font: aboutFont, size: 10 }, width))
    line(text, { font: aboutFont, size: 10, color: MUTED }, 4);
  if (count === 0) line(t('notes.empty'), { font: italicFont, size: 11, color: MUTED }, 4);

  const heading: TextStyle = { font: headingFont, size: 14, color: INDIGO };
  const place: TextStyle = { font: headingFont, size: 9.5, color: MUTED };
  const body: TextStyle = { font: bodyFont, size: 10.5 };
  for (const group of groups) {
    y -= 14;
    const titleLines = linesOf(group.title, heading, width);
    room(titleLines.length * 18 + 40); // a heading never ends a page
    titleLines.forEach((text) => line(text, heading, 4));
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.6, color: RULE });
    y -= 8;
    for (const note of group.notes) {
      const where = note.lessonTitle
        ? `${note.lessonTitle} · ${noteTime(note.seconds)}`
        : noteTime(note.seconds);
      y -= 6;
      room(place.size + body.size + 8);
      linesOf(where, place, width).forEach((text) => line(text, place, 3));
      if (note.body.trim() === '')
        line(t('notes.bookmark'), { font: italicFont, size: 10.5, color: MUTED }, 3);
      else linesOf(note.body.trim(), body, width).forEach((text) => line(text, body, 3.5));
    }
  }

  return doc.save({ useObjectStreams: false });
}
