// Makes the demo courses' downloadable PDF resources (media/resources/*.pdf) with pdf-lib: one designed
// A4 sheet (or two) per file in DEMO_RESOURCE_FILES, titled, with its course, its lesson and real content.
// Deterministic: fixed metadata dates and no random ids, so running it again changes no byte.
//   npx tsx media/generate-resources.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import {
  DEMO_COURSE_OUTLINES,
  outlineWorksheetFile,
  type DemoCourseOutline,
} from '../packages/service-kit/src/demo-course-outlines';
import { DEMO_COURSES, DEMO_RESOURCE_FILES } from '../packages/service-kit/src/demo-courses';
import { demoProducts } from '../services/content/src/demo/catalog';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
/** Every file carries this date (creation and modification): the output depends on nothing but this script. */
const FIXED_DATE = new Date('2026-01-05T09:00:00Z');

// ---------------------------------------------------------------------------------------------------------
// Brand (packages/web-kit/src/styles/tokens.css)
// ---------------------------------------------------------------------------------------------------------

const hex = (value: string): RGB =>
  rgb(
    parseInt(value.slice(1, 3), 16) / 255,
    parseInt(value.slice(3, 5), 16) / 255,
    parseInt(value.slice(5, 7), 16) / 255,
  );
const C = {
  primary: hex('#3730a3'),
  primaryBright: hex('#6366f1'),
  primarySoft: hex('#eef2ff'),
  primaryPale: hex('#c7d2fe'),
  accent: hex('#b45309'),
  accentBright: hex('#f59e0b'),
  accentSoft: hex('#fef3c7'),
  header: hex('#0f172a'),
  text: hex('#0f172a'),
  muted: hex('#475569'),
  faint: hex('#94a3b8'),
  border: hex('#e2e8f0'),
  surfaceMuted: hex('#f1f5f9'),
  success: hex('#15803d'),
  successSoft: hex('#dcfce7'),
  danger: hex('#b91c1c'),
  dangerSoft: hex('#fee2e2'),
  info: hex('#1d4ed8'),
  infoSoft: hex('#dbeafe'),
  white: rgb(1, 1, 1),
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const FOOTER_TOP = 56;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  code: PDFFont;
  codeBold: PDFFont;
}

// ---------------------------------------------------------------------------------------------------------
// Text: inline **bold**, _italic_ and `code`, wrapped to a width
// ---------------------------------------------------------------------------------------------------------

type RunStyle = 'regular' | 'bold' | 'italic' | 'code';
interface Run {
  text: string;
  style: RunStyle;
}

function parseInline(text: string, base: RunStyle = 'regular'): Run[] {
  const runs: Run[] = [];
  const pattern = /\*\*(.+?)\*\*|`(.+?)`|_(.+?)_/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), style: base });
    if (match[1] !== undefined) runs.push({ text: match[1], style: 'bold' });
    else if (match[2] !== undefined) runs.push({ text: match[2], style: 'code' });
    else runs.push({ text: match[3]!, style: 'italic' });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), style: base });
  return runs;
}

interface Word {
  text: string;
  style: RunStyle;
  width: number;
  /** The width of the space after it (0 when the next word follows without one). */
  space: number;
}

interface TextStyle {
  size: number;
  color?: RGB;
  base?: RunStyle;
  lineHeight?: number;
}

// ---------------------------------------------------------------------------------------------------------
// A sheet: pages with the Catalyst header and footer, and a column cursor that lays out blocks
// ---------------------------------------------------------------------------------------------------------

interface SheetInfo {
  kind: string;
  title: string;
  course: string;
  lesson: string;
}

class Sheet {
  readonly pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly info: SheetInfo,
  ) {}

  fontOf(style: RunStyle) {
    return {
      regular: this.fonts.regular,
      bold: this.fonts.bold,
      italic: this.fonts.italic,
      code: this.fonts.code,
    }[style];
  }

  words(text: string, { size, base = 'regular' }: TextStyle): Word[] {
    const words: Word[] = [];
    for (const run of parseInline(text, base)) {
      const font = this.fontOf(run.style);
      const runSize = run.style === 'code' ? size * 0.95 : size;
      const parts = run.text.split(/( +)/);
      for (const part of parts) {
        if (part === '') continue;
        if (part.startsWith(' ')) {
          const previous = words.at(-1);
          if (previous) previous.space = font.widthOfTextAtSize(' ', runSize);
          continue;
        }
        words.push({ text: part, style: run.style, width: font.widthOfTextAtSize(part, runSize), space: 0 });
      }
    }
    return words;
  }

  /** Breaks text into lines no wider than `width`. */
  lines(text: string, width: number, style: TextStyle): Word[][] {
    const lines: Word[][] = [];
    let line: Word[] = [];
    let used = 0;
    for (const word of this.words(text, style)) {
      const before = line.at(-1)?.space ?? 0;
      if (line.length > 0 && used + before + word.width > width) {
        lines.push(line);
        line = [];
        used = 0;
      }
      used += (line.length > 0 ? before : 0) + word.width;
      line.push(word);
    }
    if (line.length > 0) lines.push(line);
    return lines;
  }

  lineHeight = (style: TextStyle) => style.lineHeight ?? style.size * 1.38;

  /** The height `text` takes at `width`. */
  measure(text: string, width: number, style: TextStyle) {
    return this.lines(text, width, style).length * this.lineHeight(style);
  }

  /** Draws wrapped text with its first baseline one ascent below `top`; returns the height used. */
  text(
    page: PDFPage,
    text: string,
    x: number,
    top: number,
    width: number,
    style: TextStyle & { align?: 'left' | 'center' },
  ): number {
    const lineHeight = this.lineHeight(style);
    const lines = this.lines(text, width, style);
    lines.forEach((line, index) => {
      const lineWidth = line.reduce(
        (sum, word, i) => sum + word.width + (i < line.length - 1 ? word.space : 0),
        0,
      );
      let cursor = style.align === 'center' ? x + (width - lineWidth) / 2 : x;
      const baseline = top - index * lineHeight - style.size * 0.95;
      // Words of one style go out as one string, so viewers space them with the font's own space.
      for (let start = 0; start < line.length;) {
        let end = start + 1;
        while (end < line.length && line[end]!.style === line[start]!.style && line[end - 1]!.space > 0)
          end++;
        const words = line.slice(start, end);
        const runStyle = words[0]!.style;
        const size = runStyle === 'code' ? style.size * 0.95 : style.size;
        const color = runStyle === 'code' ? C.primary : (style.color ?? C.text);
        page.drawText(words.map((word) => word.text).join(' '), {
          x: cursor,
          y: baseline,
          size,
          font: this.fontOf(runStyle),
          color,
        });
        cursor += words.reduce((sum, word) => sum + word.width + word.space, 0);
        start = end;
      }
    });
    return lines.length * lineHeight;
  }

  /** A new page: the full header on the first, a slim one after; the footer is drawn by `finish`. */
  page(): Column {
    const page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(page);
    const top = this.pages.length === 1 ? this.fullHeader(page) : this.slimHeader(page);
    return new Column(this, page, MARGIN, CONTENT_WIDTH, top - 24);
  }

  private logo(page: PDFPage, x: number, y: number, size: number, wordColor: RGB) {
    roundedRect(page, x, y, size, size, size * 0.24, { fill: C.primaryBright });
    // A spark: the catalyst's diamond.
    const c = size / 2;
    page.drawSvgPath(
      `M ${c} ${size * 0.18} L ${size * 0.8} ${c} L ${c} ${size * 0.82} L ${size * 0.2} ${c} Z`,
      { x, y: y + size, color: C.accentBright },
    );
    page.drawText('Catalyst', {
      x: x + size + 7,
      y: y + size * 0.22,
      size: size * 0.72,
      font: this.fonts.bold,
      color: wordColor,
    });
  }

  private fullHeader(page: PDFPage): number {
    const { kind, title, course, lesson } = this.info;
    const titleStyle = { size: 26, base: 'bold' as const, color: C.white, lineHeight: 31 };
    const titleHeight = this.measure(title, CONTENT_WIDTH, titleStyle);
    const bandHeight = 128 + titleHeight;
    const bottom = A4.height - bandHeight;
    page.drawRectangle({ x: 0, y: bottom, width: A4.width, height: bandHeight, color: C.header });
    page.drawRectangle({ x: 0, y: bottom, width: A4.width, height: 4, color: C.accentBright });
    this.logo(page, MARGIN, A4.height - 58, 20, C.white);
    pill(page, this.fonts.bold, kind.toUpperCase(), A4.width - MARGIN, A4.height - 53, {
      fill: C.accentBright,
      color: C.header,
      alignRight: true,
    });
    let y = A4.height - 84;
    y -= this.text(page, title, MARGIN, y, CONTENT_WIDTH, titleStyle);
    y -= 8;
    this.text(page, course, MARGIN, y, CONTENT_WIDTH, { size: 12, base: 'bold', color: C.primaryPale });
    this.text(page, `Lesson: ${lesson}`, MARGIN, y - 18, CONTENT_WIDTH, { size: 9.5, color: C.faint });
    return bottom;
  }

  private slimHeader(page: PDFPage): number {
    const bandHeight = 44;
    const bottom = A4.height - bandHeight;
    page.drawRectangle({ x: 0, y: bottom, width: A4.width, height: bandHeight, color: C.header });
    page.drawRectangle({ x: 0, y: bottom, width: A4.width, height: 3, color: C.accentBright });
    this.logo(page, MARGIN, bottom + 13, 16, C.white);
    const label = `${this.info.title}  ·  ${this.info.course}`;
    const width = this.fonts.regular.widthOfTextAtSize(label, 9);
    page.drawText(label, {
      x: A4.width - MARGIN - width,
      y: bottom + 18,
      size: 9,
      font: this.fonts.regular,
      color: C.primaryPale,
    });
    return bottom;
  }

  /** Footers name the page count, known only once every page exists. */
  finish() {
    this.pages.forEach((page, index) => {
      page.drawLine({
        start: { x: MARGIN, y: 40 },
        end: { x: A4.width - MARGIN, y: 40 },
        thickness: 0.6,
        color: C.border,
      });
      page.drawText(`Catalyst  ·  ${this.info.course}  ·  ${this.info.title}`, {
        x: MARGIN,
        y: 26,
        size: 8,
        font: this.fonts.regular,
        color: C.muted,
      });
      const label = `${index + 1} / ${this.pages.length}`;
      const width = this.fonts.bold.widthOfTextAtSize(label, 8);
      page.drawText(label, {
        x: A4.width - MARGIN - width,
        y: 26,
        size: 8,
        font: this.fonts.bold,
        color: C.muted,
      });
    });
  }
}

