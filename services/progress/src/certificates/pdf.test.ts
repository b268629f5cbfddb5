import type { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Certificate } from '@catalyst/contracts';
import { pdfPageContent, readPdfText } from '@catalyst/service-kit/testing/pdf';
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
  return { bytes, ...(await readPdfText(bytes)) };
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

  it('draws letters the standard fonts lack as their closest, and fits a very long name and course on the page', async () => {
    const { text } = await render(
      certificate({
        learnerName: 'Łukasz Żółkiewski-Konstantinopolski Maximilian Alexander',
        courseTitle:
          'Machine Learning Foundations: from linear regression to neural networks, and everything in between, with exercises',
      }),
    );
    expect(text).toContain('Lukasz Zólkiewski-Konstantinopolski Maximilian Alexander');
    // Two lines at most, the second one cut short.
    expect(text).toContain('Machine Learning Foundations:');
    expect(text).toMatch(/…/);
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
