import type Stripe from 'stripe';
import {
  INVOICE_LIST_LIMIT,
  type BillingDetails,
  type Identity,
  type billingAccountRoutes,
} from '@catalyst/contracts';
import { notFound, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { idOf, isMissingResource, providerCall } from '../provider/stripe';
import { findCustomerByUser } from '../subscriptions/subscriptions.repository';
import { findBillingDetails, saveBillingDetails, userOfCustomer } from './account.repository';
import { openBillingPortal } from './billing-portal';
import { toAccountInvoice } from './invoice-view';
import { renderReceiptPdf } from './receipt-pdf';
import { isReceiptSignature } from './receipt-links';

const RECEIPT_NOT_FOUND = 'Receipt not found';

/** /billing/*: the signed-in user's invoices with receipts, the details receipts name, the card update. */
export function createBillingAccountHandlers(deps: Deps): RouteHandlers<typeof billingAccountRoutes> {
  const links = { publicUrl: deps.config.PUBLIC_URL, secret: deps.config.INTERNAL_SECRET };

  /** The saved details, else the address billing knows (the customer's, then the account's). */
  async function detailsOf(userId: string, fallbackEmail: string | null): Promise<BillingDetails> {
    const saved = await findBillingDetails(deps.db, userId);
    if (saved) return saved;
    const customer = await findCustomerByUser(deps.db, userId);
    return { email: customer?.email ?? fallbackEmail, companyName: null, vatNumber: null };
  }

  async function customerOf(identity: Identity) {
    return identity.role === 'admin' ? undefined : findCustomerByUser(deps.db, identity.id);
  }

  return {
    async account({ identity }) {
      const details = await detailsOf(identity.id, identity.email);
      const customer = await customerOf(identity);
      if (!customer) return { details, invoices: [] };
      try {
        const page = await providerCall(
          () =>
            deps.stripe.invoices.list({ customer: customer.stripe_customer_id, limit: INVOICE_LIST_LIMIT }),
          deps.log,
        );
        return { details, invoices: page.data.map((invoice) => toAccountInvoice(invoice, links)) };
      } catch (error) {
        if (isMissingResource(error)) return { details, invoices: [] };
        throw error;
      }
    },

    async updateDetails({ identity, body }) {
      const details: BillingDetails & { email: string } = {
        email: body.email,
        companyName: body.companyName ?? null,
        vatNumber: body.vatNumber ?? null,
      };
      await saveBillingDetails(deps.db, identity.id, details);
      await deps.db
        .updateTable('customers')
        .set({ email: details.email })
        .where('user_id', '=', identity.id)
        .execute();
      // The provider's own receipts and hosted invoices name the same (best effort: ours are written).
      const customer = await customerOf(identity);
      if (customer) {
        await providerCall(
          () =>
            deps.stripe.customers.update(customer.stripe_customer_id, {
              email: details.email,
              name: details.companyName ?? identity.name,
              metadata: { vat_number: details.vatNumber ?? '' },
            }),
          deps.log,
        ).catch((error: unknown) =>
          deps.log.warn(
            { userId: identity.id, err: String(error) },
            'billing details not sent to the provider',
          ),
        );
      }
      return details;
    },

    cardUpdate: ({ identity }) =>
      openBillingPortal(deps, identity, '/account/billing', 'payment_method_update'),

    async receiptPdf({ params, query }) {
      if (!isReceiptSignature(deps.config.INTERNAL_SECRET, params.invoiceId, query.sig))
        throw notFound(RECEIPT_NOT_FOUND);
      let invoice: Stripe.Invoice;
      try {
        invoice = await providerCall(() => deps.stripe.invoices.retrieve(params.invoiceId), deps.log);
      } catch (error) {
        if (isMissingResource(error)) throw notFound(RECEIPT_NOT_FOUND);
        throw error;
      }
      const customerId = idOf(invoice.customer);
      const userId = customerId ? await userOfCustomer(deps.db, customerId) : undefined;
      const details = userId
        ? await detailsOf(userId, invoice.customer_email ?? null)
        : { email: invoice.customer_email ?? null, companyName: null, vatNumber: null };
      const view = toAccountInvoice(invoice, links);
      const bytes = await renderReceiptPdf(view, details);
      return new Response(new Uint8Array(bytes), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="catalyst-receipt-${view.number ?? view.id}.pdf"`,
          'Content-Length': String(bytes.byteLength),
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  };
}
