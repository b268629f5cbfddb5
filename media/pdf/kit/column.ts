// A column of a page and the blocks it stacks: headings, paragraphs, lists, code, callouts, tables, figures.
import type { RGB } from 'pdf-lib';
import { C, FOOTER_TOP } from './brand';
import type { Box, Pen } from './pen';
import type { Sheet } from './sheet';
import { wrapCode, type TextStyle } from './text';

/** A callout's colours: its tint and its edge (which also colours its title). */
const TONES = {
  primary: { fill: C.primarySoft, edge: C.primary },
  accent: { fill: C.accentSoft, edge: C.accent },
  danger: { fill: C.dangerSoft, edge: C.danger },
  success: { fill: C.successSoft, edge: C.success },
} satisfies Record<string, { fill: RGB; edge: RGB }>;

/** A column of a page: blocks stack downwards from `y`; overflowing the page is a design error, not a silent cut. */
export class Column {
  private readonly start: number;

  constructor(
    private readonly sheet: Sheet,
    private readonly pen: Pen,
    private readonly x: number,
    private readonly width: number,
    private y: number,
  ) {
    this.start = y;
  }

  /** Side-by-side columns starting at this column's cursor. */
  split(count: number, gutter = 20): Column[] {
    const width = (this.width - gutter * (count - 1)) / count;
    return Array.from(
      { length: count },
      (_, i) => new Column(this.sheet, this.pen, this.x + i * (width + gutter), width, this.y),
    );
  }

  /** Continues below the lowest of `columns`. */
  below(columns: Column[], gap = 0) {
    this.y = Math.min(...columns.map((column) => column.y)) - gap;
    return this;
  }

