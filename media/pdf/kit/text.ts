// Text: inline **bold**, _italic_ and `code`, wrapped to a width.
import { StandardFonts, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { C } from './brand';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  code: PDFFont;
  codeBold: PDFFont;
}

/** The standard fonts every sheet uses: Helvetica for prose, Courier for code. */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    code: await doc.embedFont(StandardFonts.Courier),
    codeBold: await doc.embedFont(StandardFonts.CourierBold),
  };
}

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

export interface TextStyle {
  size: number;
  color?: RGB;
  base?: RunStyle;
  lineHeight?: number;
}

/** Lays out text with inline markup in the sheet's fonts: measures it, breaks it into lines, draws it. */
export class Typesetter {
  constructor(readonly fonts: Fonts) {}

  private words(text: string, { size, base = 'regular' }: TextStyle): Word[] {
    const words: Word[] = [];
    for (const run of parseInline(text, base)) {
      const font = this.fonts[run.style];
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
  private lines(text: string, width: number, style: TextStyle): Word[][] {
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

  private lineHeight(style: TextStyle) {
    return style.lineHeight ?? style.size * 1.38;
  }

  /** The height `text` takes at `width`. */
  measure(text: string, width: number, style: TextStyle) {
    return this.lines(text, width, style).length * this.lineHeight(style);
  }

  /** Draws wrapped text with its first baseline one ascent below `top`; returns the height used. */
  draw(page: PDFPage, text: string, x: number, top: number, width: number, style: TextStyle): number {
    const lineHeight = this.lineHeight(style);
    const lines = this.lines(text, width, style);
    lines.forEach((line, index) => {
      let cursor = x;
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
          font: this.fonts[runStyle],
          color,
        });
        cursor += words.reduce((sum, word) => sum + word.width + word.space, 0);
        start = end;
      }
    });
    return lines.length * lineHeight;
  }
}

/** A code term too long for one line, broken after a space or comma, continued lines indented. */
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
