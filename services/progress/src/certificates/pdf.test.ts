import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFRawStream, type PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Certificate } from '@catalyst/contracts';
import { pdfPageContent, pdfShownText, readPdfText } from '@catalyst/service-kit/testing/pdf';
import { PAGE_HEIGHT, PAGE_WIDTH, renderCertificatePdf } from './pdf';

const certificate = (overrides: Partial<Certificate> = {}): Certificate => ({
  code: 'Q8ZD4N7K2M',
  learnerName: 'Zoë Ó Briain',
  productId: '11111111111111111111aa06',
  productSlug: 'ui-design-fundamentals',
  courseTitle: 'UI Design Fundamentals',
  creatorName: 'Dieter Rams',
  hours: 2.5,
  completedAt: '2026-03-09T23:30:00.000Z',
  issuedAt: '2026-03-09T23:30:02.000Z',
  status: 'valid',
  revokedAt: null,
  revokedReason: null,
  verifyUrl: 'https://learn.example.com/certificates/Q8ZD4N7K2M',
  pdfUrl: 'https://learn.example.com/api/v1/certificates/Q8ZD4N7K2M.pdf',
  credentialUrl: 'https://learn.example.com/api/v1/certificates/Q8ZD4N7K2M/credential',
  ...overrides,
});

async function render(cert: Certificate, siteName?: string) {
  const bytes = await renderCertificatePdf(cert, siteName ? { siteName } : undefined);
  const read = await readPdfText(bytes);
  return { bytes, ...read, shown: shownText(read.doc), fonts: fontsOf(read.doc) };
}

const rawStream = (dict: PDFDict, key: string) => {
  const stream = dict.context.lookup(dict.get(PDFName.of(key)));
  if (!(stream instanceof PDFRawStream)) throw new Error(`${key}: expected a raw stream`);
  return stream;
};

const streamText = (stream: PDFRawStream) => {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const bytes = Buffer.from(stream.contents);
  return (filter === PDFName.of('FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
};

interface PdfFont {
  /** The name it is drawn with (BaseFont; an embedded subset's without its tag). */
  name: string;
  /** Embedded (a TrueType font file in the PDF) rather than one of the PDF's standard fonts. */
  embedded: boolean;
  /** Bytes of the embedded font file. */
  fileBytes: number;
  /** An embedded font's glyph id → text (its ToUnicode map). */
  unicode: Map<number, string>;
}

/** The fonts the page's text is drawn with, by resource name. */
function pageFonts(doc: PDFDocument): Map<string, PdfFont> {
  const fonts = new Map<string, PdfFont>();
  const resources = doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  for (const [key] of resources.entries()) {
    const font = resources.lookup(key, PDFDict);
    const name = font.lookup(PDFName.of('BaseFont'), PDFName).decodeText();
    const unicode = new Map<number, string>();
    let fileBytes = 0;
    if (font.lookup(PDFName.of('Subtype'), PDFName) === PDFName.of('Type0')) {
      const cmap = streamText(rawStream(font, 'ToUnicode'));
      for (const [, glyph, text] of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]+)>/gi)) {
        unicode.set(parseInt(glyph!, 16), Buffer.from(text!, 'hex').swap16().toString('utf16le'));
      }
      const cid = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      const descriptor = cid.lookup(PDFName.of('FontDescriptor'), PDFDict);
      fileBytes = inflateSync(rawStream(descriptor, 'FontFile2').contents).length;
    }
    if (fileBytes) expect(name).toMatch(/^[A-Z]{6}\+/);
    fonts.set(key.asString(), {
      name: name.replace(/^[A-Z]{6}\+/, ''),
      embedded: fileBytes > 0,
      fileBytes,
      unicode,
    });
  }
  return fonts;
}

/** Each font the page uses once (every text drawn names its font again). */
const fontsOf = (doc: PDFDocument) => [
  ...new Map(
    [...pageFonts(doc).values()].map((f) => [f.name, { name: f.name, embedded: f.embedded }]),
  ).values(),
];

