// The certificate as a designed, printable PDF: landscape A4, the brand, the learner, the course, its
// creator and length, the completion date, the public code and a QR code of the verification page. The
// same certificate always renders to the same bytes (its metadata dates are the certificate's own).
// Names, titles and reasons in letters the PDF's standard fonts lack (WinAnsi: Western European only; Polish,
// Czech, Greek, Cyrillic…) are drawn in DejaVu (fonts/, its licence beside it), embedded as a subset of the
// glyphs used (pdf-text.ts, shared with the notes' PDF); a certificate written in Western European letters
// embeds nothing.
import { PDFDocument, StandardFonts, degrees, rgb, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { Certificate } from '@catalyst/contracts';
import { directionOf, type Language } from '@catalyst/contracts/languages';
import { progressTexts } from '../i18n/en';
import {
  draw,
  drawable,
  fitted,
  fontChooser,
  formatPdfDate,
  hex,
  rightToLeftLine,
  TEXT,
  widthOf,
  wrap,
  type TextStyle,
} from './pdf-text';

/** A4 landscape, in points. */
export const PAGE_WIDTH = 841.89;
export const PAGE_HEIGHT = 595.28;

// The site's tokens (web-kit tokens.css): indigo primary, amber accent, slate text (pdf-text's TEXT).
const INDIGO = hex('#3730a3');
const AMBER = hex('#b45309');
const MUTED = hex('#475569');
const RED = hex('#b91c1c');
const PAPER = hex('#fffdf8');

export interface CertificatePdfOptions {
  /** The brand on the certificate (SITE_NAME). */
  siteName?: string;
  /** The language of its fixed words and dates: the learner's when it was issued. */
  language?: Language;
}

const centred = (page: PDFPage, text: string, y: number, style: TextStyle, centreX = PAGE_WIDTH / 2) =>
  draw(page, text, centreX - widthOf(text, style) / 2, y, style);

/** The QR code of `text` as vector modules (one path), its top-left corner at (x, y + size). */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const quiet = 2;
  const cell = size / (count + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (modules.get(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  page.drawSvgPath(path, { x, y: y + size, scale: cell, color: TEXT, borderWidth: 0 });
}

/** A small brand mark: a four-pointed star in the accent colour. */
function drawMark(page: PDFPage, cx: number, cy: number, r: number) {
  const k = r * 0.28;
  page.drawSvgPath(`M0 ${-r} L${k} ${-k} L${r} 0 L${k} ${k} L0 ${r} L${-k} ${k} L${-r} 0 L${-k} ${-k} Z`, {
    x: cx,
    y: cy,
    color: AMBER,
    borderWidth: 0,
  });
}

export async function renderCertificatePdf(
  certificate: Certificate,
  { siteName = 'Catalyst', language = 'en' }: CertificatePdfOptions = {},
): Promise<Uint8Array> {
  const t = (key: keyof typeof progressTexts.english, values?: Record<string, string | number>) =>
    progressTexts.t(language, key, values);
  const rtl = directionOf(language) === 'rtl';
  /** A line as drawn: right-to-left runs laid out for fontkit (pdf-text's rightToLeftLine). */
  const line = (text: string) => (rtl ? rightToLeftLine(text) : text);
  // Letters spaced apart would break Arabic's joined letters.
  const spaced = (spacing: number) => (rtl ? 0 : spacing);
  const formatHours = (hours: number) =>
    t('certificate.hours', { count: Number.isInteger(hours) ? hours : Number(hours.toFixed(1)) });
  const formatDate = (date: string) => formatPdfDate(date, language);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const [sans, sansBold, serifItalic, serifBold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.TimesRomanItalic),
    doc.embedFont(StandardFonts.TimesRomanBold),
    doc.embedFont(StandardFonts.CourierBold),
  ]);
  const revoked = certificate.status === 'revoked';
  const reasonText = revoked ? (certificate.revokedReason ?? '') : '';
  const { learnerName, courseTitle, creatorName } = certificate;
  const fontFor = fontChooser(
    doc,
    JSON.stringify([
      siteName,
      learnerName,
      courseTitle,
      creatorName,
      reasonText,
      ...(language === 'en' ? [] : [language]),
    ]),
  );
  // One after another, so the same certificate embeds its fonts in the same order.
  const brandFont = await fontFor(sansBold, 'sansBold', siteName, siteName.toUpperCase());
  const learnerFont = await fontFor(serifBold, 'serifBold', learnerName);
  const courseFont = await fontFor(sansBold, 'sansBold', courseTitle);
  const creatorFont = await fontFor(sans, 'sans', creatorName);
  const reasonFont = await fontFor(sansBold, 'sansBold', reasonText, t('certificate.revokedOn'));
  // The fixed words: the standard fonts draw English, Spanish and German; Arabic takes DejaVu Sans.
  const what =
    certificate.kind === 'path' ? t('certificate.completedPath') : t('certificate.completedCourse');
  const headingFont = await fontFor(
    sansBold,
    'sansBold',
    t('certificate.heading'),
    t('certificate.revokedMark'),
  );
  const labelFont = await fontFor(sansBold, 'sansBold', t('certificate.completed'), t('certificate.code'));
  const italicFont = await fontFor(serifItalic, 'sans', t('certificate.certifies'), what);
  const smallFont = await fontFor(sans, 'sans', t('certificate.verifyAt'), t('certificate.scan'));
  const byFont = await fontFor(creatorFont, 'sans', t('certificate.by'), formatHours(certificate.hours));
  const dateFont = await fontFor(sans, 'sans', formatDate(certificate.completedAt));
  const brand = drawable(brandFont, siteName);
  const learner = drawable(learnerFont, learnerName);
  const course = drawable(courseFont, courseTitle);

  // Metadata: what a file manager or a search shows, fixed by the certificate itself.
  doc.setTitle(t('certificate.title', { course }), { showInWindowTitleBar: true });
  doc.setAuthor(brand);
  doc.setSubject(
    t('certificate.subject', {
      learner,
      course,
      hours: formatHours(certificate.hours),
      date: formatDate(certificate.completedAt),
      url: certificate.verifyUrl,
    }),
  );
  doc.setKeywords(['certificate', certificate.code, course]);
  doc.setCreator(brand);
  doc.setProducer(brand);
  doc.setLanguage(language);
  doc.setCreationDate(new Date(certificate.issuedAt));
  doc.setModificationDate(new Date(certificate.revokedAt ?? certificate.issuedAt));

  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const W = PAGE_WIDTH;
  const H = PAGE_HEIGHT;

  // Paper, a broad indigo frame, a fine amber rule inside it, and a small mark in each corner inside the rule
  // (clear of the frame, the rule and the text).
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: PAPER });
  page.drawRectangle({ x: 18, y: 18, width: W - 36, height: H - 36, borderColor: INDIGO, borderWidth: 6 });
  page.drawRectangle({ x: 30, y: 30, width: W - 60, height: H - 60, borderColor: AMBER, borderWidth: 0.8 });
  for (const [x, y] of [
    [46, 46],
    [W - 46, 46],
    [46, H - 46],
    [W - 46, H - 46],
  ] as const) {
    drawMark(page, x, y, 6);
  }

  // The brand.
  const brandStyle: TextStyle = { font: brandFont, size: 15, color: INDIGO, spacing: 4 };
  const brandText = drawable(brandFont, siteName.toUpperCase());
  const brandWidth = widthOf(brandText, brandStyle);
  drawMark(page, W / 2 - brandWidth / 2 - 16, H - 96 + 5, 8);
  centred(page, brandText, H - 96, brandStyle);

  // The title.
  const heading = line(t('certificate.heading'));
  centred(
    page,
    heading,
    H - 146,
    fitted(heading, { font: headingFont, size: 24, color: TEXT, spacing: spaced(3) }, W - 160, 14),
  );
  page.drawLine({
    start: { x: W / 2 - 60, y: H - 162 },
    end: { x: W / 2 + 60, y: H - 162 },
    thickness: 2,
    color: AMBER,
  });

  // Who.
  centred(page, line(t('certificate.certifies')), H - 200, { font: italicFont, size: 15, color: MUTED });
  // Down to 16 pt: DejaVu Serif (a name in letters Times lacks) is wider than Times.
  const nameStyle = fitted(learner, { font: learnerFont, size: 44, color: INDIGO }, W - 220, 16);
  centred(page, learner, H - 258, nameStyle);
  page.drawLine({
    start: { x: W / 2 - 200, y: H - 274 },
    end: { x: W / 2 + 200, y: H - 274 },
    thickness: 0.8,
    color: hex('#cbd5e1'),
  });

  // What.
  centred(page, line(what), H - 306, { font: italicFont, size: 15, color: MUTED });
  const courseStyle: TextStyle = { font: courseFont, size: 24, color: TEXT };
  const courseLines = wrap(course, courseStyle, W - 240, 2);
  courseLines.forEach((line, i) => centred(page, line, H - 344 - i * 30, courseStyle));
  const byY = H - 344 - (courseLines.length - 1) * 30 - 26;
  const byLine = t('certificate.by', {
    creator: drawable(byFont, creatorName),
    hours: formatHours(certificate.hours),
  });
  centred(page, line(byLine), byY, { font: byFont, size: 13, color: MUTED });

  // When, which, and where to check it: three columns along the foot; the QR code on the right.
  const footY = 104;
  const label: TextStyle = { font: labelFont, size: 8.5, color: MUTED, spacing: spaced(1.5) };
  const value: TextStyle = { font: dateFont, size: 13, color: TEXT };
  const leftX = 92;
  draw(page, line(t('certificate.completed')), leftX, footY + 18, label);
  draw(page, line(formatDate(certificate.completedAt)), leftX, footY, value);
  page.drawLine({
    start: { x: leftX, y: footY - 8 },
    end: { x: leftX + 170, y: footY - 8 },
    thickness: 0.6,
    color: hex('#cbd5e1'),
  });

  const midX = 300;
  draw(page, line(t('certificate.code')), midX, footY + 18, label);
  draw(page, certificate.code, midX, footY, { font: mono, size: 14, color: TEXT, spacing: 1 });
  page.drawLine({
    start: { x: midX, y: footY - 8 },
    end: { x: midX + 170, y: footY - 8 },
    thickness: 0.6,
    color: hex('#cbd5e1'),
  });

  // The words, then the address (in Arabic the address first: read from the right, the words come first).
  const verifyAt = `${line(t('certificate.verifyAt'))} `;
  const verifyStyle = fitted(
    `${verifyAt}${certificate.verifyUrl}`,
    { font: smallFont, size: 9, color: MUTED },
    560,
    6,
  );
  const urlStyle: TextStyle = { ...verifyStyle, font: sans, color: INDIGO };
  if (rtl) {
    draw(page, certificate.verifyUrl, leftX, 62, urlStyle);
    draw(page, ` ${verifyAt.trimEnd()}`, leftX + widthOf(certificate.verifyUrl, urlStyle), 62, verifyStyle);
  } else {
    draw(page, verifyAt, leftX, 62, verifyStyle);
    draw(page, certificate.verifyUrl, leftX + widthOf(verifyAt, verifyStyle), 62, urlStyle);
  }

  const qrSize = 92;
  const qrX = W - 92 - qrSize;
  drawQr(page, certificate.verifyUrl, qrX, 64, qrSize);
  centred(
    page,
    line(t('certificate.scan')),
    52,
    { font: smallFont, size: 8, color: MUTED },
    qrX + qrSize / 2,
  );

  if (revoked) {
    // Across the whole page, under nothing: no one can print it as a valid certificate.
    const markText = line(t('certificate.revokedMark'));
    const mark = fitted(markText, { font: headingFont, size: 120, color: RED }, W - 120, 60);
    const width = widthOf(markText, mark);
    const angle = 24;
    const rad = (angle * Math.PI) / 180;
    page.drawText(markText, {
      x: W / 2 - (width / 2) * Math.cos(rad) + mark.size * 0.35 * Math.sin(rad),
      y: H / 2 - (width / 2) * Math.sin(rad) - mark.size * 0.35 * Math.cos(rad),
      font: headingFont,
      size: mark.size,
      color: RED,
      opacity: 0.22,
      rotate: degrees(angle),
    });
    const revokedWhen = certificate.revokedAt
      ? t('certificate.revokedOn', { date: formatDate(certificate.revokedAt) })
      : t('certificate.revoked');
    const reason = reasonText ? `: ${drawable(reasonFont, reasonText)}` : '';
    const noticeStyle: TextStyle = { font: reasonFont, size: 10, color: RED };
    const notice = wrap(`${revokedWhen}${reason}`, noticeStyle, W - 200, 2);
    notice.forEach((text, i) => centred(page, line(text), H - 52 - i * 13, noticeStyle));
  }

  return doc.save({ useObjectStreams: false });
}
