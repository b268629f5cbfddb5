import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { PostStatus, ReportReason } from '@catalyst/contracts';

/** A post: the opening post of a thread or a reply. Hidden and deleted posts keep their text (audit). */
export interface PostsTable {
  id: string;
  seq: ColumnType<string, never, never>;
  thread_id: string;
  is_opening: boolean;
  author_id: string;
  /** The profile name when the post was written (never the e-mail). */
  author_name: string;
  author_is_admin: Generated<boolean>;
  /** Written by the item's own creator (a creator account on its creator's product), as of writing. */
  author_is_creator: Generated<boolean>;
  body_md: string;
  /** Rendered and sanitised when written. */
  body_html: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  status: ColumnType<PostStatus, PostStatus | undefined, PostStatus>;
  moderated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  moderated_by: string | null;
  moderation_reason: string | null;
  upvotes: Generated<number>;
  /** Reports ever made, and those still open (the queue). */
  report_count: Generated<number>;
  open_reports: Generated<number>;
  last_reported_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type PostRow = Selectable<PostsTable>;
export type NewPostRow = Insertable<PostsTable>;

export interface PostVotesTable {
  post_id: string;
  user_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface PostReportsTable {
  id: string;
  post_id: string;
  reporter_id: string;
  reporter_name: string;
  reporter_is_admin: Generated<boolean>;
  reason: ReportReason;
  note: string | null;
  status: ColumnType<'open' | 'resolved', 'open' | 'resolved' | undefined, 'open' | 'resolved'>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export type PostReportRow = Selectable<PostReportsTable>;
