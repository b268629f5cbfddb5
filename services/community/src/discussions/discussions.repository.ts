import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReplySort, ReportReason, ThreadSort } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { PostRow } from '../db/tables/posts';
import type { ThreadRow } from '../db/tables/threads';

type Db = Kysely<Database> | Transaction<Database>;

/** Who wrote or did something, as stored beside it (the profile name, never the e-mail). */
export interface Actor {
  id: string;
  name: string;
  isAdmin: boolean;
  /** The item's own creator (posts only). */
  isCreator?: boolean;
}

/** Where a thread lives: `productId/lessonId` (lessonId empty for the product's own discussions). */
export const targetOf = (productId: string, lessonId: string | null | undefined) =>
  `${productId}/${lessonId ?? ''}`;

/** A keyset position: the last row's sort key (`upvotes` for the top sorts) and its `seq`. */
export interface Position {
  upvotes?: number;
  seq: string;
}

/** A thread with its opening post. */
export interface ThreadWithOpening {
  thread: ThreadRow;
  opening: PostRow;
}

const threadColumns = [
  'threads.id',
  'threads.seq',
  'threads.product_id',
  'threads.lesson_id',
  'threads.target',
  'threads.title',
  'threads.author_id',
  'threads.locked',
  'threads.answer_post_id',
  'threads.reply_count',
  'threads.upvotes',
  'threads.created_at',
  'threads.last_activity_at',
] as const;

/** Rows of `threads` joined with their opening post, as { thread, opening }. */
function threadsWithOpening(db: Db) {
  return db
    .selectFrom('threads')
    .innerJoin('posts as o', (join) =>
      join.onRef('o.thread_id', '=', 'threads.id').on('o.is_opening', '=', true),
    )
    .select(threadColumns)
    .select(sql<PostRow>`to_jsonb(o)`.as('opening'));
}

type JoinedRow = ThreadRow & {
  opening: PostRow & {
    created_at: string | Date;
    edited_at: string | Date | null;
    moderated_at: string | Date | null;
    last_reported_at: string | Date | null;
  };
};

/** to_jsonb gives dates as strings: back to Dates, as kysely gives them elsewhere. */
const splitJoined = ({ opening, ...thread }: JoinedRow): ThreadWithOpening => ({
  thread: thread as ThreadRow,
  opening: {
    ...opening,
    seq: String(opening.seq),
    created_at: new Date(opening.created_at),
    edited_at: opening.edited_at === null ? null : new Date(opening.edited_at),
    moderated_at: opening.moderated_at === null ? null : new Date(opening.moderated_at),
    last_reported_at: opening.last_reported_at === null ? null : new Date(opening.last_reported_at),
  } as PostRow,
});

export async function findThread(db: Db, threadId: string): Promise<ThreadWithOpening | null> {
  const row = await threadsWithOpening(db).where('threads.id', '=', threadId).executeTakeFirst();
  return row ? splitJoined(row as unknown as JoinedRow) : null;
}

/** The thread row alone, locked for the transaction's write (a reply, an answer, a lock). */
export async function lockThread(trx: Transaction<Database>, threadId: string): Promise<ThreadRow | null> {
  return (
    (await trx.selectFrom('threads').selectAll().where('id', '=', threadId).forUpdate().executeTakeFirst()) ??
    null
  );
}

/** The posts of these ids that belong to the thread. */
export async function findPostsOfThread(db: Db, threadId: string, postIds: string[]): Promise<PostRow[]> {
  if (postIds.length === 0) return [];
  return db
    .selectFrom('posts')
    .selectAll()
    .where('thread_id', '=', threadId)
    .where('id', 'in', postIds)
    .execute();
}

export async function findPost(db: Db, postId: string): Promise<PostRow | null> {
  return (await db.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirst()) ?? null;
}

/** Where a post or a thread lives (the access rule's question), in one read. */
export async function findTargetOfPost(db: Db, postId: string) {
  return db
    .selectFrom('posts')
    .innerJoin('threads', 'threads.id', 'posts.thread_id')
    .select(['threads.product_id', 'threads.lesson_id'])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
}

export async function findTargetOfThread(db: Db, threadId: string) {
  return db
    .selectFrom('threads')
    .select(['product_id', 'lesson_id', 'locked'])
    .where('id', '=', threadId)
    .executeTakeFirst();
}

/** A page of a target's threads after `after`, and one more row (whether there is a next page). */
export async function listThreads(
  db: Db,
  { target, sort, after, limit }: { target: string; sort: ThreadSort; after: Position | null; limit: number },
): Promise<ThreadWithOpening[]> {
  let query = threadsWithOpening(db).where('threads.target', '=', target);
  if (sort === 'top') {
    if (after)
      query = query.where(
        sql<boolean>`(threads.upvotes, threads.seq) < (${after.upvotes ?? 0}, ${after.seq}::bigint)`,
      );
    query = query.orderBy('threads.upvotes', 'desc').orderBy('threads.seq', 'desc');
  } else {
    if (sort === 'unanswered') query = query.where('threads.answer_post_id', 'is', null);
    if (after) query = query.where('threads.seq', '<', after.seq);
    query = query.orderBy('threads.seq', 'desc');
  }
  const rows = await query.limit(limit + 1).execute();
  return (rows as unknown as JoinedRow[]).map(splitJoined);
}

