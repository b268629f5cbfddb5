// Contracts of the billing account (/account/billing: invoices, receipts, the details on them), gifts of
// Premium, and billing's figures on the admin dashboard.
import { z } from 'zod';

// ---------- the billing account ----------

/** Empty text is "not given" (a form's cleared field). */
const optionalText = (schema: z.ZodString) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    schema.nullable().optional().default(null),
  );

export const billingDetailsMessages = {
  email: 'Enter a valid billing e-mail address',
  companyName: 'Company name must be at most 120 characters',
  vatNumber: 'Enter a VAT number as its country code and number, such as DE123456789',
} as const;

/** PUT /billing/details: where receipts go and what they name (company and VAT number optional). */
export const billingDetailsBodySchema = z.object({
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ message: billingDetailsMessages.email }).email(billingDetailsMessages.email).max(254),
  ),
  companyName: optionalText(z.string().max(120, billingDetailsMessages.companyName)),
  vatNumber: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s.-]/g, '').toUpperCase() || null : v),
    z
      .string()
      .regex(/^[A-Z]{2}[A-Z0-9]{2,13}$/, billingDetailsMessages.vatNumber)
      .nullable()
      .optional()
      .default(null),
  ),
});
export type BillingDetailsBody = z.input<typeof billingDetailsBodySchema>;

export const billingDetailsSchema = z.object({
  email: z.string().nullable(),
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** One invoice on /account/billing: amounts in dollars (minor units / 100). */
export const accountInvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  /** ISO date-time the invoice was made. */
  date: z.string(),
  /** What was bought: "Premium Monthly", "Premium Annual", "Gift: Premium for 6 months". */
  plan: z.string(),
  /** Before discounts. */
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  /** What was paid, or is due when unpaid. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  /** The provider's hosted invoice. */
  hostedUrl: z.string().url().nullable(),
  /** The PDF receipt (a signed link: it opens without a sign-in, like the hosted invoice). */
  pdfUrl: z.string(),
});
export type AccountInvoice = z.infer<typeof accountInvoiceSchema>;

/** GET /billing/account */
export const billingAccountSchema = z.object({
  details: billingDetailsSchema,
  invoices: z.array(accountInvoiceSchema),
});
export type BillingAccount = z.infer<typeof billingAccountSchema>;

export const receiptParamsSchema = z.object({
  invoiceId: z.string().regex(/^in_[A-Za-z0-9]{4,64}$/, 'Unknown invoice'),
});
export const receiptQuerySchema = z.object({ sig: z.string().min(1).max(100) });

// ---------- gifts ----------

export const GIFT_MONTHS = [3, 6, 12] as const;
/** Gift prices in minor units: the monthly price for each month, one payment. */
export const GIFT_UNIT_AMOUNT_PER_MONTH = 1499;

export const giftMessages = {
  months: 'Choose 3, 6 or 12 months',
  recipientName: "Enter the recipient's name (at most 80 characters)",
  recipientEmail: "Enter the recipient's e-mail address",
  sendOn: 'Choose a delivery date from today up to a year ahead',
  message: 'The message can be at most 500 characters',
  notFound: 'This gift code is not valid',
  redeemed: 'This gift has already been redeemed',
  refunded: 'This gift was refunded and can no longer be redeemed',
  unpaid: 'This gift has not been paid for',
  notRefundable: 'Only a paid gift that has not been redeemed can be refunded',
  notAPlan: 'Premium from a gift ends on its own and nothing is charged: there is no subscription to change.',
} as const;

/** A gift code: 128 random bits as 26 Crockford base-32 letters and digits. */
export const GIFT_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const giftCodeParamsSchema = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toUpperCase() : v),
    z.string().regex(GIFT_CODE_PATTERN, giftMessages.notFound),
  ),
});

