import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** One learner's rating and review of one product (unique per product and author). */
export interface ReviewTable {
  id: string;
  /** Orders pages (keyset paging on integers). */
  seq: ColumnType<number, never, never>;
  product_id: string;
  author_id: string;
  author_name: string;
  rating: number;
  body_md: Generated<string>;
  /** Rendered and sanitised when written (service-kit's renderMarkdown). */
  body_html: Generated<string>;
  /** Hidden by a moderator: not listed and not counted in the product's rating. */
  status: Generated<'visible' | 'hidden'>;
  helpful_count: Generated<number>;
  report_count: Generated<number>;
  open_reports: Generated<number>;
  last_reported_at: Date | null;
  reply_md: Generated<string | null>;
  reply_html: Generated<string | null>;
  reply_by_id: Generated<string | null>;
  reply_by_name: Generated<string | null>;
  reply_by_creator: Generated<boolean | null>;
  reply_created_at: Generated<Date | null>;
  reply_updated_at: Generated<Date | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type ReviewRow = Selectable<ReviewTable>;
export type NewReviewRow = Insertable<ReviewTable>;

export interface ReviewVoteTable {
  review_id: string;
  user_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ReviewReportTable {
  id: string;
  review_id: string;
  reporter_id: string;
  reporter_name: string;
  reason: string;
  note: string | null;
  status: Generated<'open' | 'closed'>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export type ReviewReportRow = Selectable<ReviewReportTable>;

export interface ReviewModerationLogTable {
  id: string;
  review_id: string;
  action: 'hide' | 'restore' | 'dismiss-reports';
  moderator_id: string;
  moderator_name: string;
  reason: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
