import type Stripe from 'stripe';
import type { AccountInvoice } from '@catalyst/contracts';
import { receiptPdfUrl } from './receipt-links';

const INVOICE_STATUSES: ReadonlySet<string> = new Set(['draft', 'open', 'paid', 'uncollectible', 'void']);
const DAY = 86_400;

const sum = (items: ReadonlyArray<{ amount: number }> | null | undefined) =>
  (items ?? []).reduce((total, item) => total + item.amount, 0);

/** What an invoice bought: a gift says so in its description; a plan by the length of its period. */
export function planOfInvoice(invoice: Stripe.Invoice): string {
  if (invoice.description) return invoice.description;
  const line = invoice.lines?.data?.[0];
  const start = line?.period?.start ?? invoice.period_start;
  const end = line?.period?.end ?? invoice.period_end;
  return end - start > 200 * DAY ? 'Premium Annual' : 'Premium Monthly';
}

/** The amounts of an invoice in minor units: before discounts, the discount, the tax, and the total. */
export function amountsOf(invoice: Stripe.Invoice) {
  const discount = sum(invoice.total_discount_amounts);
  const tax = sum((invoice as { total_taxes?: Array<{ amount: number }> | null }).total_taxes);
  const total = invoice.total ?? invoice.amount_due;
  const subtotal = invoice.subtotal ?? total + discount - tax;
  return { subtotal, discount, tax, total };
}

/** The provider's invoice as /account/billing lists it. */
export function toAccountInvoice(
  invoice: Stripe.Invoice,
  links: { publicUrl: string; secret: string },
): AccountInvoice {
  const status = invoice.status && INVOICE_STATUSES.has(invoice.status) ? invoice.status : 'open';
  const { subtotal, discount, tax } = amountsOf(invoice);
  const id = invoice.id ?? '';
  return {
    id,
    number: invoice.number ?? null,
    date: new Date(invoice.created * 1000).toISOString(),
    plan: planOfInvoice(invoice),
    subtotal: subtotal / 100,
    discount: discount / 100,
    tax: tax / 100,
    amount: (status === 'paid' ? invoice.amount_paid : invoice.amount_due) / 100,
    currency: invoice.currency,
    status: status as AccountInvoice['status'],
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: receiptPdfUrl(links.publicUrl, links.secret, id),
  };
}
