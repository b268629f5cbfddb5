// The text a PDF page shows, for tests and browser journeys: pdf-lib reads the file, zlib inflates the page's
// content streams, and each string a text operator (Tj) shows is decoded. Enough for PDFs drawn with pdf-lib's
// standard fonts (WinAnsi bytes, as the certificate PDF is); free of vitest, so Playwright imports it too.
// pdf-lib is a development dependency of the repository root (only tests use this).
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

/** A page's content streams, inflated (pdf-lib writes them Flate-compressed). */
export function pdfPageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('expected a raw content stream');
      return inflateSync(Buffer.from(stream.contents)).toString('latin1');
    })
    .join('\n');
}

// WinAnsi is Latin-1 but for 0x80–0x9F.
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const winAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b))).join('');

/** Every string a text operator (Tj) shows, decoded: the standard fonts' WinAnsi bytes as hex `<…>` or literal `(…)`. */
export function pdfShownText(content: string): string[] {
  const shown: string[] = [];
  for (const [, hexString, literal] of content.matchAll(
    /(?:<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\))\s*Tj/g,
  )) {
    if (hexString !== undefined) shown.push(winAnsi(Buffer.from(hexString.replace(/\s/g, ''), 'hex')));
    else shown.push(literal!.replace(/\\([()\\])/g, '$1'));
  }
  return shown;
}

/** A PDF's bytes read: the document and the text its first page shows, one shown string a line. */
export async function readPdfText(bytes: Uint8Array): Promise<{ doc: PDFDocument; text: string }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return { doc, text: pdfShownText(pdfPageContent(doc.getPage(0))).join('\n') };
}
