// The billing schema: one line per table, each table's types in ./tables.
import type { CustomerTable } from './tables/customer';
import type { EventTable } from './tables/event';
import type { SubscriptionTable } from './tables/subscription';

export interface Database {
  customers: CustomerTable;
  subscriptions: SubscriptionTable;
  events: EventTable;
}
