import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Difficulty, ProductType } from '@catalyst/contracts';

export interface ProductTable {
  id: string;
  /** Short public id used in links (browse/premium/product/{productId}). */
  product_id: string;
  slug: string;
  title: string;
  description: string;
  /** Sanitised HTML; served only to entitled callers. */
  content: string | null;
  category_id: string;
  creator_id: string;
  type: Generated<ProductType>;
  difficulty: Generated<Difficulty>;
  /** Minutes. */
  duration: number | null;
  /**
   * The exact length in seconds when it comes from the media (a single video's measured length, a
   * curriculum whose every lesson's length is known), else null; `duration` is its whole minutes, rounded up.
   */
  duration_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  thumbnail: string | null;
  /** Served only to entitled callers. */
  video_url: string | null;
  /** An uploaded video in the media service, streamed once processed. */
  media_asset_id: ColumnType<string | null, string | null | undefined, string | null>;
  tags: Generated<string[]>;
  /** numeric(10,2): pg returns a string. */
  price: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  instructor: string | null;
  enrolled_students: Generated<number>;
  is_active: Generated<boolean>;
  is_published: Generated<boolean>;
  is_featured: Generated<boolean>;
  sort_order: Generated<number>;
  created_by_id: string | null;
  created_by_name: string | null;
  created_by_email: string | null;
  /** Generated column (lower-cased title, description and tags) behind the trigram search index. */
  search_text: ColumnType<string, never, never>;
  /** Bumped by every saved curriculum edit (the editor's version check). */
  curriculum_version: Generated<number>;
  /** numeric(3,2), pg returns a string: the mean of its visible reviews' stars, kept with each review write; null before any. */
  rating_average: ColumnType<string | null, never, string | null>;
  /** Its visible reviews, kept with each review write. */
  rating_count: ColumnType<number, never, number>;
  /** Kept by triggers: published, active, in an active category, by an active creator (what public lists show). */
  listed: ColumnType<boolean, never, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type ProductRow = Selectable<ProductTable>;
export type NewProductRow = Insertable<ProductTable>;
export type ProductUpdate = Updateable<ProductTable>;
