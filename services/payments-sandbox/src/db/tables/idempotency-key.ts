import type { ColumnType, Insertable, Selectable } from 'kysely';

/** A POST answered once under an Idempotency-Key, replayed for retries of the same request (as Stripe does). */
export interface IdempotencyKeyTable {
  key: string;
  /** Method, path and a hash of the parameters: a key may only be reused for the same request. */
  request: string;
  status: number;
  body: string;
  created_at: ColumnType<Date, never, never>;
}
export type IdempotencyKey = Selectable<IdempotencyKeyTable>;
export type NewIdempotencyKey = Insertable<IdempotencyKeyTable>;
