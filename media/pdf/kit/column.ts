// A column of a page and the blocks it stacks: headings, paragraphs, lists, code, callouts, tables, figures.
import { C, FOOTER_TOP } from './brand';
import type { Sheet } from './sheet';
import { roundedRect } from './shapes';
import { wrapCode, type TextStyle } from './text';
import type { PDFPage } from 'pdf-lib';

/** A column of a page: blocks stack downwards from `y`; overflowing the page is a design error, not a silent cut. */
export class Column {
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

export type Box = { x: number; y: number; width: number; height: number };
