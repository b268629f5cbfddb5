// Text: inline **bold**, _italic_ and `code`, wrapped to a width.
import type { PDFFont, RGB } from 'pdf-lib';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  code: PDFFont;
  codeBold: PDFFont;
}

export type RunStyle = 'regular' | 'bold' | 'italic' | 'code';
interface Run {
  text: string;
  style: RunStyle;
}

export function parseInline(text: string, base: RunStyle = 'regular'): Run[] {
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

export interface Word {
  text: string;
  style: RunStyle;
  width: number;
  /** The width of the space after it (0 when the next word follows without one). */
  space: number;
}

export interface TextStyle {
  size: number;
  color?: RGB;
  base?: RunStyle;
  lineHeight?: number;
}

export function wrapCode(font: PDFFont, text: string, size: number, width: number): string[] {
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
