import { z } from 'zod';
import {
  adminGiftSchema,
  billingAccountSchema,
  billingDetailsBodySchema,
  billingDetailsSchema,
  billingFiguresSchema,
  giftCheckoutBodySchema,
  giftCodeParamsSchema,
  giftConfirmBodySchema,
  giftIdParamsSchema,
  giftPreviewSchema,
  giftRedemptionSchema,
  giftSchema,
  receiptParamsSchema,
  receiptQuerySchema,
} from '../billing-account';
import { billingPortalSchema, checkoutSessionSchema } from '../billing';
import { defineRoutes } from './define';

const service = 'billing';

/** The signed-in user's billing account: invoices with receipts, the details on them, the card. */
export const billingAccountRoutes = defineRoutes({
  account: {
    method: 'GET',
    path: '/billing/account',
    service,
    access: 'user',
    summary: 'Your invoices (plan, amount, discount, tax, status, receipts) and your billing details',
    response: billingAccountSchema,
  },
  updateDetails: {
    method: 'PUT',
    path: '/billing/details',
    service,
    access: 'user',
    summary: 'Change the billing e-mail, company name and VAT number on your receipts',
    body: billingDetailsBodySchema,
    response: billingDetailsSchema,
  },
  cardUpdate: {
    refuses: { 404: 'No billing account yet' },
    method: 'POST',
    path: '/billing/card-update',
    service,
    access: 'user',
    summary: "The payment provider's billing portal, opened at the card update",
    response: billingPortalSchema,
  },
  receiptPdf: {
    produces: ['application/pdf'],
    method: 'GET',
    path: '/billing/receipts/:invoiceId',
    service,
    // The signature in ?sig= is the key, as for the provider's hosted invoice: it opens from an e-mail.
    access: 'public',
    answer: 'bytes',
    summary: 'An invoice as a PDF receipt (signed link from the billing account or a receipt e-mail)',
    params: receiptParamsSchema,
    query: receiptQuerySchema,
    response: z.string(),
  },
});

/** Premium bought for someone else, and redeemed by them. */
export const giftRoutes = defineRoutes({
  checkout: {
    method: 'POST',
    path: '/gifts/checkout',
    service,
    access: 'user',
    summary: "Buy Premium for someone else (3, 6 or 12 months, one payment) at the provider's checkout",
    body: giftCheckoutBodySchema,
    response: checkoutSessionSchema,
  },
  confirm: {
    method: 'POST',
    path: '/gifts/confirm',
    service,
    access: 'user',
    summary: "Confirm a paid gift checkout: the gift with its code (the buyer's receipt goes out once)",
    body: giftConfirmBodySchema,
    response: giftSchema,
  },
  mine: {
    method: 'GET',
    path: '/gifts',
    service,
    access: 'user',
    summary: 'The gifts you bought, newest first',
    response: z.array(giftSchema),
  },
  preview: {
    method: 'GET',
    path: '/gifts/codes/:code',
    service,
    access: 'user',
    summary: 'A gift by its code: how many months, from whom',
    params: giftCodeParamsSchema,
    response: giftPreviewSchema,
  },
  redeem: {
    refuses: { 409: 'The gift was already redeemed or refunded' },
    method: 'POST',
    path: '/gifts/codes/:code/redeem',
    service,
    access: 'user',
    summary: 'Redeem a gift: its months are added after any paid period (single use)',
    params: giftCodeParamsSchema,
    response: giftRedemptionSchema,
  },
});

/** Billing for admins: gifts and the dashboard's figures. */
export const adminBillingRoutes = defineRoutes({
  gifts: {
    method: 'GET',
    path: '/admin/gifts',
    service,
    access: 'admin',
    summary: 'Every gift, newest first',
    response: z.array(adminGiftSchema),
  },
  refundGift: {
    refuses: { 409: 'Only a paid gift that has not been redeemed can be refunded' },
    method: 'POST',
    path: '/admin/gifts/:id/refund',
    service,
    access: 'admin',
    summary: 'Refund a gift that has not been redeemed (its code stops working)',
    params: giftIdParamsSchema,
    response: adminGiftSchema,
  },
  figures: {
    method: 'GET',
    path: '/admin/billing/figures',
    service,
    access: 'admin',
    summary: "MRR, subscribers by plan, trials, churn and recovered revenue, from billing's own tables",
    response: billingFiguresSchema,
  },
});
