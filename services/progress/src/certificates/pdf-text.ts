// What the progress service's PDFs (certificates, notes) draw text with: the standard fonts, or DejaVu (fonts/,
// its licence beside it) embedded as a subset when a learner's words hold letters the standard fonts lack
// (WinAnsi: Western European only), and the measuring, fitting and wrapping of text.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setCharacterSpacing,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import type { Language } from '@catalyst/contracts/languages';
import { formatDate } from '@catalyst/service-kit';

/** A colour from its #rrggbb. */
export const hex = (value: string): RGB =>
  rgb(
    parseInt(value.slice(1, 3), 16) / 255,
    parseInt(value.slice(3, 5), 16) / 255,
    parseInt(value.slice(5, 7), 16) / 255,
  );

/** A date as the PDFs print it: 9 March 2026 (UTC); in another language as it writes one (de: 9. März 2026). */
export const formatPdfDate = (date: string | Date, language: Language = 'en') =>
  language === 'en'
    ? new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(date))
    : // without the direction marks Intl puts in Arabic dates: each line's direction is set as a whole
      formatDate(language, new Date(date)).replace(/[\u200e\u200f\u061c]/g, '');

// An Arabic letter; a run of other letters (a Latin name, spaces and marks inside it); a number (12, 1.5, 2026).
const ARABIC_LETTER = '(?:(?=\\p{Script=Arabic})\\p{L})';
const OTHER_LETTER = `(?:(?!${ARABIC_LETTER})\\p{L})`;
const LEFT_TO_RIGHT_RUN = new RegExp(
  `${OTHER_LETTER}(?:(?:(?!${ARABIC_LETTER})\\P{N})*${OTHER_LETTER})?|\\p{N}(?:[.,:/]?\\p{N})*`,
  'gu',
);
// fontkit takes a line's direction from its first letter (digits and marks belong to no script).
const FIRST_LETTER = /\p{L}/u;

/**
 * A line of right-to-left text as the PDF must be given it. fontkit shapes an Arabic line's letters and lays the
 * whole line out backwards when its first letter is Arabic; so each run written left to right inside it (a
 * Latin name, a number, an address) is turned round first, and reads the right way once the line is.
 */
export function rightToLeftLine(text: string): string {
  const first = FIRST_LETTER.exec(text)?.[0];
  if (!first || !/\p{Script=Arabic}/u.test(first)) return text;
  return text.replace(LEFT_TO_RIGHT_RUN, (run) => [...run].reverse().join(''));
}

/** Body text: the site's slate (web-kit tokens.css). */
export const TEXT = hex('#0f172a');

// Letters the standard fonts (WinAnsi) lack but whose reader expects a close one, not a gap.
const FALLBACKS: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
  '‐': '-',
  '−': '-',
};

/** Text the font can draw: each character as it is, else without its accents, else a close letter, else '?'. */
export function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')]
    .map((ch) => {
      if (known.has(ch.codePointAt(0)!)) return ch;
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      if (base && [...base].every((c) => known.has(c.codePointAt(0)!))) return base;
      return FALLBACKS[ch] ?? (/\s/.test(ch) ? ' ' : '?');
    })
    .join('');
}

/** The DejaVu face standing in for each standard font that draws a learner's, creator's or site's words. */
const UNICODE_FONTS = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
} as const;
type Face = keyof typeof UNICODE_FONTS;

interface UnicodeFont {
  bytes: Uint8Array;
  /** Its PostScript name (DejaVuSans-Bold…). */
  name: string;
  /** The code points it draws. */
  characters: Set<number>;
}

// fontkit (about 1 MB of JavaScript) loaded only when a certificate first needs a DejaVu font: its own chunk.
type Fontkit = typeof import('@pdf-lib/fontkit');
let fontkitLoaded: Promise<Fontkit> | undefined;
// A CommonJS (UMD) package: Node's import() gives its exports as `default`.
const loadFontkit = () =>
  (fontkitLoaded ??= import('@pdf-lib/fontkit').then(
    (module) => (module as Fontkit & { default?: Fontkit }).default ?? module,
  ));

