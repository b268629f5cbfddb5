import { createHmac, timingSafeEqual } from 'node:crypto';

// A hosted receipt is a long-lived link, like the provider's: unguessable, bound to one invoice by an
// HMAC under the sandbox's per-install secret key, so no table is needed and nobody can list receipts.
const signatureOf = (secret: string, invoiceId: string) =>
  createHmac('sha256', secret).update(`receipt:${invoiceId}`).digest('base64url');

export function receiptUrl(publicUrl: string, secret: string, invoiceId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/receipts/${encodeURIComponent(invoiceId)}?sig=${signatureOf(secret, invoiceId)}`;
}

export function isReceiptSignature(secret: string, invoiceId: string, sig: string | undefined): boolean {
  if (!sig) return false;
  const want = Buffer.from(signatureOf(secret, invoiceId));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want);
}