/** A column of a page: blocks stack downwards from `y`; overflowing the page is a design error, not a silent cut. */
class Column {
  constructor(
    readonly sheet: Sheet,
    readonly page: PDFPage,
    readonly x: number,
    readonly width: number,
    public y: number,
  ) {
    this.start = y;
  }

  private readonly start: number;

  get fonts() {
    return this.sheet.fonts;
  }

  /** Side-by-side columns starting at this column's cursor. */
  split(count: number, gutter = 20): Column[] {
    const width = (this.width - gutter * (count - 1)) / count;
    return Array.from(
      { length: count },
      (_, i) => new Column(this.sheet, this.page, this.x + i * (width + gutter), width, this.y),
    );
  }

  /** Continues below the lowest of `columns`. */
  below(columns: Column[], gap = 0) {
    this.y = Math.min(...columns.map((column) => column.y)) - gap;
    return this;
  }

  take(height: number) {
    const top = this.y;
    this.y -= height;
    if (this.y < FOOTER_TOP)
      throw new Error(
        `"${this.sheet.info.title}" overflows page ${this.sheet.pages.length} by ${Math.round(FOOTER_TOP - this.y)}pt`,
      );
    return top;
  }

  /** Room after a block: it may reach into the margin (only content overflowing is an error). */
  space(height: number) {
    this.y -= height;
    return this;
  }

  heading(text: string, { color = C.primary, size = 13 } = {}) {
    // A heading below other blocks gets room above it; at the top of a column it starts at once.
    if (this.y < this.start) this.space(8);
    const top = this.take(size + 12);
    this.page.drawRectangle({
      x: this.x,
      y: top - size - 1,
      width: 3,
      height: size + 2,
      color: C.accentBright,
    });
    this.page.drawText(text, { x: this.x + 9, y: top - size + 1, size, font: this.fonts.bold, color });
    return this;
  }

  paragraph(text: string, style: Partial<TextStyle> = {}) {
    const full = { size: 10, ...style };
    const height = this.sheet.measure(text, this.width, full);
    this.sheet.text(this.page, text, this.x, this.take(height + 6), this.width, full);
    return this;
  }

  /** Bulleted (or numbered) items; each may have inline markup. */
  list(items: string[], { numbered = false, size = 10, gap = 3 } = {}) {
    const indent = numbered ? 18 : 13;
    items.forEach((item, index) => {
      const style = { size };
      const height = this.sheet.measure(item, this.width - indent, style);
      const top = this.take(height + gap);
      if (numbered) {
        const label = String(index + 1);
        this.page.drawCircle({ x: this.x + 6.5, y: top - size * 0.6, size: 6.5, color: C.primary });
        const w = this.fonts.bold.widthOfTextAtSize(label, 7.5);
        this.page.drawText(label, {
          x: this.x + 6.5 - w / 2,
          y: top - size * 0.6 - 2.6,
          size: 7.5,
          font: this.fonts.bold,
          color: C.white,
        });
      } else {
        this.page.drawCircle({ x: this.x + 3.5, y: top - size * 0.62, size: 1.9, color: C.accent });
      }
      this.sheet.text(this.page, item, this.x + indent, top, this.width - indent, style);
    });
    return this.space(3);
  }

  /** Terms and what they do: the term in code type, the explanation wrapped under it. */
  definitions(entries: Array<[term: string, meaning: string]>, { size = 9.2 } = {}) {
    for (const [term, meaning] of entries) {
      const termLines = wrapCode(this.fonts.codeBold, term, size, this.width - 8);
      const meaningHeight = this.sheet.measure(meaning, this.width - 8, { size, color: C.muted });
      const height = termLines.length * size * 1.25 + meaningHeight + 8;
      const top = this.take(height);
      this.page.drawRectangle({
        x: this.x,
        y: top - height + 3,
        width: this.width,
        height: height - 3,
        color: C.surfaceMuted,
      });
      termLines.forEach((line, i) =>
        this.page.drawText(line, {
          x: this.x + 5,
          y: top - 4 - size - i * size * 1.25,
          size,
          font: this.fonts.codeBold,
          color: C.primary,
        }),
      );
      this.sheet.text(
        this.page,
        meaning,
        this.x + 5,
        top - 5 - termLines.length * size * 1.25,
        this.width - 8,
        { size, color: C.muted },
      );
    }
    return this.space(4);
  }

  /** Source code in a tinted box, line by line (no wrapping: lines are written to fit). */
  code(source: string, { size = 8.6, title }: { size?: number; title?: string } = {}) {
    const lines = source.replace(/^\n|\n\s*$/g, '').split('\n');
    const lineHeight = size * 1.32;
    const titleHeight = title ? 16 : 0;
    const height = lines.length * lineHeight + 14 + titleHeight;
    const top = this.take(height + 6);
    roundedRect(this.page, this.x, top - height, this.width, height, 5, { fill: C.header });
    if (title)
      this.page.drawText(title, {
        x: this.x + 9,
        y: top - 13,
        size: 7.5,
        font: this.fonts.bold,
        color: C.accentBright,
      });
    lines.forEach((line, i) => {
      const widest = this.fonts.code.widthOfTextAtSize(line, size);
      if (widest > this.width - 16)
        throw new Error(`code line too wide in "${this.sheet.info.title}": ${line}`);
      const isComment = /^\s*(\/\*|<!--)/.test(line);
      this.page.drawText(line, {
        x: this.x + 9,
        y: top - titleHeight - 9 - size - i * lineHeight + 1,
        size,
        font: this.fonts.code,
        color: isComment ? C.faint : C.primarySoft,
      });
    });
    return this;
  }

