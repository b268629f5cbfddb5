// Shapes the designs draw with: rounded boxes, pills, arrows and centred labels.
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { C } from './brand';

export function roundedRect(
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

export function pill(
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
export function arrow(
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

export function centredText(
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
