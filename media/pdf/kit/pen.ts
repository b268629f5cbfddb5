// The drawing kit of one page: single-line labels, wrapped text with markup, lines, boxes, pills and arrows.
import type { PDFPage, RGB, Rotation } from 'pdf-lib';
import { C } from './brand';
import type { Fonts, TextStyle, Typesetter } from './text';

interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

/** How a shape is painted: filled, outlined, or both. */
interface Paint {
  fill?: RGB;
  stroke?: RGB;
  strokeWidth?: number;
}

interface LabelStyle {
  size: number;
  color: RGB;
  font?: keyof Fonts;
  rotate?: Rotation;
}

export class Pen {
  constructor(
    private readonly page: PDFPage,
    private readonly type: Typesetter,
  ) {}

  get fonts() {
    return this.type.fonts;
  }

  /** One line of text, no markup, its baseline at `y` (bold unless told). */
  label(text: string, x: number, y: number, { size, color, font = 'bold', rotate }: LabelStyle) {
    this.page.drawText(text, { x, y, size, font: this.fonts[font], color, rotate });
  }

  /** A label centred on `cx`. */
  centred(text: string, cx: number, y: number, style: LabelStyle) {
    this.label(text, cx - this.width(text, style) / 2, y, style);
  }

  /** A label ending at `right`. */
  rightAligned(text: string, right: number, y: number, style: LabelStyle) {
    this.label(text, right - this.width(text, style), y, style);
  }

  width(text: string, { size, font = 'bold' }: Pick<LabelStyle, 'size' | 'font'>) {
    return this.fonts[font].widthOfTextAtSize(text, size);
  }

  /** Text with inline markup wrapped to `width`, its first line one ascent below `top`; returns its height. */
  text(text: string, x: number, top: number, width: number, style: TextStyle) {
    return this.type.draw(this.page, text, x, top, width, style);
  }

  measure(text: string, width: number, style: TextStyle) {
    return this.type.measure(text, width, style);
  }

  line(
    start: Point,
    end: Point,
    { color, thickness = 1, dash }: { color: RGB; thickness?: number; dash?: number[] },
  ) {
    this.page.drawLine({ start, end, thickness, color, ...(dash ? { dashArray: dash } : {}) });
  }

  /** A filled rectangle. */
  rect(x: number, y: number, width: number, height: number, fill: RGB) {
    this.page.drawRectangle({ x, y, width, height, color: fill });
  }

  /** An empty square outline, for a box to tick. */
  tickBox(x: number, y: number, size: number, { color, thickness }: { color: RGB; thickness: number }) {
    this.page.drawRectangle({ x, y, width: size, height: size, borderColor: color, borderWidth: thickness });
  }

  dot(x: number, y: number, radius: number, fill: RGB) {
    this.page.drawCircle({ x, y, size: radius, color: fill });
  }

  roundedRect(x: number, y: number, width: number, height: number, r: number, paint: Paint) {
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
    this.path(d, { x, y: y + height }, paint);
  }

  /** A lozenge with a short bold label (7.5 pt), ending at `right`. */
  pill(text: string, right: number, y: number, { fill, color }: { fill: RGB; color: RGB }) {
    const style = { size: 7.5, color };
    const width = this.width(text, style) + 16;
    const left = right - width;
    this.roundedRect(left, y - 5, width, style.size + 10, (style.size + 10) / 2, { fill });
    this.label(text, left + 8, y - 0.5, style);
  }

  /** A straight arrow from one point to another, its head at the end. */
  arrow(from: Point, to: Point, { color = C.faint, thickness = 1.4, head = 6, dashed = false } = {}) {
    const angle = Math.atan2(to.y - from.y, to.x - from.x);
    const base = { x: to.x - Math.cos(angle) * head, y: to.y - Math.sin(angle) * head };
    this.line(from, base, { thickness, color, ...(dashed ? { dash: [3, 3] } : {}) });
    const side = head * 0.6;
    const p1 = { x: base.x + Math.sin(angle) * side, y: base.y - Math.cos(angle) * side };
    const p2 = { x: base.x - Math.sin(angle) * side, y: base.y + Math.cos(angle) * side };
    // drawSvgPath flips y: give points relative to (0, 0) with y negated.
    this.path(`M ${to.x} ${-to.y} L ${p1.x} ${-p1.y} L ${p2.x} ${-p2.y} Z`, { x: 0, y: 0 }, { fill: color });
  }

  /** A path in SVG coordinates (y down) from the origin `at`, filled or stroked. */
  path(d: string, at: Point, { fill, stroke, strokeWidth = 1 }: Paint) {
    this.page.drawSvgPath(d, {
      ...at,
      ...(fill ? { color: fill } : {}),
      ...(stroke ? { borderColor: stroke, borderWidth: strokeWidth } : {}),
    });
  }
}