/** Every string the page shows, one a line: WinAnsi for the standard fonts, glyphs read back for embedded ones. */
function shownText(doc: PDFDocument): string {
  return shownLines(doc)
    .map((line) => line.text)
    .join('\n');
}

/** Each string the page shows with where it starts (x, points from the left) and its size. */
function shownLines(doc: PDFDocument) {
  const fonts = pageFonts(doc);
  let font: PdfFont | undefined;
  let size = 0;
  let x = 0;
  const shown: { text: string; x: number; size: number }[] = [];
  for (const [op, name, fontSize, tmX, hex] of pdfPageContent(doc.getPage(0)).matchAll(
    /(\/\S+)\s+([\d.]+)\s+Tf|\S+ \S+ \S+ \S+ (\S+) \S+ Tm|<([0-9A-Fa-f\s]*)>\s*Tj/g,
  )) {
    if (name) [font, size] = [fonts.get(name), Number(fontSize)];
    else if (tmX) x = Number(tmX);
    else if (font?.embedded) {
      const glyphs = hex!.replace(/\s/g, '').match(/.{4}/g) ?? [];
      const text = glyphs.map((g) => font!.unicode.get(parseInt(g, 16)) ?? '\uFFFD').join('');
      shown.push({ text, x, size });
    } else shown.push(...pdfShownText(op).map((text) => ({ text, x, size })));
  }
  return shown;
}

/** The page-space bounding box of every filled shape: each graphics block's path through its transforms. */
function filledShapes(doc: PDFDocument) {
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  const stack: number[][] = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  let points: [number, number][] = [];
  const tokens = pdfPageContent(doc.getPage(0)).split(/\s+/);
  const operands: number[] = [];
  for (const token of tokens) {
    if (/^-?[\d.]+$/.test(token)) {
      operands.push(Number(token));
      continue;
    }
    const args = operands.splice(0);
    if (token === 'q') stack.push(ctm);
    else if (token === 'Q') ctm = stack.pop()!;
    else if (token === 'cm') {
      const [a, b, c, d, e, f] = args as [number, number, number, number, number, number];
      const [A, B, C, D, E, F] = ctm as [number, number, number, number, number, number];
      ctm = [
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
      ];
    } else if (['m', 'l', 'c', 'v', 'y'].includes(token)) {
      for (let i = 0; i + 1 < args.length; i += 2) {
        const [x, y] = [args[i]!, args[i + 1]!];
        points.push([x * ctm[0]! + y * ctm[2]! + ctm[4]!, x * ctm[1]! + y * ctm[3]! + ctm[5]!]);
      }
    } else if (['f', 'f*', 'B', 'B*', 'b', 'b*'].includes(token)) {
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      boxes.push({ x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) });
      points = [];
    } else if (['S', 's', 'n'].includes(token)) points = [];
  }
  return boxes;
}

const STANDARD_FONTS = [
  { name: 'Helvetica', embedded: false },
  { name: 'Helvetica-Bold', embedded: false },
  { name: 'Times-Italic', embedded: false },
  { name: 'Times-Bold', embedded: false },
  { name: 'Courier-Bold', embedded: false },
];

