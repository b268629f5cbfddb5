import type { Generated } from 'kysely';

export interface CreatorFollowsTable {
  creator_id: string;
  user_id: string;
  created_at: Generated<Date>;
}

/** An item content said was published for the first time (fanned out to followers once). */
export interface CreatorNewsItemsTable {
  product_id: string;
  creator_id: string;
  queued_at: Generated<Date>;
}

/** One follower's news waiting for their e-mail. */
export interface CreatorNewsTable {
  user_id: string;
  product_id: string;
  creator_id: string;
  queued_at: Generated<Date>;
}
