// Contracts of the royalty pool (billing): monthly statements per creator, the admin's months, payouts.
import { z } from 'zod';
import { objectIdSchema } from './api';
import { payoutMethodValues, royaltyMessages, royaltyMonthStatusValues } from './royalties-terms';

export * from './royalties-terms';

/** `YYYY-MM` (UTC). */
export const royaltyMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, royaltyMessages.month);
export const royaltyMonthParamsSchema = z.object({ month: royaltyMonthSchema });

/** An admin on a studio route acts for the creator named here; a creator is always their own. */
export const earningsQuerySchema = z.object({ creatorId: objectIdSchema.optional() });

export const royaltyItemSchema = z.object({
  productId: z.string(),
  title: z.string(),
  paidMinutes: z.number(),
  /** The item's part of the creator's amount (major units), split to the cent. */
  amount: z.number(),
});
export type RoyaltyItem = z.infer<typeof royaltyItemSchema>;

export const royaltyStatementSchema = z.object({
  /** Null while the month is open (an estimate has no stored statement). */
  id: z.string().nullable(),
  month: royaltyMonthSchema,
  status: z.enum(royaltyMonthStatusValues),
  creatorId: z.string(),
  creatorName: z.string(),
  /** Paid minutes watched of the creator's items this month, one decimal. */
  paidMinutes: z.number(),
  /** At least the minimum paid minutes: the creator shares the pool. */
  qualifies: z.boolean(),
  /** The creator's paid minutes over all qualifying paid minutes (0 when not qualifying). */
  share: z.number(),
  amount: z.number(),
  currency: z.string(),
  pool: z.number(),
  poolSharePercent: z.number(),
  /** ISO date-time the statement was marked paid; null until then. */
  paidAt: z.string().nullable(),
  items: z.array(royaltyItemSchema),
});
export type RoyaltyStatement = z.infer<typeof royaltyStatementSchema>;

export const earningsMonthSchema = z.object({
  month: royaltyMonthSchema,
  status: z.enum(royaltyMonthStatusValues),
  paidMinutes: z.number(),
  qualifies: z.boolean(),
  amount: z.number(),
  paidAt: z.string().nullable(),
});
export type EarningsMonth = z.infer<typeof earningsMonthSchema>;

/** GET /studio/earnings: the open months' estimates first, then the closed months' statements. */
export const earningsSchema = z.object({
  creatorId: z.string(),
  currency: z.string(),
  minPaidMinutes: z.number().int(),
  months: z.array(earningsMonthSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;

export const royaltyMonthSummarySchema = z.object({
  month: royaltyMonthSchema,
  status: z.enum(royaltyMonthStatusValues),
  /** Net subscription revenue (after refunds and discounts, before tax), major units. */
  revenue: z.number(),
  poolSharePercent: z.number(),
  pool: z.number(),
  /** What the statements add up to: the pool to the cent when someone qualifies, else 0. */
  allocated: z.number(),
  qualifyingCreators: z.number().int(),
  paidMinutes: z.number(),
  closedAt: z.string().nullable(),
  statementsPaid: z.number().int(),
});
export type RoyaltyMonthSummary = z.infer<typeof royaltyMonthSummarySchema>;

export const royaltySettingsSchema = z.object({ poolSharePercent: z.number() });
export type RoyaltySettings = z.infer<typeof royaltySettingsSchema>;
export const royaltySettingsBodySchema = z.object({
  poolSharePercent: z
    .number({ error: 'The pool share is a percent from 0 to 100' })
    .int('The pool share is a whole percent')
    .min(0, 'The pool share is a percent from 0 to 100')
    .max(100, 'The pool share is a percent from 0 to 100'),
});

/** GET /admin/royalties: the setting and the months, newest first. */
export const royaltyOverviewSchema = z.object({
  currency: z.string(),
  poolSharePercent: z.number(),
  minPaidMinutes: z.number().int(),
  months: z.array(royaltyMonthSummarySchema),
});
export type RoyaltyOverview = z.infer<typeof royaltyOverviewSchema>;

export const payoutAccountSummarySchema = z.object({
  method: z.enum(payoutMethodValues),
  /** The reference's last characters only (the whole is sealed at rest). */
  referenceHint: z.string(),
});

export const adminRoyaltyStatementSchema = royaltyStatementSchema.extend({
  payoutAccount: payoutAccountSummarySchema.nullable(),
});
export type AdminRoyaltyStatement = z.infer<typeof adminRoyaltyStatementSchema>;

export const royaltyMonthDetailSchema = royaltyMonthSummarySchema.extend({
  currency: z.string(),
  statements: z.array(adminRoyaltyStatementSchema),
});
export type RoyaltyMonthDetail = z.infer<typeof royaltyMonthDetailSchema>;

export const creatorParamsSchema = z.object({ creatorId: objectIdSchema });
export const statementParamsSchema = z.object({
  id: z.string().uuid({ error: royaltyMessages.statementNotFound }),
});

export const payoutAccountBodySchema = z.object({
  method: z.enum(payoutMethodValues, { error: 'Choose a payout method' }),
  /** An IBAN, a PayPal address or another reference the payer needs. */
  reference: z
    .string({ error: 'Enter the payout reference' })
    .trim()
    .min(3, 'Enter the payout reference')
    .max(200, 'The payout reference is at most 200 characters'),
  holderName: z.string().trim().max(200, 'The holder name is at most 200 characters').optional(),
});
export type PayoutAccountBody = z.input<typeof payoutAccountBodySchema>;

export const payoutAccountSchema = z.object({
  creatorId: z.string(),
  method: z.enum(payoutMethodValues),
  reference: z.string(),
  referenceHint: z.string(),
  holderName: z.string().nullable(),
  /** Set once the creator is onboarded to Stripe Connect Express (a later step). */
  stripeAccountId: z.string().nullable(),
  updatedAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const markPaidBodySchema = z.object({
  note: z.string().trim().max(200, 'The note is at most 200 characters').optional(),
});