describe('the certificate PDF', () => {
  it('is one landscape A4 page stating who completed what, by whom, how long, when, its code and where to verify it', async () => {
    const { bytes, doc, text } = await render(certificate());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([width, height]).toEqual([PAGE_WIDTH, PAGE_HEIGHT]);
    expect(width).toBeGreaterThan(height);

    expect(text).toContain('CATALYST');
    expect(text).toContain('CERTIFICATE OF COMPLETION');
    expect(text).toContain('Zoë Ó Briain');
    expect(text).toContain('UI Design Fundamentals');
    expect(text).toContain('by Dieter Rams');
    expect(text).toContain('2.5 hours');
    // The date is the completion's own day in UTC, whatever the server's zone.
    expect(text).toContain('9 March 2026');
    expect(text).toContain('Q8ZD4N7K2M');
    expect(text).toContain('Verify at');
    expect(text).toContain('https://learn.example.com/certificates/Q8ZD4N7K2M');
    expect(text).not.toContain('REVOKED');
  });

  it("prints its words and dates in the learner's language, Arabic right to left in DejaVu Sans", async () => {
    const spanish = await readPdfText(await renderCertificatePdf(certificate(), { language: 'es' }));
    for (const words of [
      'CERTIFICADO DE FINALIZACIÓN',
      'Se certifica que',
      'Zoë Ó Briain',
      'ha completado el curso',
      'de Dieter Rams  ·  2,5 horas',
      'COMPLETADO',
      '9 de marzo de 2026',
      'CÓDIGO DEL CERTIFICADO',
      'Verifícalo en',
    ])
      expect(spanish.text).toContain(words);
    expect(spanish.text).not.toContain('Verify at');

    const arabic = await renderCertificatePdf(certificate({ hours: 2 }), { language: 'ar' });
    const read = await readPdfText(arabic);
    const shown = shownText(read.doc).split('\n');
    // Drawn in the order it is seen, right to left: each Arabic word's letters last to first, names as written.
    const seen = (text: string) => [...text].reverse().join('');
    expect(shown).toContain(seen('شهادة إتمام'));
    expect(shown).toContain(`${seen('ساعتان')}  ·  Dieter Rams ${seen('من')}`);
    expect(shown).toContain('Zoë Ó Briain');
    expect(fontsOf(read.doc)).toContainEqual({ name: 'DejaVuSans-Bold', embedded: true });
  });

  it("says a learning path's certificate is for a learning path", async () => {
    const { text } = await render({ ...certificate(), kind: 'path', courseTitle: 'Start with the Web' });
    expect(text).toContain('has completed the learning path');
    expect(text).not.toContain('has completed the course');
    expect((await render(certificate())).text).toContain('has completed the course');
  });

  it('carries the brand it is given and metadata fixed by the certificate, so the same certificate renders the same bytes', async () => {
    const first = await render(certificate(), 'Northwind Academy');
    expect(first.text).toContain('NORTHWIND ACADEMY');
    expect(first.doc.getTitle()).toBe('Certificate of completion: UI Design Fundamentals');
    expect(first.doc.getAuthor()).toBe('Northwind Academy');
    expect(first.doc.getProducer()).toBe('Northwind Academy');
    expect(first.doc.getCreationDate()?.toISOString()).toBe('2026-03-09T23:30:02.000Z');
    expect(first.doc.getKeywords()).toContain('Q8ZD4N7K2M');

    const again = await render(certificate(), 'Northwind Academy');
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
  });

  it('marks a revoked certificate across the page with the date and the reason', async () => {
    const { text, doc } = await render(
      certificate({
        status: 'revoked',
        revokedAt: '2026-04-01T08:00:00.000Z',
        revokedReason: 'Issued to the wrong learner',
      }),
    );
    expect(text).toContain('REVOKED');
    expect(text).toContain('This certificate was revoked on 1 April 2026: Issued to the wrong learner');
    expect(text).toContain('Zoë Ó Briain');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-04-01T08:00:00.000Z');
  });

  it('fits a very long name, in any script, and a long course on the page', async () => {
    const longCourse =
      'Machine Learning Foundations: from linear regression to neural networks, and everything in between, with exercises';
    for (const learnerName of [
      'Lukas Zolkiewski-Konstantinopolski Maximilian Alexander',
      'Łukasz Żółkiewski-Konstantinopolski Maximilian Alexander',
    ]) {
      const { doc, shown } = await render(certificate({ learnerName, courseTitle: longCourse }));
      // The name as written, within the 110 pt either side kept clear.
      const name = shownLines(doc).find((line) => line.text === learnerName)!;
      expect(name).toMatchObject({ text: learnerName });
      expect(name.x).toBeGreaterThanOrEqual(110);
      expect(name.size).toBeGreaterThanOrEqual(16);
      // Two lines at most, the second one cut short.
      expect(shown).toContain('Machine Learning Foundations:');
      expect(shown).toMatch(/…/);
    }
  });

  it('prints names in any European script as written, in an embedded subset of DejaVu, the same bytes each time', async () => {
    const cert = certificate({
      learnerName: 'Łukasz Żółć',
      creatorName: 'Анна Петрова',
      courseTitle: 'Εισαγωγή στη σχεδίαση με τον Αλέξη',
    });
    const { bytes, shown, fonts, doc } = await render(cert, 'Académie Dvořák');
    expect(shown).toContain('Łukasz Żółć');
    expect(shown).toContain('by Анна Петрова  ·  2.5 hours');
    expect(shown).toContain('Εισαγωγή στη σχεδίαση με τον Αλέξη');
    expect(shown).toContain('ACADÉMIE DVOŘÁK');
    expect(shown).not.toContain('?');
    // The metadata carries the same names.
    expect(doc.getTitle()).toBe('Certificate of completion: Εισαγωγή στη σχεδίαση με τον Αλέξη');
    expect(doc.getAuthor()).toBe('Académie Dvořák');
    expect(doc.getSubject()).toContain('Łukasz Żółć completed');

    // Each face once, embedded as a subset (a small part of the font file), beside the standard fonts.
    expect(fonts).toEqual(
      expect.arrayContaining([
        { name: 'DejaVuSerif-Bold', embedded: true },
        { name: 'DejaVuSans-Bold', embedded: true },
        { name: 'DejaVuSans', embedded: true },
        { name: 'Helvetica-Bold', embedded: false },
      ]),
    );
    expect(fonts.filter((f) => f.embedded)).toHaveLength(3);
    const embedded = [...pageFonts(doc).values()].filter((f) => f.embedded);
    for (const font of embedded) expect(font.fileBytes).toBeLessThan(100_000);
    expect(bytes.length).toBeLessThan(200_000);

    const again = await renderCertificatePdf(cert, { siteName: 'Académie Dvořák' });
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });

  it('draws a Cyrillic or Greek revoked reason and a Greek name; letters no font has still show as ?', async () => {
    const { shown } = await render(
      certificate({
        learnerName: 'Αλέξης 山田',
        status: 'revoked',
        revokedAt: '2026-04-01T08:00:00.000Z',
        revokedReason: 'Выдан не тому ученику',
      }),
    );
    expect(shown).toContain('Αλέξης ??');
    expect(shown).toContain('This certificate was revoked on 1 April 2026: Выдан не тому ученику');
  });

  it('keeps a Latin certificate in the standard fonts, nothing embedded', async () => {
    const { fonts, shown } = await render(certificate(), 'Northwind Academy');
    expect(shown).toContain('Zoë Ó Briain');
    expect(fonts).toEqual(expect.arrayContaining(STANDARD_FONTS));
    expect(fonts).toHaveLength(STANDARD_FONTS.length);
  });

  it('leaves the corners clean: nothing is filled over the frame or between it and the amber rule', async () => {
    const { doc } = await render(certificate());
    const [paper, ...shapes] = filledShapes(doc);
    expect(paper).toEqual({ x0: 0, y0: 0, x1: PAGE_WIDTH, y1: PAGE_HEIGHT });
    expect(shapes.length).toBeGreaterThan(0);
    // The amber rule is 0.8 pt wide along x = 30 and y = 30 from each edge.
    const inside = 30.4;
    for (const box of shapes) {
      expect(box.x0).toBeGreaterThanOrEqual(inside);
      expect(box.y0).toBeGreaterThanOrEqual(inside);
      expect(box.x1).toBeLessThanOrEqual(PAGE_WIDTH - inside);
      expect(box.y1).toBeLessThanOrEqual(PAGE_HEIGHT - inside);
    }
  });
});
