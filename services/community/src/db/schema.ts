// The community schema: one line per table, each table's types in ./tables.
import type { ModerationLogTable } from './tables/moderation-log';
import type { PostReportsTable, PostsTable, PostVotesTable } from './tables/posts';
import type { DiscussionTargetsTable, ThreadsTable } from './tables/threads';

export interface Database {
  threads: ThreadsTable;
  discussion_targets: DiscussionTargetsTable;
  posts: PostsTable;
  post_votes: PostVotesTable;
  post_reports: PostReportsTable;
  moderation_log: ModerationLogTable;
}