  /** A tinted box with a coloured edge: a rule, a warning, a tip. */
  callout(title: string, body: string, { fill = C.primarySoft, edge = C.primary, size = 9.5 } = {}) {
    const inner = this.width - 22;
    const height = 14 + size + 6 + this.sheet.measure(body, inner, { size }) + 8;
    const top = this.take(height + 8);
    this.page.drawRectangle({ x: this.x, y: top - height, width: this.width, height, color: fill });
    this.page.drawRectangle({ x: this.x, y: top - height, width: 4, height, color: edge });
    this.page.drawText(title, {
      x: this.x + 14,
      y: top - 10 - size,
      size: size + 0.5,
      font: this.fonts.bold,
      color: edge,
    });
    this.sheet.text(this.page, body, this.x + 14, top - 16 - size, inner, { size });
    return this;
  }

  /** Empty boxes to tick, each with its explanation and (when asked) lines to write on. */
  checklist(items: Array<{ text: string; hint?: string }>, { writeLines = 0, size = 10 } = {}) {
    for (const item of items) {
      const indent = 22;
      const textHeight = this.sheet.measure(item.text, this.width - indent, { size, base: 'bold' });
      const hintHeight = item.hint
        ? this.sheet.measure(item.hint, this.width - indent, { size: size - 1, color: C.muted })
        : 0;
      const height = textHeight + hintHeight + writeLines * 17 + 10;
      const top = this.take(height);
      this.page.drawRectangle({
        x: this.x + 1,
        y: top - 13,
        width: 12,
        height: 12,
        borderColor: C.primary,
        borderWidth: 1.2,
      });
      this.sheet.text(this.page, item.text, this.x + indent, top, this.width - indent, {
        size,
        base: 'bold',
      });
      if (item.hint)
        this.sheet.text(this.page, item.hint, this.x + indent, top - textHeight, this.width - indent, {
          size: size - 1,
          color: C.muted,
        });
      for (let i = 0; i < writeLines; i++) {
        const y = top - textHeight - hintHeight - 15 - i * 17;
        this.page.drawLine({
          start: { x: this.x + indent, y },
          end: { x: this.x + this.width, y },
          thickness: 0.5,
          color: C.faint,
          dashArray: [1.5, 2.5],
        });
      }
    }
    return this.space(2);
  }

  /** A table with a header row; columns get the given share of the width; cells may wrap. */
  table(head: string[], rows: string[][], shares: number[], { size = 8.8 } = {}) {
    const total = shares.reduce((a, b) => a + b, 0);
    const widths = shares.map((share) => (share / total) * this.width);
    const pad = 5;
    const row = (cells: string[], header: boolean, index: number) => {
      const style = {
        size,
        base: header ? ('bold' as const) : ('regular' as const),
        color: header ? C.white : C.text,
      };
      const height =
        Math.max(...cells.map((cell, i) => this.sheet.measure(cell, widths[i]! - 2 * pad, style))) + 2 * pad;
      const top = this.take(height);
      const fill = header ? C.primary : index % 2 === 0 ? C.white : C.surfaceMuted;
      this.page.drawRectangle({ x: this.x, y: top - height, width: this.width, height, color: fill });
      let x = this.x;
      cells.forEach((cell, i) => {
        this.sheet.text(this.page, cell, x + pad, top - pad, widths[i]! - 2 * pad, style);
        x += widths[i]!;
      });
      this.page.drawLine({
        start: { x: this.x, y: top - height },
        end: { x: this.x + this.width, y: top - height },
        thickness: 0.5,
        color: C.border,
      });
    };
    row(head, true, 0);
    rows.forEach((cells, index) => row(cells, false, index));
    return this.space(8);
  }

  /** Reserves `height` and hands the drawing to `draw` (its box: left, bottom, width, height). */
  figure(height: number, draw: (box: { x: number; y: number; width: number; height: number }) => void) {
    const top = this.take(height);
    draw({ x: this.x, y: top - height, width: this.width, height });
    return this;
  }
}

function wrapCode(font: PDFFont, text: string, size: number, width: number): string[] {
  if (font.widthOfTextAtSize(text, size) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const part of text.split(/(?<=[ ,])/)) {
    if (line && font.widthOfTextAtSize(line + part, size) > width) {
      lines.push(line.trimEnd());
      line = '  ';
    }
    line += part;
  }
  return [...lines, line];
}

function roundedRect(
  page: PDFPage,
  x: number,
  y: number,
  width: number,
  height: number,
  r: number,
  { fill, stroke, strokeWidth = 1 }: { fill?: RGB; stroke?: RGB; strokeWidth?: number },
) {
  // SVG coordinates run downwards from the origin given to drawSvgPath (here the top-left corner).
  const k = r * 0.45;
  const d = [
    `M ${r} 0`,
    `L ${width - r} 0`,
    `C ${width - k} 0 ${width} ${k} ${width} ${r}`,
    `L ${width} ${height - r}`,
    `C ${width} ${height - k} ${width - k} ${height} ${width - r} ${height}`,
    `L ${r} ${height}`,
    `C ${k} ${height} 0 ${height - k} 0 ${height - r}`,
    `L 0 ${r}`,
    `C 0 ${k} ${k} 0 ${r} 0`,
    'Z',
  ].join(' ');
  page.drawSvgPath(d, {
    x,
    y: y + height,
    ...(fill ? { color: fill } : {}),
    ...(stroke ? { borderColor: stroke, borderWidth: strokeWidth } : {}),
  });
}

function pill(
  page: PDFPage,
  font: PDFFont,
  label: string,
  x: number,
  y: number,
  {
    fill,
    color,
    size = 7.5,
    alignRight = false,
  }: { fill: RGB; color: RGB; size?: number; alignRight?: boolean },
) {
  const width = font.widthOfTextAtSize(label, size) + 16;
  const left = alignRight ? x - width : x;
  roundedRect(page, left, y - 5, width, size + 10, (size + 10) / 2, { fill });
  page.drawText(label, { x: left + 8, y: y - 0.5, size, font, color });
  return width;
}

/** A straight arrow from one point to another, its head at the end. */
function arrow(
  page: PDFPage,
  from: { x: number; y: number },
  to: { x: number; y: number },
  { color = C.faint, thickness = 1.4, head = 6, dashed = false } = {},
) {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const base = { x: to.x - Math.cos(angle) * head, y: to.y - Math.sin(angle) * head };
  page.drawLine({ start: from, end: base, thickness, color, ...(dashed ? { dashArray: [3, 3] } : {}) });
  const side = head * 0.6;
  const p1 = { x: base.x + Math.sin(angle) * side, y: base.y - Math.cos(angle) * side };
  const p2 = { x: base.x - Math.sin(angle) * side, y: base.y + Math.cos(angle) * side };
  // drawSvgPath flips y: give points relative to (0, 0) with y negated.
  page.drawSvgPath(`M ${to.x} ${-to.y} L ${p1.x} ${-p1.y} L ${p2.x} ${-p2.y} Z`, { x: 0, y: 0, color });
}

function centredText(
  page: PDFPage,
  font: PDFFont,
  text: string,
  cx: number,
  y: number,
  size: number,
  color: RGB,
) {
  page.drawText(text, { x: cx - font.widthOfTextAtSize(text, size) / 2, y, size, font, color });
}

// ---------------------------------------------------------------------------------------------------------
// The resources
// ---------------------------------------------------------------------------------------------------------

interface ResourceDesign {
  kind: string;
  title: string;
  draw(sheet: Sheet): void;
}

