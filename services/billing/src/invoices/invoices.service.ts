import type Stripe from 'stripe';
import { INVOICE_LIST_LIMIT, type Identity, type Invoice } from '@catalyst/contracts';
import type { Deps } from '../deps';
import { isMissingResource, providerCall } from '../provider/stripe';
import { findCustomerByUser } from '../subscriptions/subscriptions.repository';

const INVOICE_STATUSES: ReadonlySet<string> = new Set(['draft', 'open', 'paid', 'uncollectible', 'void']);

/** The provider's invoice as the profile shows it: what was paid (or is due), when, and its hosted receipt. */
export function toInvoice(invoice: Stripe.Invoice): Invoice {
  const paid = invoice.status === 'paid';
  const status = invoice.status && INVOICE_STATUSES.has(invoice.status) ? invoice.status : 'open';
  return {
    id: invoice.id ?? '',
    date: new Date(invoice.created * 1000).toISOString(),
    amount: (paid ? invoice.amount_paid : invoice.amount_due) / 100,
    currency: invoice.currency,
    status: status as Invoice['status'],
    receiptUrl: invoice.hosted_invoice_url ?? null,
  };
}

/**
 * The signed-in user's invoices, newest first, read from the provider (the one place they live). No
 * billing account yet (never subscribed, or an admin) is an empty list, as is a customer the provider forgot.
 */
export async function listInvoices(deps: Deps, identity: Identity): Promise<Invoice[]> {
  const customer = identity.role === 'admin' ? undefined : await findCustomerByUser(deps.db, identity.id);
  if (!customer) return [];
  try {
    const page = await providerCall(
      () => deps.stripe.invoices.list({ customer: customer.stripe_customer_id, limit: INVOICE_LIST_LIMIT }),
      deps.log,
    );
    return page.data.map(toInvoice);
  } catch (error) {
    if (isMissingResource(error)) return [];
    throw error;
  }
}
