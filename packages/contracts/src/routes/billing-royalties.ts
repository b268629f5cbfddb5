import { z } from 'zod';
import {
  creatorParamsSchema,
  earningsQuerySchema,
  earningsSchema,
  markPaidBodySchema,
  payoutAccountBodySchema,
  payoutAccountSchema,
  royaltyMessages,
  royaltyMonthDetailSchema,
  royaltyMonthParamsSchema,
  royaltyOverviewSchema,
  royaltySettingsBodySchema,
  royaltySettingsSchema,
  royaltyStatementSchema,
  adminRoyaltyStatementSchema,
  statementParamsSchema,
} from '../royalties';
import { defineRoutes } from './define';

const service = 'billing';

/**
 * A creator's earnings from the royalty pool: each month's statement (an estimate while the month is open).
 * Which creator the caller is comes from content; an admin names one with `creatorId`.
 */
export const earningsRoutes = defineRoutes({
  list: {
    refuses: { 404: royaltyMessages.notACreator },
    method: 'GET',
    path: '/studio/earnings',
    service,
    access: 'creator',
    summary: "Your months from the royalty pool: this month's estimate, then closed months' statements",
    query: earningsQuerySchema,
    response: earningsSchema,
  },
  statement: {
    refuses: { 404: royaltyMessages.notACreator },
    method: 'GET',
    path: '/studio/earnings/:month',
    service,
    access: 'creator',
    summary: "A month's statement: paid minutes, share of the pool, amount, and each item's part",
    params: royaltyMonthParamsSchema,
    query: earningsQuerySchema,
    response: royaltyStatementSchema,
  },
  statementCsv: {
    produces: ['text/csv'],
    refuses: { 404: royaltyMessages.notACreator },
    method: 'GET',
    path: '/studio/earnings/:month/csv',
    service,
    access: 'creator',
    answer: 'bytes',
    summary: "A month's statement as a CSV file",
    params: royaltyMonthParamsSchema,
    query: earningsQuerySchema,
    response: z.string(),
  },
});

/** The admin's side of the pool: the share setting, months, closing a month, payout details, paying. */
export const adminRoyaltyRoutes = defineRoutes({
  overview: {
    method: 'GET',
    path: '/admin/royalties',
    service,
    access: 'admin',
    summary: 'The pool share and every month with revenue, pool and what was allocated, newest first',
    response: royaltyOverviewSchema,
  },
  month: {
    method: 'GET',
    path: '/admin/royalties/months/:month',
    service,
    access: 'admin',
    summary: "A month's pool and every creator's statement, reconciling to the pool to the cent",
    params: royaltyMonthParamsSchema,
    response: royaltyMonthDetailSchema,
  },
  settings: {
    method: 'PUT',
    path: '/admin/royalties/settings',
    service,
    access: 'admin',
    summary:
      "Set the pool's share of net subscription revenue (open months use it; closed months keep theirs)",
    body: royaltySettingsBodySchema,
    response: royaltySettingsSchema,
  },
  close: {
    refuses: { 409: royaltyMessages.closedAlready },
    method: 'POST',
    path: '/admin/royalties/months/:month/close',
    service,
    access: 'admin',
    summary: 'Close an ended month: its pool and statements are stored and never change',
    params: royaltyMonthParamsSchema,
    response: royaltyMonthDetailSchema,
  },
  payoutAccount: {
    refuses: { 404: 'No payout details recorded' },
    method: 'GET',
    path: '/admin/royalties/creators/:creatorId/payout-account',
    service,
    access: 'admin',
    summary: "A creator's payout details (method and reference)",
    params: creatorParamsSchema,
    response: payoutAccountSchema,
  },
  savePayoutAccount: {
    method: 'PUT',
    path: '/admin/royalties/creators/:creatorId/payout-account',
    service,
    access: 'admin',
    summary: "Record a creator's payout details (the reference is sealed at rest)",
    params: creatorParamsSchema,
    body: payoutAccountBodySchema,
    response: payoutAccountSchema,
  },
  markPaid: {
    refuses: { 404: royaltyMessages.statementNotFound, 409: royaltyMessages.paidAlready },
    method: 'POST',
    path: '/admin/royalties/statements/:id/paid',
    service,
    access: 'admin',
    summary: "Mark a closed month's statement paid (by the creator's recorded payout method)",
    params: statementParamsSchema,
    body: markPaidBodySchema,
    response: adminRoyaltyStatementSchema,
  },
});
