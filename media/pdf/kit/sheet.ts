// A sheet: pages with the Catalyst header and footer; each page's content is laid out by a Column.
import type { PDFDocument, PDFPage, RGB } from 'pdf-lib';
import { A4, C, CONTENT_WIDTH, MARGIN } from './brand';
import { Column } from './column';
import { roundedRect, pill } from './shapes';
import { parseInline, type Fonts, type RunStyle, type TextStyle, type Word } from './text';

export interface SheetInfo {
  kind: string;
  title: string;
  course: string;
  lesson: string;
}

export class Sheet {
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

/** A PDF design: its kind (the header's pill), its title and how it draws its pages. */
export interface ResourceDesign {
  file: string;
  kind: string;
  title: string;
  draw(sheet: Sheet): void;
}