const DESIGNS: Record<string, ResourceDesign> = {
  '/media/resources/css-grid-cheat-sheet.pdf': {
    kind: 'Cheat sheet',
    title: 'CSS Grid cheat sheet',
    draw(sheet) {
      const col = sheet.page();
      col.paragraph(
        'Everything you type most often in CSS Grid, on two pages. Keep it open beside your editor while you work through **Real layouts**.',
        { color: C.muted },
      );
      col.space(4).figure(170, (box) => gridAnatomy(sheet, box));
      col.space(2);
      const [left, right] = col.split(2);
      left!.heading('The container');
      left!.definitions([
        ['display: grid', 'Makes the element a grid container; its direct children become grid items.'],
        [
          'grid-template-columns: 14rem 1fr 1fr',
          'The column tracks, left to right. Here: a fixed sidebar and two equal shares of the rest.',
        ],
        [
          'grid-template-rows: auto 1fr auto',
          'The row tracks, top to bottom: header and footer as tall as their content, the middle takes the rest.',
        ],
        [
          'grid-template-areas: "head head" "nav main"',
          'A picture of the layout in named cells. Each string is a row; a `.` leaves a cell empty; every name must form a rectangle.',
        ],
        [
          'gap: 1rem 2rem',
          'Row gap, then column gap. Gaps sit only between tracks, never on the outer edges.',
        ],
      ]);
      right!.heading('The items');
      right!.definitions([
        ['grid-column: 1 / 3', 'From column line 1 to line 3: the item spans two tracks.'],
        ['grid-column: span 2', 'Two tracks wide, starting wherever auto-placement puts it.'],
        ['grid-row: 1 / -1', 'From the first line to the last: the full height of the explicit grid.'],
        ['grid-area: main', 'Places the item in the area named `main` in grid-template-areas.'],
        [
          'justify-self / align-self',
          'Overrides the container’s alignment for this item: `start`, `end`, `center` or `stretch`.',
        ],
      ]);
      col.below([left!, right!]);

      const next = sheet.page();
      const [sizing, flow] = next.split(2);
      sizing!.heading('Sizing tracks');
      sizing!.definitions([
        ['1fr', 'One share of the free space left after fixed tracks and gaps are placed.'],
        ['repeat(3, 1fr)', 'Three equal columns without writing 1fr three times.'],
        ['minmax(12rem, 1fr)', 'Never narrower than 12rem; grows to share what is left.'],
        ['fit-content(20ch)', 'As wide as its content, but never more than 20ch.'],
        [
          'repeat(auto-fit, …)',
          'As many tracks as fit. Empty tracks collapse, so the items stretch to fill the row.',
        ],
        ['repeat(auto-fill, …)', 'As many tracks as fit, keeping the empty ones: items keep their size.'],
      ]);
      flow!.heading('Placement and alignment');
      flow!.definitions([
        [
          'grid-auto-rows: minmax(8rem, auto)',
          'The size of the rows Grid adds for items beyond the explicit grid.',
        ],
        [
          'grid-auto-flow: dense',
          'Back-fills holes with later, smaller items (the visual order then differs from the source order).',
        ],
        ['justify-items / align-items', 'Where every item sits in its cell, along the row and the column.'],
        ['place-items: center', 'Both at once: the shortest way to centre anything.'],
        [
          'justify-content / align-content',
          'Where the whole grid sits when its tracks are smaller than the container.',
        ],
      ]);
      next.below([sizing!, flow!], 4);
      next.heading('Three recipes');
      const recipes = next.split(3, 12);
      recipes[0]!.code(
        `
.cards {
  display: grid;
  grid-template-columns:
    repeat(auto-fit,
      minmax(16rem, 1fr));
  gap: 1.5rem;
}`,
        { title: 'RESPONSIVE CARDS', size: 8 },
      );
      recipes[1]!.code(
        `
.page {
  display: grid;
  grid-template-areas:
    "head head"
    "nav  main"
    "foot foot";
  grid-template-columns:
    14rem 1fr;
}`,
        { title: 'PAGE LAYOUT WITH AREAS', size: 8 },
      );
      recipes[2]!.code(
        `
.hero {
  display: grid;
  place-items: center;
  min-height: 60vh;
}`,
        { title: 'CENTRE ANYTHING', size: 8 },
      );
      next.below(recipes, 8);
      next.heading('When it does not do what you expect');
      next.list([
        'Open the **grid overlay** in your browser’s developer tools (Firefox and Chromium both have one): it shows line numbers, area names and gaps.',
        'Areas must be **rectangles**: an L-shaped name in `grid-template-areas` makes the whole declaration invalid, and the browser ignores it.',
        'Only **direct children** are grid items. A wrapper in between stops placement; use `subgrid` or move the grid down a level.',
        'Negative line numbers count from the end of the **explicit** grid only: `-1` is not the last line of rows Grid added itself.',
        'Spacing items with margins fights the grid: use `gap` for the space between tracks.',
      ]);
    },
  },

  '/media/resources/css-grid-exercise-brief.pdf': {
    kind: 'Exercise brief',
    title: 'Exercise: a magazine front page',
    draw(sheet) {
      const col = sheet.page();
      col.heading('The brief');
      col.paragraph(
        'Build the front page of **The Daily Grid**, a weekly magazine: a masthead, a lead story across two columns with its photo beside it, three secondary stories, a sidebar of short news items and a footer. Use **named areas** so your CSS reads like a picture of the page. Allow about an hour.',
      );
      col.space(4).figure(190, (box) => magazineWireframes(sheet, box));
      col
        .space(6)
        .paragraph(
          'Same areas, new picture: between the two layouts only `grid-template-areas` and the columns change. The lead is the one dark block, because it is where the eye should land first.',
          { size: 9, color: C.muted },
        );
      col.space(6).heading('Requirements');
      col.list(
        [
          'One grid container, `.front-page`, lays out the whole page. No floats, no absolute positioning, no flexbox for the skeleton.',
          'Every region is placed by name with `grid-area`; the names in your CSS match the wireframe.',
          'From 64em wide: three story columns plus a sidebar, as in the desktop wireframe. The lead story spans two columns.',
          'Below 40em: one column in reading order (masthead, lead, photo, stories, news, footer).',
          'The story row uses `repeat(auto-fit, minmax(…))`, so it reflows on its own between the two layouts.',
          'Images never overflow their cells: `img { display: block; max-width: 100%; }`.',
        ],
        { numbered: true },
      );

      const next = sheet.page();
      const [html, css] = next.split(2, 14);
      html!.heading('Starter HTML');
      html!.code(
        `
<main class="front-page">
  <header class="masthead">
    <h1>The Daily Grid</h1>
  </header>
  <article class="lead">…</article>
  <figure class="photo">…</figure>
  <section class="stories">
    <article>…</article>
    <article>…</article>
    <article>…</article>
  </section>
  <aside class="news">…</aside>
  <footer class="colophon">…</footer>
</main>`,
        { size: 8 },
      );
      css!.heading('Starter CSS');
      css!.code(
        `
.front-page {
  display: grid;
  gap: 1.5rem;
  /* TODO: grid-template-areas */
}
.masthead { grid-area: masthead; }
.lead     { grid-area: lead; }
.photo    { grid-area: photo; }
.stories  { grid-area: stories; }
.news     { grid-area: news; }
.colophon { grid-area: footer; }

@media (min-width: 64em) {
  .front-page {
    /* TODO: columns and areas */
  }
}`,
        { size: 8 },
      );
      next.below([html!, css!], 6);
      const [steps, done] = next.split(2, 20);
      steps!.heading('Steps');
      steps!.list(
        [
          'Sketch the areas on paper first and name each one.',
          'Write the one-column `grid-template-areas` (the small-screen layout is the default).',
          'Add the desktop areas and columns inside the 64em media query.',
          'Give `.stories` its own grid with `auto-fit` and `minmax()`.',
          'Check the result with the grid overlay, then resize from 320px to 1440px.',
        ],
        { numbered: true, size: 9.5 },
      );
      done!.heading('Done when');
      done!.checklist(
        [
          { text: 'The CSS names every area', hint: 'No line numbers for the page skeleton.' },
          { text: 'The lead spans two columns', hint: 'And the news sidebar runs beside it.' },
          { text: 'Nothing scrolls sideways at 320px', hint: 'Images and long headlines included.' },
          {
            text: 'Source order equals reading order',
            hint: 'Screen readers follow the HTML, not the grid.',
          },
        ],
        { size: 9.5 },
      );
      next.below([steps!, done!], 4);
      next.callout(
        'Stretch goals',
        'Align the headlines of the three stories with `grid-template-rows: subgrid`. Add a tablet layout between 40em and 64em with two columns. Add a photo strip that uses `grid-auto-flow: dense` to fill its gaps.',
        { fill: C.accentSoft, edge: C.accent },
      );
    },
  },

  '/media/resources/ml-workflow-poster.pdf': {
    kind: 'Poster',
    title: 'The machine-learning workflow',
    draw(sheet) {
      const col = sheet.page();
      col.paragraph(
        'Every project runs the same loop. Pin it above your desk and check which step you are really in before you reach for a bigger model.',
        { color: C.muted },
      );
      col.space(6);
      const stages: Array<{ name: string; question: string; tips: string[] }> = [
        {
          name: 'Frame the question',
          question: 'What decision will the model help someone make?',
          tips: ['Name the target column and the metric.', 'Know the baseline you have to beat.'],
        },
        {
          name: 'Gather the data',
          question: 'Where do examples with known answers come from?',
          tips: [
            'The data must look like the future you predict.',
            'Record where and when each source came from.',
          ],
        },
        {
          name: 'Clean and explore',
          question: 'What is really in there?',
          tips: ['Plot every column before modelling.', 'Hunt for leakage: columns that contain the answer.'],
        },
        {
          name: 'Split the data',
          question: 'Lock the test set away before you look at it.',
          tips: [
            'Train / validation / test, e.g. 60 / 20 / 20.',
            'Split by time for forecasts; split before scaling.',
          ],
        },
        {
          name: 'Fit a model',
          question: 'What is the simplest model that could work?',
          tips: ['Tune on the validation set only.', 'Log every run: data, features, settings, score.'],
        },
        {
          name: 'Evaluate on unseen data',
          question: 'Does it beat the baseline on data it has never seen?',
          tips: ['Score the test set once, at the very end.', 'Read the mistakes, not only the score.'],
        },
      ];
      col.figure(468, (box) => workflowTimeline(sheet, box, stages));
      col.space(10);
      col.callout(
        'The golden rule',
        'Never measure a model on the data it learned from. A perfect training score is a warning, not a result: it usually means the model memorised instead of learned.',
        { fill: C.accentSoft, edge: C.accent, size: 10 },
      );
    },
  },

  '/media/resources/ml-metrics-reference.pdf': {
    kind: 'Reference',
    title: 'Evaluation metrics reference',
    draw(sheet) {
      const col = sheet.page();
      col.paragraph(
        'Worked through one example: a spam filter judged **100 emails**, 45 of which really were spam. Every metric below is a different question asked of the same four numbers.',
        { color: C.muted },
      );
      col.space(4).figure(200, (box) => confusionMatrix(sheet, box));
      col.space(4).heading('Classification metrics');
      col.table(
        ['Metric', 'Formula', 'The question it answers', 'Example'],
        [
          ['**Accuracy**', '(TP + TN) / all', 'How often is the model right overall?', '85 / 100 = 0.85'],
          ['**Precision**', 'TP / (TP + FP)', 'When it says spam, how often is it spam?', '40 / 50 = 0.80'],
          [
            '**Recall** (sensitivity)',
            'TP / (TP + FN)',
            'Of the real spam, how much did it catch?',
            '40 / 45 = 0.89',
          ],
          [
            '**Specificity**',
            'TN / (TN + FP)',
            'Of the real mail, how much did it leave alone?',
            '45 / 55 = 0.82',
          ],
          [
            '**F1 score**',
            '2 × P × R / (P + R)',
            'One number that is high only when both precision and recall are.',
            '0.84',
          ],
        ],
        [1.25, 1.25, 2.4, 1.1],
      );

      const next = sheet.page();
      next.heading('Choosing the metric');
      const [costs, imbalance] = next.split(2, 14);
      costs!.callout(
        'False alarms are expensive: precision',
        'A spam filter that hides a real invoice costs more than one that lets an advert through. Raise the threshold and watch precision.',
        { size: 9 },
      );
      costs!.callout(
        'Misses are expensive: recall',
        'Screening for a disease or for fraud: a missed case is worse than a second look at a healthy one. Lower the threshold and watch recall.',
        { size: 9 },
      );
      imbalance!.callout(
        'Imbalanced classes: never accuracy alone',
        'If 99% of card payments are genuine, a model that always answers “genuine” is 99% accurate and catches no fraud at all. Report precision and recall (or F1), and the confusion matrix.',
        { fill: C.dangerSoft, edge: C.danger, size: 9 },
      );
      imbalance!.callout(
        'Balanced classes, equal costs: accuracy is fine',
        'Then compare it with the baseline: always predicting the most common class.',
        { fill: C.successSoft, edge: C.success, size: 9 },
      );
      next.below([costs!, imbalance!], 4);
      next.heading('Regression metrics');
      next.table(
        ['Metric', 'What it is', 'Read it as'],
        [
          [
            '**MAE**',
            'Mean of |actual – predicted|',
            'The typical error, in the target’s own unit. Robust to a few outliers.',
          ],
          [
            '**RMSE**',
            'Square root of the mean squared error',
            'Like MAE, but large errors weigh more. Use it when big misses hurt most.',
          ],
          [
            '**R²**',
            '1 – (squared error / variance of the target)',
            'The share of the variation the model explains: 1 is perfect, 0 is no better than the mean.',
          ],
        ],
        [0.8, 2, 3],
      );
      next.heading('Overfitting at a glance');
      const [chart, cures] = next.split(2, 18);
      chart!.figure(160, (box) => overfittingChart(sheet, box));
      cures!.paragraph(
        '**Signs**: the training score is far better than the validation score, and the gap grows as the model gets more complex.',
        { size: 9.2 },
      );
      cures!.paragraph('**Cures**', { size: 9.2 });
      cures!.list(
        [
          '**Cross-validation**: five folds, each held out once, so one lucky split cannot fool you.',
          '**A simpler model**: fewer features, shallower trees, fewer parameters.',
          '**Regularisation**: penalise large weights (L1, L2) or prune the tree.',
          '**More data**: the most reliable cure when you can get it.',
        ],
        { size: 9 },
      );
      next.below([chart!, cures!]);
    },
  },

  '/media/resources/ui-five-second-checklist.pdf': {
    kind: 'Checklist',
    title: 'The five-second checklist',
    draw(sheet) {
      const col = sheet.page();
      col.paragraph(
        '**How to run it.** Show the screen to someone who has not seen it for exactly five seconds, then hide it and ask the five questions. Write down their words, not yours. Five people find most of the problems.',
      );
      col.space(4).figure(34, (box) => writeInFields(sheet, box, ['Screen tested', 'Date', 'Tester']));
      col.heading('The five questions');
      col.checklist(
        [
          {
            text: '1. What is this screen for?',
            hint: 'Looking for: its purpose in their own words. “Some kind of dashboard” is a miss.',
          },
          {
            text: '2. What should I do first?',
            hint: 'Looking for: the primary action. If they name a secondary link, the primary one is not loud enough.',
          },
          {
            text: '3. What is most important here?',
            hint: 'Looking for: the thing you meant to be seen first. Size, weight, colour and position decide it.',
          },
          {
            text: '4. Is anything competing for attention?',
            hint: 'Looking for: two or more things of the same visual weight. Quiet everything but the one that matters.',
          },
          {
            text: '5. Would a new user know where they are?',
            hint: 'Looking for: the page title, the current place in the navigation, a way back.',
          },
        ],
        { writeLines: 2 },
      );
      const [score, tips] = col.split(2, 16);
      score!.heading('Score', { size: 12 });
      score!.table(
        ['Correct answers', 'Next step'],
        [
          ['5 of 5', 'Ship it.'],
          ['3 or 4', 'Fix the misses, test again with new people.'],
          ['0 to 2', 'Rethink the hierarchy before polishing anything.'],
        ],
        [1, 2],
        { size: 9 },
      );
      tips!.heading('Keep the test honest', { size: 12 });
      tips!.list(
        [
          'Never explain the screen first.',
          'Use real content, never placeholder text.',
          'Test on the device people will use.',
          'Ask the same questions in the same order.',
        ],
        { size: 9.2 },
      );
      col.below([score!, tips!]);
    },
  },

  '/media/resources/ui-project-brief.pdf': {
    kind: 'Project brief',
    title: 'Project: redesign a settings page',
    draw(sheet) {
      const col = sheet.page();
      col.heading('The situation');
      col.paragraph(
        '**Lumen** is a note-taking app whose settings page grew one checkbox at a time. Today it is one long list of 23 settings in the order they were built, three different button styles, and the **Save** button sits below the fold, so people leave without saving.',
      );
      col.space(4);
      const [before, goals] = col.split(2, 20);
      before!.figure(250, (box) => clutteredSettings(sheet, box));
      goals!.heading('Your goals', { size: 12 });
      goals!.list(
        [
          '**Group** related settings; every group gets a clear heading.',
          'Make the **one action that matters most** (Save changes) stand out and always reachable.',
          'Put **destructive actions** (delete account, sign out everywhere) apart, and ask before doing them.',
          'Use an **8-point spacing grid** and at most **four type sizes**.',
          'Use the primary colour for the **primary action only**; text contrast at least 4.5 : 1.',
        ],
        { size: 9.5 },
      );
      col.below([before!, goals!], 4);
      col.heading('The 23 settings to place');
      const inventory = [
        'Display name',
        'Email address',
        'Password',
        'Two-factor authentication',
        'Profile photo',
        'Email me about comments',
        'Email me about mentions',
        'Weekly summary email',
        'Push notifications',
        'Sound on new note',
        'Theme (light, dark, system)',
        'Font size',
        'Compact mode',
        'Show word count',
        'Default notebook',
        'Spell-check language',
        'Make profile public',
        'Show online status',
        'Let search engines index shared notes',
        'Download my data',
        'Delete account',
        'Sign out of all devices',
        'Keyboard shortcuts',
      ];
      const lists = col.split(3, 12);
      [0, 8, 16].forEach((start, i) =>
        lists[i]!.list(inventory.slice(start, start + 8), { size: 9, gap: 1.5 }),
      );
      col.below(lists);

      const next = sheet.page();
      next.heading('What you hand in');
      next.list(
        [
          '**A grouping map**: every setting in a group, with the group’s name (a card sort with three people is ideal).',
          '**Wireframes** at 1280 and 375 pixels wide, in greys only.',
          '**One high-fidelity screen** at 1280 wide, built on your spacing grid and type scale.',
          '**Half a page of rationale**: what you grouped, what you made loud, what you made quiet, and why.',
        ],
        { numbered: true },
      );
      next.heading('A four-day plan');
      next.table(
        ['Day', 'Work', 'Result'],
        [
          ['1', 'Audit the page; card-sort the 23 settings', 'Grouping map'],
          ['2', 'Sketch three layouts; pick one; wireframe both widths', 'Wireframes'],
          ['3', 'Spacing, type scale and colour on the chosen layout', 'High-fidelity screen'],
          [
            '4',
            'Run the five-second checklist with five people; fix what they missed',
            'Rationale and final screen',
          ],
        ],
        [0.5, 3.4, 1.6],
      );
      next.heading('How it is judged');
      next.table(
        ['Criterion', 'What great looks like'],
        [
          ['Grouping', 'Every setting is where a new user would look for it; no group called “Other”.'],
          ['Hierarchy', 'In five seconds people name the page’s purpose and find Save changes.'],
          ['Spacing', 'Every gap is a multiple of 8; related things sit closer than unrelated ones.'],
          ['Type', 'Four sizes or fewer; headings, labels and help text are told apart at a glance.'],
          ['Colour and contrast', 'One colour for the primary action; all text passes 4.5 : 1.'],
          ['Danger zone', 'Destructive actions are separated, clearly labelled and confirmed.'],
        ],
        [1.3, 4.5],
      );
      next.callout(
        'Before you submit',
        'Test your final screen with the five-second checklist from the first section of this course, and attach the answers you collected.',
        { fill: C.accentSoft, edge: C.accent },
      );
    },
  },
};

