import type { Context } from 'hono';
import { ok, requireIdentity, type AppEnv } from '@catalyst/service-kit';
import type { BillingContext } from '../context';
import { listInvoices } from './invoices.service';

/** GET /subscription/invoices: the signed-in user's invoices and receipts; data is the list. */
export const invoicesHandler = (ctx: BillingContext) => async (c: Context<AppEnv>) => ok(c, await listInvoices(ctx, requireIdentity(c)));
