// The zod-free terms of the royalty pool: the studio's and the admin's earnings pages read them without zod.

/** The pool's share of a month's net subscription revenue until an admin sets another. */
export const DEFAULT_POOL_SHARE_PERCENT = 40;
/** The paid minutes a creator needs in a month to share that month's pool. */
export const ROYALTY_MIN_PAID_MINUTES = 30;

export const payoutMethodValues = ['bank_transfer', 'paypal', 'other'] as const;
export type PayoutMethod = (typeof payoutMethodValues)[number];

export const payoutMethodText: Record<PayoutMethod, string> = {
  bank_transfer: 'Bank transfer',
  paypal: 'PayPal',
  other: 'Other',
};

/** open: the month's figures are a live estimate; closed: frozen by an admin, never to change. */
export const royaltyMonthStatusValues = ['open', 'closed'] as const;
export type RoyaltyMonthStatus = (typeof royaltyMonthStatusValues)[number];

export const royaltyMessages = {
  month: 'A month is written YYYY-MM',
  monthNotOver: 'A month can be closed once it has ended',
  monthInFuture: 'That month has not started yet',
  closedAlready: 'This month is closed already',
  statementNotFound: 'Statement not found',
  noPayoutAccount: "Record the creator's payout details first",
  nothingToPay: 'This statement has nothing to pay',
  paidAlready: 'This statement is marked paid already',
  notACreator: 'Your account is not linked to a creator',
  pickCreator: 'Choose a creator (creatorId) to act for',
  creatorNotFound: 'Creator not found',
  noPayoutDetails: 'No payout details recorded',
} as const;