/**
 * An outlined course's worksheet (demo-course-outlines.ts): the exercise's brief and its steps as a
 * checklist with room for notes, then the course's lessons to look back at and a reflection to write.
 */
function worksheetDesign(outline: DemoCourseOutline): ResourceDesign {
  const { exercise } = outline;
  return {
    kind: 'Worksheet',
    title: exercise.worksheet,
    draw(sheet) {
      const col = sheet.page();
      col.paragraph(
        `${exercise.intro} Work through the steps in order and write down what you did and found.`,
        {
          color: C.muted,
        },
      );
      col.heading(exercise.title.replace(/^Exercise: /, 'The exercise: '));
      col.checklist(
        exercise.steps.map((step) => ({ text: step })),
        { writeLines: 3 },
      );
      col.heading('Look back at');
      col.list(
        [
          `**${outline.sections[0]}**: ${outline.videos[0]}; ${outline.videos[1]}; ${outline.reading.title}.`,
          `**${outline.sections[1]}**: ${outline.videos[2]}.`,
        ],
        { size: 9.5 },
      );
      col.callout(
        'When you are done',
        'Write one sentence on what you would do differently next time, and share your result in the lesson’s questions and answers.',
        { fill: C.accentSoft, edge: C.accent },
      );
    },
  };
}

