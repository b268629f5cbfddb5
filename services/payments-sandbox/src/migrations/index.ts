import type { Migration } from 'kysely';
import * as createSandboxTables from './2026-11-22T04-10-00_create_sandbox_tables';
import * as createIdempotencyKeys from './2026-11-22T04-40-00_create_idempotency_keys';
import * as indexInvoicesCustomer from './2026-11-24T06-30-00_index_invoices_customer';
import * as plansTrialsAndDiscounts from './2026-12-05T12-00-00_plans_trials_and_discounts';
import * as paymentIntents from './2026-12-05T12-30-00_payment_intents';
import * as subscriptionQuantity from './2026-12-06T03-10-00_subscription_quantity';

/** Every migration of the payments_sandbox schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T04-10-00_create_sandbox_tables': createSandboxTables,
  '2026-11-22T04-40-00_create_idempotency_keys': createIdempotencyKeys,
  '2026-11-24T06-30-00_index_invoices_customer': indexInvoicesCustomer,
  '2026-12-05T12-00-00_plans_trials_and_discounts': plansTrialsAndDiscounts,
  '2026-12-05T12-30-00_payment_intents': paymentIntents,
  '2026-12-06T03-10-00_subscription_quantity': subscriptionQuantity,
};