/** How many threads a target has, and how many of them are answered (kept beside them, never counted). */
export async function targetCounts(db: Db, target: string) {
  const row = await db
    .selectFrom('discussion_targets')
    .select(['thread_count', 'answered_count'])
    .where('target', '=', target)
    .executeTakeFirst();
  return { threads: row?.thread_count ?? 0, answered: row?.answered_count ?? 0 };
}

/** A page of a thread's replies after `after`, and one more row. */
export async function listReplies(
  db: Db,
  {
    threadId,
    sort,
    after,
    limit,
  }: { threadId: string; sort: ReplySort; after: Position | null; limit: number },
): Promise<PostRow[]> {
  let query = db
    .selectFrom('posts')
    .selectAll()
    .where('thread_id', '=', threadId)
    .where('is_opening', '=', false);
  if (sort === 'top') {
    // Most upvoted first, then oldest: (-upvotes, seq) ascending, the index's own order.
    if (after)
      query = query.where(sql<boolean>`(-upvotes, seq) > (${-(after.upvotes ?? 0)}, ${after.seq}::bigint)`);
    query = query.orderBy(sql`-upvotes`).orderBy('seq');
  } else {
    if (after) query = query.where('seq', '>', after.seq);
    query = query.orderBy('seq');
  }
  return query.limit(limit + 1).execute();
}

/** Which of these posts the user upvoted. */
export async function votedAmong(db: Db, userId: string, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('post_votes')
    .select('post_id')
    .where('post_id', 'in', postIds)
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.post_id));
}

interface NewPost {
  id: string;
  author: Actor;
  bodyMd: string;
  bodyHtml: string;
}

/** A new thread with its opening post, counted in its target, in one transaction. */
export async function insertThread(
  trx: Transaction<Database>,
  {
    threadId,
    productId,
    lessonId,
    title,
    post,
  }: { threadId: string; productId: string; lessonId: string | null; title: string; post: NewPost },
) {
  await trx
    .insertInto('threads')
    .values({
      id: threadId,
      product_id: productId,
      lesson_id: lessonId,
      title,
      author_id: post.author.id,
      answer_post_id: null,
    })
    .execute();
  await insertPost(trx, threadId, true, post);
  await trx
    .insertInto('discussion_targets')
    .values({ target: targetOf(productId, lessonId), thread_count: 1 })
    .onConflict((oc) =>
      oc.column('target').doUpdateSet({ thread_count: sql`discussion_targets.thread_count + 1` }),
    )
    .execute();
}