for (const outline of DEMO_COURSE_OUTLINES)
  DESIGNS[outlineWorksheetFile(outline.slug)] = worksheetDesign(outline);

// ---------------------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------------------

type Box = { x: number; y: number; width: number; height: number };

/** A 3 × 2 grid with its line numbers, a track, a gap and a named area. */
function gridAnatomy(sheet: Sheet, box: Box) {
  const { page, fonts } = { page: sheet.pages.at(-1)!, fonts: sheet.fonts };
  roundedRect(page, box.x, box.y, box.width, box.height, 8, { fill: C.surfaceMuted });
  const gx = box.x + 44;
  const gy = box.y + 22;
  const cellW = 78;
  const cellH = 46;
  const gap = 10;
  const cols = [gx, gx + cellW + gap, gx + 2 * (cellW + gap)];
  const rows = [gy + cellH + gap, gy];
  // Column lines 1–4 and row lines 1–3.
  const lineXs = [cols[0]! - gap / 2, cols[1]! - gap / 2, cols[2]! - gap / 2, cols[2]! + cellW + gap / 2];
  const top = rows[0]! + cellH + gap / 2;
  const bottom = rows[1]! - gap / 2;
  lineXs.forEach((x, i) => {
    page.drawLine({
      start: { x, y: bottom - 4 },
      end: { x, y: top + 4 },
      thickness: 0.8,
      color: C.accent,
      dashArray: [2, 2],
    });
    centredText(page, fonts.bold, String(i + 1), x, top + 9, 8.5, C.accent);
  });
  const lineYs = [top, rows[1]! + cellH + gap / 2, bottom];
  lineYs.forEach((y, i) => {
    page.drawLine({
      start: { x: lineXs[0]! - 4, y },
      end: { x: lineXs[3]! + 4, y },
      thickness: 0.8,
      color: C.accent,
      dashArray: [2, 2],
    });
    page.drawText(String(i + 1), {
      x: lineXs[0]! - 16,
      y: y - 3,
      size: 8.5,
      font: fonts.bold,
      color: C.accent,
    });
  });
  // The area "head" spans the first row; the other cells are plain items.
  roundedRect(page, cols[0]!, rows[0]!, 3 * cellW + 2 * gap, cellH, 4, { fill: C.primary });
  centredText(
    page,
    fonts.code,
    'grid-area: head',
    cols[0]! + (3 * cellW + 2 * gap) / 2,
    rows[0]! + cellH / 2 - 3,
    9,
    C.white,
  );
  cols.forEach((x, i) => {
    roundedRect(page, x, rows[1]!, cellW, cellH, 4, {
      fill: i === 1 ? C.accentSoft : C.white,
      stroke: i === 1 ? C.accent : C.primaryPale,
    });
  });
  centredText(page, fonts.bold, 'a cell', cols[1]! + cellW / 2, rows[1]! + cellH / 2 - 3, 8.5, C.accent);
  // Legend on the right.
  const lx = lineXs[3]! + 24;
  const legend: Array<[string, string]> = [
    ['Track', 'a column or a row: three column tracks and two row tracks here'],
    ['Line', 'the numbered edges between tracks, from 1; -1 is the last'],
    ['Cell', 'where one row track crosses one column track'],
    ['Area', 'a named rectangle of cells, like head'],
    ['Gap', 'the gutter between tracks (gap: 10px here)'],
  ];
  let y = box.y + box.height - 14;
  for (const [term, meaning] of legend) {
    y -=
      sheet.text(page, `**${term}**  ${meaning}`, lx, y, box.x + box.width - lx - 12, {
        size: 8.4,
        color: C.muted,
        lineHeight: 10.6,
      }) + 7;
  }
}

