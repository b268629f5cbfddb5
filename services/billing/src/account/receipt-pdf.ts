// An invoice as a one-page PDF receipt (A4 portrait, standard fonts): who was billed (the billing e-mail,
// company and VAT number as they are now), what was bought, the amounts with discount and tax, and the status.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { AccountInvoice, BillingDetails } from '@catalyst/contracts';

const WIDTH = 595.28;
const HEIGHT = 841.89;
const INDIGO = rgb(0x37 / 255, 0x30 / 255, 0xa3 / 255);
const TEXT = rgb(0x0f / 255, 0x17 / 255, 0x2a / 255);
const MUTED = rgb(0x47 / 255, 0x55 / 255, 0x69 / 255);

/** The standard fonts draw WinAnsi only: other letters become their closest plain form, else '?'. */
const winAnsi = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const money = (amount: number, currency: string) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const STATUS: Record<AccountInvoice['status'], string> = {
  paid: 'Paid',
  open: 'Payment due',
  draft: 'Draft',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

export async function renderReceiptPdf(
  invoice: AccountInvoice,
  details: BillingDetails,
  { siteName = 'Catalyst' }: { siteName?: string } = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const created = new Date(invoice.date);
  pdf.setTitle(
    `${siteName} ${invoice.status === 'paid' ? 'receipt' : 'invoice'} ${invoice.number ?? invoice.id}`,
  );
  pdf.setCreator(siteName);
  pdf.setProducer(siteName);
  pdf.setCreationDate(created);
  pdf.setModificationDate(created);
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = HEIGHT - 72;
  const line = (text: string, { size = 11, font = regular, color = TEXT, x = 56, gap = 18 } = {}) => {
    page.drawText(winAnsi(text), { x, y, size, font, color });
    y -= gap;
  };
  const row = (label: string, value: string, strong = false) => {
    const font = strong ? bold : regular;
    page.drawText(winAnsi(label), { x: 56, y, size: 11, font, color: strong ? TEXT : MUTED });
    const text = winAnsi(value);
    page.drawText(text, { x: WIDTH - 56 - font.widthOfTextAtSize(text, 11), y, size: 11, font, color: TEXT });
    y -= 20;
  };

  line(siteName, { size: 22, font: bold, color: INDIGO, gap: 34 });
  line(invoice.status === 'paid' ? 'Receipt' : 'Invoice', { size: 16, font: bold, gap: 24 });
  line(`Number: ${invoice.number ?? invoice.id}`, { color: MUTED });
  line(`Date: ${day(invoice.date)}`, { color: MUTED });
  line(`Status: ${STATUS[invoice.status]}`, { color: MUTED, gap: 30 });

  line('Billed to', { font: bold });
  if (details.companyName) line(details.companyName);
  if (details.vatNumber) line(`VAT number: ${details.vatNumber}`);
  if (details.email) line(details.email);
  y -= 16;

  page.drawLine({
    start: { x: 56, y: y + 8 },
    end: { x: WIDTH - 56, y: y + 8 },
    thickness: 0.5,
    color: MUTED,
  });
  y -= 10;
  row(invoice.plan, money(invoice.subtotal, invoice.currency));
  if (invoice.discount > 0) row('Discount', `-${money(invoice.discount, invoice.currency)}`);
  row('Tax', money(invoice.tax, invoice.currency));
  row(invoice.status === 'paid' ? 'Total paid' : 'Amount due', money(invoice.amount, invoice.currency), true);
  y -= 20;
  if (invoice.hostedUrl) line(`Online: ${invoice.hostedUrl}`, { size: 8, color: MUTED });
  return pdf.save({ useObjectStreams: false });
}
