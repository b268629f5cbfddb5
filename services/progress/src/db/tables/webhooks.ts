import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DomainEventType } from '@catalyst/contracts';

/** An admin's webhook endpoint: where events of the chosen types are POSTed, signed with its secret. */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  url: string;
  description: Generated<string>;
  event_types: DomainEventType[];
  enabled: Generated<boolean>;
  /** The `whsec_…` secret, sealed (service-kit's secret box, bound to the endpoint's id). */
  secret_sealed: string;
  secret_hint: string;
  /** Told when the endpoint is turned off after sustained failure. */
  created_by_email: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  disabled_at: Date | null;
  disabled_reason: string | null;
  /** The first failed attempt since the last success (null while it succeeds). */
  failing_since: Date | null;
  consecutive_failures: Generated<number>;
}

/** One event for one endpoint: pending (due at `next_attempt_at`) until delivered or out of retries. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  endpoint_id: string;
  event_id: string;
  event_type: DomainEventType;
  /** The JSON body sent, the same on every attempt. */
  payload: ColumnType<unknown, string, string>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  next_attempt_at: Date | null;
  /** Attempts since `retry_from` (its creation, or the admin's last replay): where the back-off is. */
  attempts: Generated<number>;
  retry_from: Date;
  created_at: Date;
  delivered_at: Date | null;
}

/** One try of a delivery: the delivery log. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: string;
  at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