/** The desktop and phone wireframes of the front page, areas named. */
function magazineWireframes(sheet: Sheet, box: Box) {
  const page = sheet.pages.at(-1)!;
  const { fonts } = sheet;
  const area = (x: number, y: number, w: number, h: number, name: string, strong = false) => {
    roundedRect(page, x, y, w, h, 3, {
      fill: strong ? C.primary : C.primarySoft,
      stroke: strong ? undefined : C.primaryPale,
    });
    centredText(page, fonts.code, name, x + w / 2, y + h / 2 - 3, 8.5, strong ? C.white : C.primary);
  };
  const label = (text: string, x: number) =>
    page.drawText(text, { x, y: box.y + box.height - 10, size: 8.5, font: fonts.bold, color: C.muted });
  // Desktop: four columns (three for stories, one for news); rows: masthead, lead, stories, footer.
  const dw = 370;
  const dx = box.x;
  label('Desktop, from 64em', dx);
  const g = 5;
  const colW = (dw - 3 * g) / 4;
  const rowH = [24, 62, 46, 20];
  let y = box.y + box.height - 20;
  area(dx, y - rowH[0]!, dw, rowH[0]!, 'masthead');
  y -= rowH[0]! + g;
  area(dx, y - rowH[1]!, 2 * colW + g, rowH[1]!, 'lead', true);
  area(dx + 2 * (colW + g), y - rowH[1]!, colW, rowH[1]!, 'photo');
  area(dx + 3 * (colW + g), y - rowH[1]! - g - rowH[2]!, colW, rowH[1]! + g + rowH[2]!, 'news');
  y -= rowH[1]! + g;
  for (let i = 0; i < 3; i++) area(dx + i * (colW + g), y - rowH[2]!, colW, rowH[2]!, `story ${i + 1}`);
  y -= rowH[2]! + g;
  area(dx, y - rowH[3]!, dw, rowH[3]!, 'footer');
  // Phone: one column, in reading order.
  const px = box.x + box.width - 98;
  const pw = 92;
  label('Phone, below 40em', px - 6);
  roundedRect(page, px - 6, box.y, pw + 12, box.height - 16, 10, { stroke: C.faint, strokeWidth: 1.2 });
  const order: Array<[string, number, boolean]> = [
    ['masthead', 14, false],
    ['lead', 28, true],
    ['photo', 14, false],
    ['story 1', 14, false],
    ['story 2', 14, false],
    ['story 3', 14, false],
    ['news', 18, false],
    ['footer', 12, false],
  ];
  let py = box.y + box.height - 26;
  for (const [name, h, strong] of order) {
    area(px, py - h, pw, h, name, strong);
    py -= h + 4;
  }
}

/** Six numbered stages joined by a line, and the loop back from the last to the first. */
function workflowTimeline(
  sheet: Sheet,
  box: Box,
  stages: Array<{ name: string; question: string; tips: string[] }>,
) {
  const page = sheet.pages.at(-1)!;
  const { fonts } = sheet;
  const step = box.height / stages.length;
  const cx = box.x + 40;
  const firstY = box.y + box.height - step / 2;
  const lastY = box.y + step / 2;
  page.drawLine({
    start: { x: cx, y: firstY },
    end: { x: cx, y: lastY },
    thickness: 3,
    color: C.primaryPale,
  });
  // The loop: from the last stage back to the first, on the far left.
  const lx = box.x + 6;
  page.drawLine({
    start: { x: cx - 20, y: lastY },
    end: { x: lx, y: lastY },
    thickness: 1.4,
    color: C.accent,
    dashArray: [3, 3],
  });
  page.drawLine({
    start: { x: lx, y: lastY },
    end: { x: lx, y: firstY },
    thickness: 1.4,
    color: C.accent,
    dashArray: [3, 3],
  });
  arrow(page, { x: lx, y: firstY }, { x: cx - 20, y: firstY }, { color: C.accent, dashed: true });
  page.drawText('iterate', {
    x: lx - 4,
    y: (firstY + lastY) / 2,
    size: 8.5,
    font: fonts.bold,
    color: C.accent,
    rotate: degrees(90),
  });
  stages.forEach((stage, i) => {
    const cy = firstY - i * step;
    page.drawCircle({ x: cx, y: cy, size: 17, color: i === stages.length - 1 ? C.accent : C.primary });
    centredText(page, fonts.bold, String(i + 1), cx, cy - 6, 16, C.white);
    const cardX = cx + 32;
    const cardW = box.x + box.width - cardX;
    const cardTop = cy + step / 2 - 5;
    const cardH = step - 10;
    roundedRect(page, cardX, cardTop - cardH, cardW, cardH, 6, {
      fill: i % 2 === 0 ? C.primarySoft : C.white,
      stroke: C.primaryPale,
    });
    page.drawText(stage.name, {
      x: cardX + 14,
      y: cardTop - 20,
      size: 14,
      font: fonts.bold,
      color: C.header,
    });
    sheet.text(page, `_${stage.question}_`, cardX + 14, cardTop - 25, cardW - 28, {
      size: 10,
      color: C.muted,
    });
    const tipWidth = (cardW - 28 - 12) / 2;
    stage.tips.forEach((tip, t) => {
      const tx = cardX + 14 + t * (tipWidth + 12);
      page.drawRectangle({ x: tx, y: cardTop - 64, width: 2, height: 22, color: C.accentBright });
      sheet.text(page, tip, tx + 8, cardTop - 42, tipWidth - 8, { size: 8.8, lineHeight: 11 });
    });
  });
}

/** The confusion matrix of the spam example, with the cells' names and counts. */
function confusionMatrix(sheet: Sheet, box: Box) {
  const page = sheet.pages.at(-1)!;
  const { fonts } = sheet;
  const cell = 84;
  const mx = box.x + 110;
  const my = box.y + 14;
  const cells: Array<{
    col: number;
    row: number;
    code: string;
    name: string;
    count: number;
    fill: RGB;
    ink: RGB;
  }> = [
    { col: 0, row: 1, code: 'TP', name: 'spam, caught', count: 40, fill: C.successSoft, ink: C.success },
    { col: 1, row: 1, code: 'FN', name: 'spam, missed', count: 5, fill: C.dangerSoft, ink: C.danger },
    { col: 0, row: 0, code: 'FP', name: 'mail, flagged', count: 10, fill: C.dangerSoft, ink: C.danger },
    { col: 1, row: 0, code: 'TN', name: 'mail, let through', count: 45, fill: C.successSoft, ink: C.success },
  ];
  for (const c of cells) {
    const x = mx + c.col * (cell + 4);
    const y = my + c.row * (cell + 4);
    roundedRect(page, x, y, cell, cell, 6, { fill: c.fill });
    centredText(page, fonts.bold, String(c.count), x + cell / 2, y + cell / 2 + 2, 24, c.ink);
    centredText(page, fonts.bold, c.code, x + cell / 2, y + 16, 9, c.ink);
    centredText(page, fonts.regular, c.name, x + cell / 2, y + 6, 7.5, C.muted);
  }
  const top = my + 2 * cell + 4;
  centredText(page, fonts.bold, 'Predicted spam', mx + cell / 2, top + 8, 9, C.header);
  centredText(page, fonts.bold, 'Predicted mail', mx + cell * 1.5 + 4, top + 8, 9, C.header);
  page.drawText('Actually spam', {
    x: box.x + 30,
    y: my + cell * 1.5 + 1,
    size: 9,
    font: fonts.bold,
    color: C.header,
  });
  page.drawText('Actually mail', {
    x: box.x + 30,
    y: my + cell / 2 - 3,
    size: 9,
    font: fonts.bold,
    color: C.header,
  });
  // How to read it, beside the matrix.
  const rx = mx + 2 * cell + 30;
  const rw = box.x + box.width - rx;
  let y = box.y + box.height - 8;
  page.drawText('How to read it', { x: rx, y: y - 10, size: 11, font: fonts.bold, color: C.primary });
  y -= 20;
  const notes = [
    'Rows are the truth, columns are the model’s answer.',
    'The **diagonal** (green) is what it got right: 40 + 45 = 85 of 100.',
    '**False positives** (10) are real mail sent to the spam folder.',
    '**False negatives** (5) are spam that reached the inbox.',
    'Every metric in the table below is a ratio of these four numbers.',
  ];
  for (const note of notes) {
    page.drawCircle({ x: rx + 3, y: y - 6, size: 1.9, color: C.accent });
    y -= sheet.text(page, note, rx + 11, y, rw - 11, { size: 9.2 }) + 4;
  }
}

