import type { ColumnType, Generated } from 'kysely';
import type { CreatorLink } from '@catalyst/contracts';

/** What a creator's public page shows beyond the creator row: their links (the bio is the description). */
export interface CreatorProfileTable {
  creator_id: string;
  links: ColumnType<CreatorLink[], string, string>;
  updated_at: Generated<Date>;
}

/**
 * Items published for the first time, waiting to be handed to community for their creator's followers (a
 * transactional outbox: written with the publish, delivered by a timer until community has them).
 */
export interface ProductAnnouncementTable {
  product_id: string;
  creator_id: string;
  queued_at: Generated<Date>;
  delivered_at: Date | null;
}
