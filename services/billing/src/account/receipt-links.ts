import { createHmac, timingSafeEqual } from 'node:crypto';
import { billingAccountRoutes, routeUrl } from '@catalyst/contracts';

// A receipt's PDF is a long-lived link, like the provider's hosted invoice: bound to one invoice by an HMAC
// under the install's internal secret, so it opens from an e-mail without a sign-in and cannot be guessed.
const signatureOf = (secret: string, invoiceId: string) =>
  createHmac('sha256', secret).update(`billing-receipt:${invoiceId}`).digest('base64url');

export function receiptPdfUrl(publicUrl: string, secret: string, invoiceId: string): string {
  const path = routeUrl(billingAccountRoutes.receiptPdf, {
    params: { invoiceId },
    query: { sig: signatureOf(secret, invoiceId) },
  });
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

export function isReceiptSignature(secret: string, invoiceId: string, sig: string): boolean {
  const want = Buffer.from(signatureOf(secret, invoiceId));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want);
}