/** Training and validation error against model complexity, the sweet spot marked. */
function overfittingChart(sheet: Sheet, box: Box) {
  const page = sheet.pages.at(-1)!;
  const { fonts } = sheet;
  const ox = box.x + 22;
  const oy = box.y + 30;
  const w = box.width - 30;
  const h = box.height - 42;
  arrow(page, { x: ox, y: oy }, { x: ox + w, y: oy }, { color: C.muted });
  arrow(page, { x: ox, y: oy }, { x: ox, y: oy + h }, { color: C.muted });
  centredText(page, fonts.regular, 'model complexity', ox + w / 2, oy - 24, 7.8, C.muted);
  page.drawText('error', { x: ox - 20, y: oy + h + 4, size: 7.8, font: fonts.regular, color: C.muted });
  // Curves in SVG coordinates (y down) from the chart's top-left corner.
  const toSvg = (fx: number, fy: number) => `${(fx * w).toFixed(1)} ${(h - fy * h).toFixed(1)}`;
  const training = `M ${toSvg(0.03, 0.9)} C ${toSvg(0.25, 0.35)} ${toSvg(0.5, 0.12)} ${toSvg(0.97, 0.06)}`;
  const validation = `M ${toSvg(0.03, 0.95)} C ${toSvg(0.3, 0.2)} ${toSvg(0.55, 0.25)} ${toSvg(0.97, 0.8)}`;
  page.drawSvgPath(training, { x: ox, y: oy + h, borderColor: C.primary, borderWidth: 2 });
  page.drawSvgPath(validation, { x: ox, y: oy + h, borderColor: C.accent, borderWidth: 2 });
  const sweet = ox + 0.4 * w;
  page.drawLine({
    start: { x: sweet, y: oy },
    end: { x: sweet, y: oy + h * 0.85 },
    thickness: 0.8,
    color: C.success,
    dashArray: [2, 2],
  });
  centredText(page, fonts.bold, 'sweet spot', sweet, oy + h * 0.88, 7.8, C.success);
  page.drawText('validation', {
    x: ox + w * 0.6,
    y: oy + h * 0.8,
    size: 8,
    font: fonts.bold,
    color: C.accent,
  });
  page.drawText('training', {
    x: ox + w * 0.78,
    y: oy + h * 0.16,
    size: 8,
    font: fonts.bold,
    color: C.primary,
  });
  page.drawText('underfits', { x: ox + 2, y: oy - 12, size: 7.5, font: fonts.italic, color: C.muted });
  page.drawText('overfits', { x: ox + w - 34, y: oy - 12, size: 7.5, font: fonts.italic, color: C.muted });
}

/** Labelled write-in fields across the width. */
function writeInFields(sheet: Sheet, box: Box, labels: string[]) {
  const page = sheet.pages.at(-1)!;
  const shares = labels.map((_, i) => (i === 0 ? 2 : 1));
  const total = shares.reduce((a, b) => a + b, 0);
  let x = box.x;
  labels.forEach((label, i) => {
    const width = (shares[i]! / total) * box.width - 14;
    page.drawText(label.toUpperCase(), {
      x,
      y: box.y + box.height - 9,
      size: 7.2,
      font: sheet.fonts.bold,
      color: C.muted,
    });
    page.drawLine({
      start: { x, y: box.y + 4 },
      end: { x: x + width, y: box.y + 4 },
      thickness: 0.8,
      color: C.faint,
    });
    x += width + 14;
  });
}

/** The page as it is today: one long list, mixed buttons, Save out of sight. */
function clutteredSettings(sheet: Sheet, box: Box) {
  const page = sheet.pages.at(-1)!;
  const { fonts } = sheet;
  page.drawText('TODAY', {
    x: box.x,
    y: box.y + box.height - 8,
    size: 7.5,
    font: fonts.bold,
    color: C.danger,
  });
  const frameTop = box.y + box.height - 14;
  roundedRect(page, box.x, box.y, box.width, frameTop - box.y, 6, { fill: C.white, stroke: C.border });
  const rows = [
    'Display name',
    'Theme',
    'Email me about comments',
    'Delete account',
    'Font size',
    'Two-factor authentication',
    'Sound on new note',
    'Make profile public',
    'Password',
    'Weekly summary email',
    'Compact mode',
    'Download my data',
  ];
  let y = frameTop - 14;
  rows.forEach((row, i) => {
    page.drawRectangle({
      x: box.x + 10,
      y: y - 6,
      width: 7,
      height: 7,
      borderColor: C.faint,
      borderWidth: 0.8,
    });
    page.drawText(row, {
      x: box.x + 22,
      y: y - 5,
      size: 7.6,
      font: i === 3 ? fonts.bold : fonts.regular,
      color: i === 3 ? C.danger : C.muted,
    });
    if (i % 4 === 1)
      roundedRect(page, box.x + box.width - 54, y - 8, 44, 11, i === 5 ? 5 : 1, {
        fill: i === 5 ? C.accentSoft : C.surfaceMuted,
        stroke: C.faint,
        strokeWidth: 0.5,
      });
    y -= 14.5;
  });
  page.drawText('… 11 more …', { x: box.x + 22, y: y - 5, size: 7.6, font: fonts.italic, color: C.faint });
  // The fold, and Save below it.
  const fold = box.y + 26;
  page.drawLine({
    start: { x: box.x - 4, y: fold },
    end: { x: box.x + box.width + 4, y: fold },
    thickness: 1,
    color: C.danger,
    dashArray: [4, 3],
  });
  page.drawText('the fold', {
    x: box.x + box.width - 36,
    y: fold + 3,
    size: 7,
    font: fonts.bold,
    color: C.danger,
  });
  roundedRect(page, box.x + 10, box.y + 6, 40, 13, 2, {
    fill: C.surfaceMuted,
    stroke: C.faint,
    strokeWidth: 0.5,
  });
  page.drawText('Save', { x: box.x + 20, y: box.y + 10, size: 7.6, font: fonts.regular, color: C.muted });
}

// ---------------------------------------------------------------------------------------------------------
// Writing the files
// ---------------------------------------------------------------------------------------------------------

interface ResourcePlace {
  course: string;
  lesson: string;
  title: string;
}

/** Where each file is offered: its course's title, its lesson's title and the resource's title. */
function placesOfFiles(): Map<string, ResourcePlace> {
  const places = new Map<string, ResourcePlace>();
  for (const course of DEMO_COURSES) {
    const product = demoProducts.find((p) => p.slug === course.slug);
    if (!product) throw new Error(`demo course ${course.slug} is not a demo product`);
    for (const lesson of course.sections.flatMap((section) => section.lessons)) {
      for (const resource of lesson.resources ?? [])
        places.set(resource.file, { course: product.title, lesson: lesson.title, title: resource.title });
    }
  }
  return places;
}

export async function renderResource(file: string, place: ResourcePlace): Promise<Uint8Array> {
  const design = DESIGNS[file];
  if (!design) throw new Error(`${file} has no design in media/generate-resources.ts: add one`);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    code: await doc.embedFont(StandardFonts.Courier),
    codeBold: await doc.embedFont(StandardFonts.CourierBold),
  };
  doc.setTitle(`${design.title} (${place.course})`);
  doc.setAuthor('Catalyst');
  doc.setSubject(`${place.title}: a resource of the lesson “${place.lesson}” in ${place.course}`);
  doc.setKeywords(['Catalyst', place.course, design.kind]);
  doc.setCreator('Catalyst');
  doc.setProducer('Catalyst media/generate-resources.ts (pdf-lib)');
  doc.setLanguage('en-GB');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const sheet = new Sheet(doc, fonts, {
    kind: design.kind,
    title: design.title,
    course: place.course,
    lesson: place.lesson,
  });
  design.draw(sheet);
  sheet.finish();
  if (sheet.pages.length > 2)
    throw new Error(`${file} has ${sheet.pages.length} pages: a resource is one or two`);
  return doc.save({ useObjectStreams: false });
}

async function main() {
  const places = placesOfFiles();
  for (const file of DEMO_RESOURCE_FILES) {
    const bytes = await renderResource(file, places.get(file)!);
    const target = path.join(REPO_ROOT, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    console.log(`${file}  ${(bytes.length / 1024).toFixed(1)} KiB`);
  }
}

await main();