/** POST /gifts/checkout */
export const giftCheckoutBodySchema = z
  .object({
    months: z.union([z.literal(3), z.literal(6), z.literal(12)], { message: giftMessages.months }),
    recipientName: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ message: giftMessages.recipientName }).min(1, giftMessages.recipientName).max(80),
    ),
    /** 'email': the recipient is mailed the code on `sendOn`; 'print': the buyer hands it over. */
    delivery: z.enum(['email', 'print'], { message: 'Choose e-mail or print' }),
    recipientEmail: optionalText(z.string().email(giftMessages.recipientEmail).max(254)),
    /** YYYY-MM-DD (UTC); today when not given. */
    sendOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, giftMessages.sendOn)
      .nullable()
      .optional()
      .default(null),
    message: optionalText(z.string().max(500, giftMessages.message)),
  })
  .superRefine((body, ctx) => {
    if (body.delivery === 'email' && !body.recipientEmail)
      ctx.addIssue({ code: 'custom', path: ['recipientEmail'], message: giftMessages.recipientEmail });
  });
export type GiftCheckoutBody = z.input<typeof giftCheckoutBodySchema>;

export const giftStatusValues = ['pending', 'paid', 'redeemed', 'refunded'] as const;

/** A gift as its buyer sees it (the code only once paid). */
export const giftSchema = z.object({
  id: z.string(),
  months: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string().nullable(),
  delivery: z.enum(['email', 'print']),
  sendOn: z.string(),
  message: z.string().nullable(),
  status: z.enum(giftStatusValues),
  /** Once paid: the code to print or that was mailed. */
  code: z.string().nullable(),
  redeemUrl: z.string().nullable(),
  /** ISO date-time the recipient was mailed, if they were. */
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Gift = z.infer<typeof giftSchema>;

export const giftConfirmBodySchema = z.object({
  sessionId: z.string({ message: 'sessionId is required' }).min(1, 'sessionId is required').max(255),
});

/** GET /gifts/:code: what the redeem page shows. */
export const giftPreviewSchema = z.object({
  months: z.number().int(),
  fromName: z.string(),
  recipientName: z.string(),
  message: z.string().nullable(),
  status: z.enum(giftStatusValues),
});
export type GiftPreview = z.infer<typeof giftPreviewSchema>;

/** POST /gifts/:code/redeem */
export const giftRedemptionSchema = z.object({
  months: z.number().int(),
  /** ISO date-time Premium now lasts until (or the paid renewal moves to). */
  premiumUntil: z.string(),
});
export type GiftRedemption = z.infer<typeof giftRedemptionSchema>;

/** GET /admin/gifts: an admin's view (no code: a refund needs none). */
export const adminGiftSchema = giftSchema.omit({ code: true, redeemUrl: true }).extend({
  buyerEmail: z.string().nullable(),
  redeemedAt: z.string().nullable(),
});
export type AdminGift = z.infer<typeof adminGiftSchema>;
export const giftIdParamsSchema = z.object({ id: z.string().uuid('Unknown gift') });

// ---------- admin figures ----------

/** GET /admin/billing/figures: from billing's own tables, never asked of the provider at read time. */
export const billingFiguresSchema = z.object({
  currency: z.string(),
  /** Monthly recurring revenue in dollars: each paying subscription's price per month. */
  mrr: z.number(),
  activeByPlan: z.array(z.object({ plan: z.string(), count: z.number().int() })),
  trials: z.object({
    active: z.number().int(),
    /** Trials that ended in the last 30 days, and how many of them became paid. */
    ended: z.number().int(),
    converted: z.number().int(),
  }),
  churn: z.object({
    /** Plans that ended this calendar month (UTC), and the share of those live at its start. */
    ended: z.number().int(),
    rate: z.number(),
  }),
  recovered: z.object({
    /** Renewals paid after a failed first attempt (retries or a new card), this calendar month. */
    invoices: z.number().int(),
    amount: z.number(),
  }),
});
export type BillingFigures = z.infer<typeof billingFiguresSchema>;