async function insertPost(
  trx: Transaction<Database>,
  threadId: string,
  isOpening: boolean,
  post: NewPost,
): Promise<PostRow> {
  return trx
    .insertInto('posts')
    .values({
      id: post.id,
      thread_id: threadId,
      is_opening: isOpening,
      author_id: post.author.id,
      author_name: post.author.name,
      author_is_admin: post.author.isAdmin,
      // Named only when true: the demo seed also runs against schemas from before the column.
      ...(post.author.isCreator ? { author_is_creator: true } : {}),
      body_md: post.bodyMd,
      body_html: post.bodyHtml,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A reply, counted on its thread (whose row the caller has locked). */
export async function insertReply(
  trx: Transaction<Database>,
  threadId: string,
  post: NewPost,
): Promise<PostRow> {
  const row = await insertPost(trx, threadId, false, post);
  await trx
    .updateTable('threads')
    .set({ reply_count: sql`reply_count + 1`, last_activity_at: sql`now()` })
    .where('id', '=', threadId)
    .execute();
  return row;
}

/** The author's new text (and the thread's title with its opening post). */
export async function editPost(
  trx: Transaction<Database>,
  post: PostRow,
  { bodyMd, bodyHtml, title }: { bodyMd: string; bodyHtml: string; title?: string },
): Promise<PostRow> {
  if (post.is_opening && title !== undefined)
    await trx.updateTable('threads').set({ title }).where('id', '=', post.thread_id).execute();
  return trx
    .updateTable('posts')
    .set({ body_md: bodyMd, body_html: bodyHtml, edited_at: sql`now()` })
    .where('id', '=', post.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A post's status changed (author's delete, moderators' hide, restore and delete); acting on a post closes its reports. */
export async function setPostStatus(
  trx: Transaction<Database>,
  postId: string,
  status: PostRow['status'],
  moderation: { by: string; reason: string | null } | null,
): Promise<PostRow> {
  const row = await trx
    .updateTable('posts')
    .set({
      status,
      ...(moderation
        ? { moderated_at: sql`now()`, moderated_by: moderation.by, moderation_reason: moderation.reason }
        : {}),
    })
    .where('id', '=', postId)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (moderation) return closeReports(trx, postId);
  return row;
}

/** Marks the post's open reports resolved. */
export async function closeReports(trx: Transaction<Database>, postId: string): Promise<PostRow> {
  await trx
    .updateTable('post_reports')
    .set({ status: 'resolved', resolved_at: sql`now()` })
    .where('post_id', '=', postId)
    .where('status', '=', 'open')
    .execute();
  return trx
    .updateTable('posts')
    .set({ open_reports: 0 })
    .where('id', '=', postId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * One upvote per person and post: the vote's primary key decides, the count moves in the same statement
 * chain of one transaction (so concurrent votes count exactly; repeating one changes nothing).
 */
export async function setVote(
  trx: Transaction<Database>,
  post: PostRow,
  userId: string,
  up: boolean,
): Promise<{ upvotes: number; upvotedByMe: boolean }> {
  const changed = up
    ? await trx
        .insertInto('post_votes')
        .values({ post_id: post.id, user_id: userId })
        .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
        .returning('post_id')
        .executeTakeFirst()
    : await trx
        .deleteFrom('post_votes')
        .where('post_id', '=', post.id)
        .where('user_id', '=', userId)
        .returning('post_id')
        .executeTakeFirst();
  if (!changed) {
    const { upvotes } = await trx
      .selectFrom('posts')
      .select('upvotes')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    return { upvotes, upvotedByMe: up };
  }
  const step = up ? 1 : -1;
  const { upvotes } = await trx
    .updateTable('posts')
    .set({ upvotes: sql`upvotes + ${step}` })
    .where('id', '=', post.id)
    .returning('upvotes')
    .executeTakeFirstOrThrow();
  // The opening post's count is also the thread's (its 'top' sort).
  if (post.is_opening)
    await trx.updateTable('threads').set({ upvotes }).where('id', '=', post.thread_id).execute();
  return { upvotes, upvotedByMe: up };
}

/** The thread's answer (null: none), and its target's answered count kept with it. */
export async function setAnswer(
  trx: Transaction<Database>,
  thread: ThreadRow,
  answerPostId: string | null,
): Promise<void> {
  if (thread.answer_post_id === answerPostId) return;
  await trx
    .updateTable('threads')
    .set({ answer_post_id: answerPostId })
    .where('id', '=', thread.id)
    .execute();
  const step = (answerPostId === null ? -1 : 0) + (thread.answer_post_id === null ? 1 : 0);
  if (step !== 0)
    await trx
      .updateTable('discussion_targets')
      .set({ answered_count: sql`answered_count + ${step}` })
      .where('target', '=', thread.target)
      .execute();
}

/** A report, once per person and post (false when this person had already reported it). */
export async function insertReport(
  trx: Transaction<Database>,
  {
    id,
    postId,
    reporter,
    reason,
    note,
  }: { id: string; postId: string; reporter: Actor; reason: ReportReason; note: string | null },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('post_reports')
    .values({
      id,
      post_id: postId,
      reporter_id: reporter.id,
      reporter_name: reporter.name,
      reporter_is_admin: reporter.isAdmin,
      reason,
      note,
    })
    .onConflict((oc) => oc.constraint('post_reports_once').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await trx
    .updateTable('posts')
    .set({
      report_count: sql`report_count + 1`,
      open_reports: sql`open_reports + 1`,
      last_reported_at: sql`now()`,
    })
    .where('id', '=', postId)
    .execute();
  return true;
}

/** One line of the audit log. */
export async function logModeration(
  trx: Db,
  entry: {
    id: string;
    action: Database['moderation_log']['action'];
    threadId: string;
    postId: string | null;
    by: Actor;
    reason: string | null;
  },
) {
  await trx
    .insertInto('moderation_log')
    .values({
      id: entry.id,
      action: entry.action,
      thread_id: entry.threadId,
      post_id: entry.postId,
      moderator_id: entry.by.id,
      moderator_name: entry.by.name,
      moderator_is_admin: entry.by.isAdmin,
      reason: entry.reason,
    })
    .execute();
}

/** The thread's lock. */
export async function setLocked(trx: Transaction<Database>, threadId: string, locked: boolean) {
  await trx.updateTable('threads').set({ locked }).where('id', '=', threadId).execute();
}

/** Every post `authorId` wrote, with its discussion, newest first (their data export; at most `limit`). */
export async function listPostsBy(db: Db, authorId: string, limit = 10_000) {
  return db
    .selectFrom('posts')
    .innerJoin('threads', 'threads.id', 'posts.thread_id')
    .where('posts.author_id', '=', authorId)
    .select([
      'posts.id',
      'posts.thread_id',
      'posts.is_opening',
      'posts.body_md',
      'posts.status',
      'posts.created_at',
      'posts.edited_at',
      'threads.title',
      'threads.product_id',
      'threads.lesson_id',
    ])
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute();
}
