import type { ColumnType, Generated, Selectable } from 'kysely';
import type { RevisionStatus } from '@catalyst/contracts';

/** An account that signs in as a creator (one creator per account). */
export interface CreatorAccountTable {
  user_id: string;
  creator_id: string;
  email: string;
  name: string;
  linked_at: Generated<Date>;
}
export type CreatorAccountRow = Selectable<CreatorAccountTable>;

/** An admin's invitation of an address to a creator; only the token's SHA-256 is kept. */
export interface CreatorInvitationTable {
  id: string;
  creator_id: string;
  email: string;
  token_hash: string;
  invited_by: string;
  created_at: Generated<Date>;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  revoked_at: Date | null;
}
export type CreatorInvitationRow = Selectable<CreatorInvitationTable>;

/** A creator's draft of a product: a whole snapshot (product values + curriculum sections), numbered per product. */
export interface ProductRevisionTable {
  id: string;
  product_id: string;
  number: number;
  snapshot: ColumnType<unknown, string, string>;
  status: Generated<RevisionStatus>;
  reason: string | null;
  author_user_id: string;
  author_name: string;
  created_at: Generated<Date>;
  submitted_at: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
}
export type ProductRevisionRow = Selectable<ProductRevisionTable>;
