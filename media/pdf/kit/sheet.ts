// A sheet: pages with the Catalyst header and footer; each page's content is laid out by a Column.
import type { PDFDocument } from 'pdf-lib';
import { A4, C, CONTENT_WIDTH, MARGIN } from './brand';
import { Column } from './column';
import { Pen } from './pen';
import { Typesetter, type Fonts } from './text';

interface SheetInfo {
  kind: string;
  title: string;
  course: string;
  lesson: string;
}

/**
 * A PDF design: the file it makes, its kind (the header's pill), its title and how it draws its pages: it is
 * handed the first page's column, and `sheet.page()` gives it a second.
 */
export interface ResourceDesign {
  file: string;
  kind: string;
  title: string;
  draw(first: Column, sheet: Sheet): void;
}

export class Sheet {
  private readonly pens: Pen[] = [];
  private readonly type: Typesetter;

  constructor(
    private readonly doc: PDFDocument,
    fonts: Fonts,
    readonly info: SheetInfo,
  ) {
    this.type = new Typesetter(fonts);
  }

  get pageCount() {
    return this.pens.length;
  }

  /** A new page: the full header on the first, a slim one after; the footer is drawn by `finish`. */
  page(): Column {
    const pen = new Pen(this.doc.addPage([A4.width, A4.height]), this.type);
    this.pens.push(pen);
    const top = this.pens.length === 1 ? this.fullHeader(pen) : this.slimHeader(pen);
    return new Column(this, pen, MARGIN, CONTENT_WIDTH, top - 24);
  }

  /** Footers name the page count, known only once every page exists. */
  finish() {
    this.pens.forEach((pen, index) => {
      pen.line({ x: MARGIN, y: 40 }, { x: A4.width - MARGIN, y: 40 }, { thickness: 0.6, color: C.border });
      const style = { size: 8, color: C.muted };
      pen.label(`Catalyst  ·  ${this.info.course}  ·  ${this.info.title}`, MARGIN, 26, {
        ...style,
        font: 'regular',
      });
      pen.rightAligned(`${index + 1} / ${this.pens.length}`, A4.width - MARGIN, 26, style);
    });
  }

  /** The dark band across the top of a page with its amber edge; returns its bottom. */
  private band(pen: Pen, height: number, edge: number) {
    const bottom = A4.height - height;
    pen.rect(0, bottom, A4.width, height, C.header);
    pen.rect(0, bottom, A4.width, edge, C.accentBright);
    return bottom;
  }

  private logo(pen: Pen, x: number, y: number, size: number) {
    pen.roundedRect(x, y, size, size, size * 0.24, { fill: C.primaryBright });
    // A spark: the catalyst's diamond.
    const c = size / 2;
    pen.path(
      `M ${c} ${size * 0.18} L ${size * 0.8} ${c} L ${c} ${size * 0.82} L ${size * 0.2} ${c} Z`,
      { x, y: y + size },
      { fill: C.accentBright },
    );
    pen.label('Catalyst', x + size + 7, y + size * 0.22, { size: size * 0.72, color: C.white });
  }

  private fullHeader(pen: Pen): number {
    const { kind, title, course, lesson } = this.info;
    const titleStyle = { size: 26, base: 'bold' as const, color: C.white, lineHeight: 31 };
    const bottom = this.band(pen, 128 + pen.measure(title, CONTENT_WIDTH, titleStyle), 4);
    this.logo(pen, MARGIN, A4.height - 58, 20);
    pen.pill(kind.toUpperCase(), A4.width - MARGIN, A4.height - 53, {
      fill: C.accentBright,
      color: C.header,
    });
    let y = A4.height - 84;
    y -= pen.text(title, MARGIN, y, CONTENT_WIDTH, titleStyle);
    y -= 8;
    pen.text(course, MARGIN, y, CONTENT_WIDTH, { size: 12, base: 'bold', color: C.primaryPale });
    pen.text(`Lesson: ${lesson}`, MARGIN, y - 18, CONTENT_WIDTH, { size: 9.5, color: C.faint });
    return bottom;
  }

  private slimHeader(pen: Pen): number {
    const bottom = this.band(pen, 44, 3);
    this.logo(pen, MARGIN, bottom + 13, 16);
    pen.rightAligned(`${this.info.title}  ·  ${this.info.course}`, A4.width - MARGIN, bottom + 18, {
      size: 9,
      color: C.primaryPale,
      font: 'regular',
    });
    return bottom;
  }
}