  private take(height: number) {
    const top = this.y;
    this.y -= height;
    if (this.y < FOOTER_TOP)
      throw new Error(
        `"${this.sheet.info.title}" overflows page ${this.sheet.pageCount} by ${Math.round(FOOTER_TOP - this.y)}pt`,
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
    this.pen.rect(this.x, top - size - 1, 3, size + 2, C.accentBright);
    this.pen.label(text, this.x + 9, top - size + 1, { size, color });
    return this;
  }

  paragraph(text: string, style: Partial<TextStyle> = {}) {
    const full = { size: 10, ...style };
    const height = this.pen.measure(text, this.width, full);
    this.pen.text(text, this.x, this.take(height + 6), this.width, full);
    return this;
  }

  /** The sheet's opening words, quieter than its content. */
  intro(text: string) {
    return this.paragraph(text, { color: C.muted });
  }

  /** Bulleted (or numbered) items; each may have inline markup. */
  list(items: string[], { numbered = false, size = 10, gap = 3 } = {}) {
    const indent = numbered ? 18 : 13;
    items.forEach((item, index) => {
      const style = { size };
      const height = this.pen.measure(item, this.width - indent, style);
      const top = this.take(height + gap);
      if (numbered) {
        this.pen.dot(this.x + 6.5, top - size * 0.6, 6.5, C.primary);
        this.pen.centred(String(index + 1), this.x + 6.5, top - size * 0.6 - 2.6, {
          size: 7.5,
          color: C.white,
        });
      } else {
        this.pen.dot(this.x + 3.5, top - size * 0.62, 1.9, C.accent);
      }
      this.pen.text(item, this.x + indent, top, this.width - indent, style);
    });
    return this.space(3);
  }

  /** Terms and what they do: the term in code type, the explanation wrapped under it. */
  definitions(entries: Array<[term: string, meaning: string]>, { size = 9.2 } = {}) {
    for (const [term, meaning] of entries) {
      const termLines = wrapCode(this.pen.fonts.codeBold, term, size, this.width - 8);
      const meaningStyle = { size, color: C.muted };
      const meaningHeight = this.pen.measure(meaning, this.width - 8, meaningStyle);
      const height = termLines.length * size * 1.25 + meaningHeight + 8;
      const top = this.take(height);
      this.pen.rect(this.x, top - height + 3, this.width, height - 3, C.surfaceMuted);
      termLines.forEach((line, i) =>
        this.pen.label(line, this.x + 5, top - 4 - size - i * size * 1.25, {
          size,
          font: 'codeBold',
          color: C.primary,
        }),
      );
      this.pen.text(
        meaning,
        this.x + 5,
        top - 5 - termLines.length * size * 1.25,
        this.width - 8,
        meaningStyle,
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
    this.pen.roundedRect(this.x, top - height, this.width, height, 5, { fill: C.header });
    if (title) this.pen.label(title, this.x + 9, top - 13, { size: 7.5, color: C.accentBright });
    lines.forEach((line, i) => {
      const style = { size, font: 'code' as const };
      if (this.pen.width(line, style) > this.width - 16)
        throw new Error(`code line too wide in "${this.sheet.info.title}": ${line}`);
      const isComment = /^\s*(\/\*|<!--)/.test(line);
      this.pen.label(line, this.x + 9, top - titleHeight - 9 - size - i * lineHeight + 1, {
        ...style,
        color: isComment ? C.faint : C.primarySoft,
      });
    });
    return this;
  }

  /** A tinted box with a coloured edge: a rule, a warning, a tip. */
  callout(
    title: string,
    body: string,
    { tone = 'primary', size = 9.5 }: { tone?: keyof typeof TONES; size?: number } = {},
  ) {
    const { fill, edge } = TONES[tone];
    const inner = this.width - 22;
    const height = 14 + size + 6 + this.pen.measure(body, inner, { size }) + 8;
    const top = this.take(height + 8);
    this.pen.rect(this.x, top - height, this.width, height, fill);
    this.pen.rect(this.x, top - height, 4, height, edge);
    this.pen.label(title, this.x + 14, top - 10 - size, { size: size + 0.5, color: edge });
    this.pen.text(body, this.x + 14, top - 16 - size, inner, { size });
    return this;
  }

  /** Empty boxes to tick, each with its explanation and (when asked) lines to write on. */
  checklist(items: Array<{ text: string; hint?: string }>, { writeLines = 0, size = 10 } = {}) {
    const indent = 22;
    const textStyle = { size, base: 'bold' as const };
    const hintStyle = { size: size - 1, color: C.muted };
    for (const item of items) {
      const textHeight = this.pen.measure(item.text, this.width - indent, textStyle);
      const hintHeight = item.hint ? this.pen.measure(item.hint, this.width - indent, hintStyle) : 0;
      const height = textHeight + hintHeight + writeLines * 17 + 10;
      const top = this.take(height);
      this.pen.tickBox(this.x + 1, top - 13, 12, { color: C.primary, thickness: 1.2 });
      this.pen.text(item.text, this.x + indent, top, this.width - indent, textStyle);
      if (item.hint)
        this.pen.text(item.hint, this.x + indent, top - textHeight, this.width - indent, hintStyle);
      for (let i = 0; i < writeLines; i++) {
        const y = top - textHeight - hintHeight - 15 - i * 17;
        this.pen.line(
          { x: this.x + indent, y },
          { x: this.x + this.width, y },
          { thickness: 0.5, color: C.faint, dash: [1.5, 2.5] },
        );
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
        Math.max(...cells.map((cell, i) => this.pen.measure(cell, widths[i]! - 2 * pad, style))) + 2 * pad;
      const top = this.take(height);
      const fill = header ? C.primary : index % 2 === 0 ? C.white : C.surfaceMuted;
      this.pen.rect(this.x, top - height, this.width, height, fill);
      let x = this.x;
      cells.forEach((cell, i) => {
        this.pen.text(cell, x + pad, top - pad, widths[i]! - 2 * pad, style);
        x += widths[i]!;
      });
      this.pen.line(
        { x: this.x, y: top - height },
        { x: this.x + this.width, y: top - height },
        { thickness: 0.5, color: C.border },
      );
    };
    row(head, true, 0);
    rows.forEach((cells, index) => row(cells, false, index));
    return this.space(8);
  }

  /** Reserves `height` and hands the drawing to `draw`, with the page's pen and the box it may fill. */
  figure(height: number, draw: (pen: Pen, box: Box) => void) {
    const top = this.take(height);
    draw(this.pen, { x: this.x, y: top - height, width: this.width, height });
    return this;
  }
}
