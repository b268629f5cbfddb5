// The payments_sandbox schema: the sandbox provider's own state (customers, sessions, subscriptions, events).
import type { CheckoutSessionTable } from './tables/checkout-session';
import type { ClockTable } from './tables/clock';
import type { CouponTable } from './tables/coupon';
import type { CustomerTable } from './tables/customer';
import type { EventTable } from './tables/event';
import type { IdempotencyKeyTable } from './tables/idempotency-key';
import type { InvoiceTable } from './tables/invoice';
import type { PaymentIntentTable } from './tables/payment-intent';
import type { PortalSessionTable } from './tables/portal-session';
import type { PriceTable } from './tables/price';
import type { PromotionCodeTable } from './tables/promotion-code';
import type { SubscriptionTable } from './tables/subscription';
import type { SubscriptionScheduleTable } from './tables/subscription-schedule';

export interface Database {
  customers: CustomerTable;
  prices: PriceTable;
  checkout_sessions: CheckoutSessionTable;
  subscriptions: SubscriptionTable;
  invoices: InvoiceTable;
  payment_intents: PaymentIntentTable;
  portal_sessions: PortalSessionTable;
  events: EventTable;
  clock: ClockTable;
  idempotency_keys: IdempotencyKeyTable;
  coupons: CouponTable;
  promotion_codes: PromotionCodeTable;
  subscription_schedules: SubscriptionScheduleTable;
}