// Read and measured once per process (a few hundred KiB each), and only when a certificate needs one.
const unicodeFonts = new Map<Face, Promise<UnicodeFont>>();
function unicodeFont(face: Face): Promise<UnicodeFont> {
  let font = unicodeFonts.get(face);
  if (!font) {
    font = Promise.all([
      readFile(new URL(`./fonts/${UNICODE_FONTS[face]}`, import.meta.url)),
      loadFontkit(),
    ]).then(
      ([buffer, fontkit]) => {
        const bytes = new Uint8Array(buffer);
        const parsed = fontkit.create(bytes);
        return {
          bytes,
          name: parsed.postscriptName ?? UNICODE_FONTS[face].replace(/\.ttf$/, ''),
          characters: new Set(parsed.characterSet),
        };
      },
      (error: unknown) => {
        unicodeFonts.delete(face);
        throw error;
      },
    );
    unicodeFonts.set(face, font);
  }
  return font;
}

/** A subset font's name starts with six capitals and '+' (PDF 32000-1 9.6.4): here fixed by `seed`. */
const subsetTag = (seed: string) =>
  [...createHash('sha256').update(seed).digest().subarray(0, 6)]
    .map((byte) => String.fromCharCode(65 + (byte % 26)))
    .join('');

/**
 * Picks the font to draw texts in: the standard one when it has every letter (or when DejaVu adds none it
 * lacks), else the DejaVu face, embedded once per document as a subset named after `seed` (what the
 * certificate says), so the same certificate embeds the same fonts under the same names.
 */
export function fontChooser(doc: PDFDocument, seed: string) {
  const embedded = new Map<Face, Promise<PDFFont>>();
  return async (standard: PDFFont, face: Face, ...texts: string[]): Promise<PDFFont> => {
    const known = new Set(standard.getCharacterSet());
    const missing = texts
      .flatMap((text) => [...text.normalize('NFC')])
      .map((ch) => ch.codePointAt(0)!)
      .filter((code) => !known.has(code) && !/\s/u.test(String.fromCodePoint(code)));
    if (!missing.length) return standard;
    const unicode = await unicodeFont(face);
    if (!missing.some((code) => unicode.characters.has(code))) return standard;
    let font = embedded.get(face);
    if (!font) {
      doc.registerFontkit(await loadFontkit());
      const customName = `${subsetTag(`${face}\n${seed}`)}+${unicode.name}`;
      font = doc.embedFont(unicode.bytes, { subset: true, customName });
      embedded.set(face, font);
    }
    return font;
  };
}

export interface TextStyle {
  font: PDFFont;
  size: number;
  color?: RGB;
  /** Extra space between letters, points. */
  spacing?: number;
}

export const widthOf = (text: string, { font, size, spacing = 0 }: TextStyle) =>
  font.widthOfTextAtSize(text, size) + spacing * Math.max(0, [...text].length - 1);

/** The largest size up to `style.size` at which the text fits `maxWidth` (never under `minSize`). */
export function fitted(text: string, style: TextStyle, maxWidth: number, minSize: number): TextStyle {
  let size = style.size;
  while (size > minSize && widthOf(text, { ...style, size }) > maxWidth) size -= 0.5;
  return { ...style, size };
}

/** Splits text into at most `maxLines` lines of `maxWidth` (the last one cut with an ellipsis). */
export function wrap(text: string, style: TextStyle, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (widthOf(next, style) <= maxWidth || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last.length > 1 && widthOf(`${last}…`, style) > maxWidth) last = last.slice(0, -1).trimEnd();
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

export function draw(page: PDFPage, text: string, x: number, y: number, style: TextStyle) {
  const { font, size, color = TEXT, spacing = 0 } = style;
  if (spacing) page.pushOperators(pushGraphicsState(), setCharacterSpacing(spacing));
  page.drawText(text, { x, y, font, size, color });
  if (spacing) page.pushOperators(popGraphicsState());
}
