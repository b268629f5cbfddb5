import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  COMMUNITY_RATES,
  PREMIUM_REQUIRED_MESSAGE,
  type Identity,
  type Post,
  type Thread,
} from '@catalyst/contracts';
import type { CommunityEvents } from '../events';
import {
  admin,
  createTestCommunity,
  ids,
  learner,
  lesson,
  newcomer,
  otherSubscriber,
  subscriber,
  type TestCommunity,
} from '../test-support';

/** What discussions told the notifications: follows and replies, as a listener would hear them. */
const heard = {
  follows: [] as { userId: string; threadId: string }[],
  replies: [] as { thread: Thread; post: Post }[],
  failing: false,
};
const events: CommunityEvents = {
  replyPosted: async (event) => {
    if (heard.failing) throw new Error('mail queue down');
    heard.replies.push(event);
  },
  followed: async (event) => {
    heard.follows.push(event);
  },
  followingAmong: async (userId, threadIds) =>
    new Set(
      threadIds.filter((threadId) =>
        heard.follows.some((f) => f.userId === userId && f.threadId === threadId),
      ),
    ),
};

let t: TestCommunity;
beforeAll(async () => {
  t = await createTestCommunity({ base: { events } });
});
afterAll(() => t.close());

const ask = (
  as: Identity,
  target: { productId: string; lessonId?: string },
  title = 'How do hooks work?',
  body = 'I do not get **useEffect**.',
) => t.call(as, 'POST', '/community/threads', { ...target, title, body });

async function thread(
  as: Identity = subscriber,
  target: { productId: string; lessonId?: string } = { productId: ids.course },
) {
  const res = await ask(as, target);
  expect(res.status).toBe(201);
  return res.body.data as { _id: string; opening: { _id: string } };
}

async function replyTo(threadId: string, as: Identity = otherSubscriber, body = 'Here is how.') {
  const res = await t.call(as, 'POST', `/community/threads/${threadId}/replies`, { body });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string };
}

describe('who may read and write a discussion', () => {
  it('asks a visitor to sign in', async () => {
    expect((await t.call(null, 'GET', `/community/threads?productId=${ids.course}`)).status).toBe(401);
    expect((await ask(null as never, { productId: ids.course })).status).toBe(401);
  });

  it("refuses a learner without the plan a premium lesson's discussion, with the premium message", async () => {
    const list = await t.call(
      learner,
      'GET',
      `/community/threads?productId=${ids.course}&lessonId=${lesson.premium}`,
    );
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ success: false, message: PREMIUM_REQUIRED_MESSAGE });
    expect((await ask(learner, { productId: ids.course, lessonId: lesson.premium })).status).toBe(403);
    expect((await t.call(learner, 'GET', `/community/threads?productId=${ids.course}`)).status).toBe(403);
  });

  it("opens a free-preview lesson's discussion to a learner without the plan, to read and to write", async () => {
    const asked = await ask(learner, { productId: ids.course, lessonId: lesson.preview });
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({
      productId: ids.course,
      lessonId: lesson.preview,
      title: 'How do hooks work?',
    });
    const list = await t.call(
      learner,
      'GET',
      `/community/threads?productId=${ids.course}&lessonId=${lesson.preview}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((x: { _id: string }) => x._id)).toContain(asked.body.data._id);
    expect((await t.call(learner, 'GET', `/community/threads/${asked.body.data._id}`)).status).toBe(200);
  });

  it('opens a free product to every signed-in user and any discussion to a member', async () => {
    expect((await ask(learner, { productId: ids.free })).status).toBe(201);
    expect(
      (
        await t.call(
          subscriber,
          'GET',
          `/community/threads?productId=${ids.course}&lessonId=${lesson.premium}`,
        )
      ).status,
    ).toBe(200);
  });

  it("refuses a learner a premium thread's replies, votes and reports reached by its id", async () => {
    const premium = await thread(subscriber, { productId: ids.course, lessonId: lesson.premium });
    expect((await t.call(learner, 'GET', `/community/threads/${premium._id}`)).status).toBe(403);
    expect((await t.call(learner, 'GET', `/community/threads/${premium._id}/replies`)).status).toBe(403);
    expect(
      (await t.call(learner, 'POST', `/community/threads/${premium._id}/replies`, { body: 'hi' })).status,
    ).toBe(403);
    expect((await t.call(learner, 'PUT', `/community/posts/${premium.opening._id}/vote`)).status).toBe(403);
    expect(
      (await t.call(learner, 'POST', `/community/posts/${premium.opening._id}/report`, { reason: 'spam' }))
        .status,
    ).toBe(403);
  });

  it('answers 404 for unknown threads, posts, lessons and unpublished products (admins see drafts)', async () => {
    expect((await t.call(subscriber, 'GET', `/community/threads/${ids.missing}`)).body).toEqual({
      success: false,
      message: COMMUNITY_MESSAGES.threadNotFound,
    });
    expect((await t.call(subscriber, 'PUT', `/community/posts/${ids.missing}/vote`)).body.message).toBe(
      COMMUNITY_MESSAGES.postNotFound,
    );
    expect(
      (
        await t.call(
          subscriber,
          'GET',
          `/community/threads?productId=${ids.course}&lessonId=${lesson.unknown}`,
        )
      ).status,
    ).toBe(404);
    expect((await t.call(subscriber, 'GET', `/community/threads?productId=${ids.draft}`)).status).toBe(404);
    expect((await t.call(subscriber, 'GET', `/community/threads?productId=${ids.missing}`)).status).toBe(404);
    expect((await t.call(admin, 'GET', `/community/threads?productId=${ids.draft}`)).status).toBe(200);
  });

  it('refuses bad input with 400 in the one error shape', async () => {
    const res = await ask(subscriber, { productId: ids.course }, 'Hi', '');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['body', 'title']);
    expect((await t.call(subscriber, 'GET', '/community/threads?productId=nope')).status).toBe(400);
    expect(
      (await t.call(subscriber, 'GET', `/community/threads?productId=${ids.course}&cursor=garbage`)).status,
    ).toBe(400);
    expect(
      (
        await ask(
          subscriber,
          { productId: ids.course },
          'A fine title',
          'x'.repeat(COMMUNITY_LIMITS.bodyMax + 1),
        )
      ).status,
    ).toBe(400);
  });
});

describe('what a post shows', () => {
  it('renders Markdown on the server and removes scripts, event handlers and javascript: links', async () => {
    const body = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '[docs](https://react.dev/learn) and **bold**',
      '<a href="https://evil.example" onclick="alert(4)">raw</a>',
      '![pixel](https://tracker.example/p.gif)',
    ].join('\n\n');
    const res = await ask(subscriber, { productId: ids.course }, 'Sanitising check', body);
    const html: string = res.body.data.opening.bodyHtml;
    // Only text formatting and links survive as markup; what was HTML in the post is shown as text.
    const tags = [...html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)];
    expect(new Set(tags.map((m) => m[1]!.toLowerCase()))).toEqual(new Set(['p', 'a', 'strong']));
    for (const [, , attributes] of tags) {
      expect(attributes).not.toMatch(/\son\w+\s*=/i);
      expect(attributes).not.toMatch(/javascript:/i);
    }
    expect(html).toContain(
      '<a href="https://react.dev/learn" rel="nofollow ugc noopener noreferrer" target="_blank">docs</a>',
    );
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('&lt;script&gt;');
    // The author's Markdown is kept as written, for editing.
    expect(res.body.data.opening.body).toBe(body);
    const links = [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/rel="nofollow ugc noopener noreferrer" target="_blank"/);
  });

  it('names the author by their profile name, never their e-mail', async () => {
    const res = await ask(subscriber, { productId: ids.course });
    expect(res.body.data.opening.author).toEqual({
      _id: subscriber.id,
      name: subscriber.name,
      isAdmin: false,
      isCreator: false,
    });
    expect(JSON.stringify(res.body)).not.toContain(subscriber.email);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit within the window, then refuses; others never', async () => {
    const asked = await thread();
    const edited = await t.call(subscriber, 'PATCH', `/community/posts/${asked.opening._id}`, {
      body: 'Now with *more* detail',
      title: 'How do hooks really work?',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      body: 'Now with *more* detail',
      bodyHtml: '<p>Now with <em>more</em> detail</p>',
    });
    expect(edited.body.data.editedAt).not.toBeNull();
    expect((await t.call(subscriber, 'GET', `/community/threads/${asked._id}`)).body.data.title).toBe(
      'How do hooks really work?',
    );

    expect(
      (await t.call(otherSubscriber, 'PATCH', `/community/posts/${asked.opening._id}`, { body: 'hijack' }))
        .body,
    ).toEqual({ success: false, message: COMMUNITY_MESSAGES.notYourPost });

    // The post is now older than the window.
    await t.db
      .updateTable('posts')
      .set({ created_at: sql`now() - interval '16 minutes'` })
      .where('id', '=', asked.opening._id)
      .execute();
    const late = await t.call(subscriber, 'PATCH', `/community/posts/${asked.opening._id}`, {
      body: 'too late',
    });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(COMMUNITY_MESSAGES.editWindowClosed);
    expect(
      (await t.call(subscriber, 'GET', `/community/threads/${asked._id}`)).body.data.opening.editableUntil,
    ).toBeNull();
  });

  it('tells the author until when they may edit', async () => {
    const asked = await thread();
    const until = Date.parse(
      (await t.call(subscriber, 'GET', `/community/threads/${asked._id}`)).body.data.opening.editableUntil,
    );
    expect(until - Date.now()).toBeGreaterThan((COMMUNITY_LIMITS.editWindowMinutes - 1) * 60_000);
    expect(
      (await t.call(otherSubscriber, 'GET', `/community/threads/${asked._id}`)).body.data.opening
        .editableUntil,
    ).toBeNull();
  });

  it('deletes only your own post, softly: readers see its place, the text is kept, the log says who', async () => {
    const asked = await thread();
    const answer = await replyTo(asked._id, otherSubscriber, 'Secret text');
    expect((await t.call(subscriber, 'DELETE', `/community/posts/${answer._id}`)).body.message).toBe(
      COMMUNITY_MESSAGES.notYourPost,
    );
    const deleted = await t.call(otherSubscriber, 'DELETE', `/community/posts/${answer._id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ status: 'deleted', body: '', bodyHtml: '' });
    const replies = await t.call(subscriber, 'GET', `/community/threads/${asked._id}/replies`);
    expect(replies.body.data.items).toEqual([
      expect.objectContaining({ _id: answer._id, status: 'deleted', body: '', bodyHtml: '' }),
    ]);
    const row = await t.db
      .selectFrom('posts')
      .select(['body_md', 'status'])
      .where('id', '=', answer._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ body_md: 'Secret text', status: 'deleted' });
    const log = await t.db
      .selectFrom('moderation_log')
      .selectAll()
      .where('post_id', '=', answer._id)
      .execute();
    expect(log).toEqual([
      expect.objectContaining({ action: 'author-delete', moderator_id: otherSubscriber.id }),
    ]);
    // An admin still reads it, with its status.
    const asAdmin = await t.call(admin, 'GET', `/community/threads/${asked._id}/replies`);
    expect(asAdmin.body.data.items[0]).toMatchObject({ status: 'deleted', body: 'Secret text' });
    // A deleted post cannot be edited nor voted.
    expect(
      (await t.call(otherSubscriber, 'PATCH', `/community/posts/${answer._id}`, { body: 'back' })).status,
    ).toBe(409);
    expect((await t.call(subscriber, 'PUT', `/community/posts/${answer._id}/vote`)).status).toBe(409);
  });
});

describe('what the notifications hear', () => {
  it('makes the asker and each replier follow, and announces each reply with its thread', async () => {
    const asked = await thread(subscriber);
    expect(heard.follows).toContainEqual({ userId: subscriber.id, threadId: asked._id });
    expect((await t.call(subscriber, 'GET', `/community/threads/${asked._id}`)).body.data.following).toBe(
      true,
    );
    expect(
      (await t.call(otherSubscriber, 'GET', `/community/threads/${asked._id}`)).body.data.following,
    ).toBe(false);
    const answer = await replyTo(asked._id, otherSubscriber, 'Try the docs');
    expect(heard.follows).toContainEqual({ userId: otherSubscriber.id, threadId: asked._id });
    const announced = heard.replies.find((r) => r.post._id === answer._id)!;
    expect(announced.thread).toMatchObject({ _id: asked._id, replyCount: 1, title: 'How do hooks work?' });
    expect(announced.post).toMatchObject({
      body: 'Try the docs',
      author: { _id: otherSubscriber.id, name: otherSubscriber.name },
    });
  });

  it('keeps the reply when the announcement fails', async () => {
    const asked = await thread(subscriber);
    heard.failing = true;
    try {
      const res = await t.call(otherSubscriber, 'POST', `/community/threads/${asked._id}/replies`, {
        body: 'Still here',
      });
      expect(res.status).toBe(201);
      expect(
        (await t.call(subscriber, 'GET', `/community/threads/${asked._id}/replies`)).body.data.items,
      ).toHaveLength(1);
    } finally {
      heard.failing = false;
    }
  });
});

describe('upvotes', () => {
  it('counts one upvote per person however often they repeat it, and takes it back once', async () => {
    const asked = await thread();
    const answer = await replyTo(asked._id);
    const first = await t.call(subscriber, 'PUT', `/community/posts/${answer._id}/vote`);
    const again = await t.call(subscriber, 'PUT', `/community/posts/${answer._id}/vote`);
    expect(first.body.data).toEqual({ postId: answer._id, upvotes: 1, upvotedByMe: true });
    expect(again.body.data).toEqual({ postId: answer._id, upvotes: 1, upvotedByMe: true });
    const replies = await t.call(subscriber, 'GET', `/community/threads/${asked._id}/replies`);
    expect(replies.body.data.items[0]).toMatchObject({ upvotes: 1, upvotedByMe: true });
    expect(
      (await t.call(otherSubscriber, 'GET', `/community/threads/${asked._id}/replies`)).body.data.items[0]
        .upvotedByMe,
    ).toBe(false);
    expect((await t.call(subscriber, 'DELETE', `/community/posts/${answer._id}/vote`)).body.data).toEqual({
      postId: answer._id,
      upvotes: 0,
      upvotedByMe: false,
    });
    expect(
      (await t.call(subscriber, 'DELETE', `/community/posts/${answer._id}/vote`)).body.data.upvotes,
    ).toBe(0);
  });

  it('refuses an upvote of your own post with a 409, and counts nothing', async () => {
    const asked = await thread(subscriber);
    const answer = await replyTo(asked._id, otherSubscriber);
    for (const [as, postId] of [
      [subscriber, asked.opening._id],
      [otherSubscriber, answer._id],
    ] as const) {
      const own = await t.call(as, 'PUT', `/community/posts/${postId}/vote`);
      expect(own.status).toBe(409);
      expect(own.body).toEqual({ success: false, message: COMMUNITY_MESSAGES.ownPostVote });
    }
    const seen = await t.call(subscriber, 'GET', `/community/threads/${asked._id}`);
    expect(seen.body.data.opening).toMatchObject({ upvotes: 0, upvotedByMe: false });
  });

  it('counts concurrent votes exactly', async () => {
    const asked = await thread();
    const voters: Identity[] = Array.from({ length: 12 }, (_, i) => ({
      id: `f${String(i).padStart(23, '0')}`,
      role: 'admin',
      email: `v${i}@test.example`,
      name: `Voter ${i}`,
    }));
    // Every voter votes three times at once, on the opening post (its count is also the thread's).
    await Promise.all(
      voters.flatMap((v) =>
        [1, 2, 3].map(() => t.call(v, 'PUT', `/community/posts/${asked.opening._id}/vote`)),
      ),
    );
    const { upvotes } = await t.db
      .selectFrom('posts')
      .select('upvotes')
      .where('id', '=', asked.opening._id)
      .executeTakeFirstOrThrow();
    expect(upvotes).toBe(voters.length);
    expect(
      (await t.call(subscriber, 'GET', `/community/threads/${asked._id}`)).body.data.opening.upvotes,
    ).toBe(voters.length);
    const threadRow = await t.db
      .selectFrom('threads')
      .select('upvotes')
      .where('id', '=', asked._id)
      .executeTakeFirstOrThrow();
    expect(threadRow.upvotes).toBe(voters.length);
    await Promise.all(
      voters
        .slice(0, 5)
        .flatMap((v) => [1, 2].map(() => t.call(v, 'DELETE', `/community/posts/${asked.opening._id}/vote`))),
    );
    expect(
      (await t.call(subscriber, 'GET', `/community/threads/${asked._id}`)).body.data.opening.upvotes,
    ).toBe(voters.length - 5);
  });
});

describe('answers', () => {
  it('lets the asker mark a reply as the answer; not someone else, not the opening post', async () => {
    const asked = await thread(subscriber);
    const answer = await replyTo(asked._id, otherSubscriber);
    expect((await t.call(otherSubscriber, 'PUT', `/community/posts/${answer._id}/answer`)).body).toEqual({
      success: false,
      message: COMMUNITY_MESSAGES.markAnswerForbidden,
    });
    expect((await t.call(subscriber, 'PUT', `/community/posts/${asked.opening._id}/answer`)).body).toEqual({
      success: false,
      message: COMMUNITY_MESSAGES.onlyRepliesAnswer,
    });
    const marked = await t.call(subscriber, 'PUT', `/community/posts/${answer._id}/answer`);
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ answered: true, answerPostId: answer._id });
    expect(
      (await t.call(subscriber, 'GET', `/community/threads/${asked._id}/replies`)).body.data.items[0]
        .isAnswer,
    ).toBe(true);
    const unmarked = await t.call(admin, 'DELETE', `/community/posts/${answer._id}/answer`);
    expect(unmarked.body.data).toMatchObject({ answered: false, answerPostId: null });
  });
});

describe('locked threads', () => {
  it('refuse replies, edits and votes', async () => {
    const asked = await thread();
    const answer = await replyTo(asked._id);
    expect(
      (await t.call(admin, 'PUT', `/admin/community/threads/${asked._id}/lock`, { reason: 'Heated' })).status,
    ).toBe(200);
    for (const res of [
      await t.call(otherSubscriber, 'POST', `/community/threads/${asked._id}/replies`, { body: 'more' }),
      await t.call(subscriber, 'PATCH', `/community/posts/${asked.opening._id}`, { body: 'edit' }),
      await t.call(subscriber, 'PUT', `/community/posts/${answer._id}/vote`),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(COMMUNITY_MESSAGES.locked);
    }
    expect((await t.call(subscriber, 'GET', `/community/threads/${asked._id}`)).body.data.locked).toBe(true);
  });
});

describe('reports', () => {
  it('takes one report per person and post', async () => {
    const asked = await thread();
    const first = await t.call(otherSubscriber, 'POST', `/community/posts/${asked.opening._id}/report`, {
      reason: 'spam',
      note: 'Selling things',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ postId: asked.opening._id, reported: true });
    const second = await t.call(otherSubscriber, 'POST', `/community/posts/${asked.opening._id}/report`, {
      reason: 'abuse',
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(COMMUNITY_MESSAGES.alreadyReported);
    expect(
      (
        await t.call(otherSubscriber, 'POST', `/community/posts/${asked.opening._id}/report`, {
          reason: 'nonsense',
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.call(admin, 'POST', `/community/posts/${asked.opening._id}/report`, { reason: 'abuse' }))
        .status,
    ).toBe(201);
    const row = await t.db
      .selectFrom('posts')
      .select(['report_count', 'open_reports'])
      .where('id', '=', asked.opening._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ report_count: 2, open_reports: 2 });
  });
});

describe('sorting', () => {
  it('lists newest, top and unanswered with totals from the counters', async () => {
    const target = { productId: ids.free };
    const before = (await t.call(subscriber, 'GET', `/community/threads?productId=${ids.free}`)).body.data
      .total as number;
    const a = await thread(subscriber, target);
    const b = await thread(subscriber, target);
    const c = await thread(subscriber, target);
    await t.call(otherSubscriber, 'PUT', `/community/posts/${b.opening._id}/vote`);
    await t.call(admin, 'PUT', `/community/posts/${b.opening._id}/vote`);
    await t.call(otherSubscriber, 'PUT', `/community/posts/${a.opening._id}/vote`);
    const answer = await replyTo(c._id);
    await t.call(subscriber, 'PUT', `/community/posts/${answer._id}/answer`);

    const newest = (await t.call(subscriber, 'GET', `/community/threads?productId=${ids.free}&sort=newest`))
      .body.data;
    expect(newest.items.slice(0, 3).map((x: { _id: string }) => x._id)).toEqual([c._id, b._id, a._id]);
    expect(newest.total).toBe(before + 3);
    const top = (await t.call(subscriber, 'GET', `/community/threads?productId=${ids.free}&sort=top&limit=2`))
      .body.data;
    expect(top.items.map((x: { _id: string }) => x._id)).toEqual([b._id, a._id]);
    expect(top.nextCursor).not.toBeNull();
    const unanswered = (
      await t.call(subscriber, 'GET', `/community/threads?productId=${ids.free}&sort=unanswered&limit=50`)
    ).body.data;
    expect(unanswered.items.map((x: { _id: string }) => x._id)).not.toContain(c._id);
    expect(unanswered.items.map((x: { _id: string }) => x._id)).toContain(a._id);
    expect(unanswered.total).toBe(before + 2);
  });

  it("keeps a product's own discussions apart from its lessons'", async () => {
    const onLesson = await thread(subscriber, { productId: ids.course, lessonId: lesson.preview });
    const onProduct = await thread(subscriber, { productId: ids.course });
    const productList = (
      await t.call(subscriber, 'GET', `/community/threads?productId=${ids.course}&limit=50`)
    ).body.data.items.map((x: { _id: string }) => x._id);
    const lessonList = (
      await t.call(
        subscriber,
        'GET',
        `/community/threads?productId=${ids.course}&lessonId=${lesson.preview}&limit=50`,
      )
    ).body.data.items.map((x: { _id: string }) => x._id);
    expect(productList).toContain(onProduct._id);
    expect(productList).not.toContain(onLesson._id);
    expect(lessonList).toContain(onLesson._id);
    expect(lessonList).not.toContain(onProduct._id);
  });

  it('orders replies top first (then oldest) and oldest first', async () => {
    const asked = await thread();
    const r1 = await replyTo(asked._id);
    const r2 = await replyTo(asked._id);
    const r3 = await replyTo(asked._id);
    await t.call(subscriber, 'PUT', `/community/posts/${r3._id}/vote`);
    await t.call(admin, 'PUT', `/community/posts/${r3._id}/vote`);
    await t.call(subscriber, 'PUT', `/community/posts/${r2._id}/vote`);
    const oldest = (await t.call(subscriber, 'GET', `/community/threads/${asked._id}/replies`)).body.data;
    expect(oldest.items.map((x: { _id: string }) => x._id)).toEqual([r1._id, r2._id, r3._id]);
    expect(oldest.total).toBe(3);
    const top = (await t.call(subscriber, 'GET', `/community/threads/${asked._id}/replies?sort=top`)).body
      .data;
    expect(top.items.map((x: { _id: string }) => x._id)).toEqual([r3._id, r2._id, r1._id]);
  });
});

/** A page read straight off an index in the order asked: no sort step, no whole-table scan. */
function expectIndexOrderedRead(plan: string): void {
  expect(plan).toMatch(/Index (Only )?Scan/);
  expect(plan).not.toMatch(/\bSort\b|Seq Scan/);
}

describe('paging a thread of 10,000 replies', () => {
  it('reads every reply exactly once, page after page, in both sorts, and a deep page straight from its cursor', async () => {
    const asked = await thread();
    // 10,000 replies in one statement; upvotes spread so the top sort has ties to break.
    await sql`
      insert into posts (id, thread_id, is_opening, author_id, author_name, body_md, body_html, upvotes)
      select lpad(to_hex(n), 24, '0'), ${asked._id}, false, ${otherSubscriber.id}, 'Olga Other', 'Reply ' || n, '<p>Reply ' || n || '</p>', n % 7
      from generate_series(1, 10000) as n
    `.execute(t.db);
    await t.db.updateTable('threads').set({ reply_count: 10_000 }).where('id', '=', asked._id).execute();

    for (const sort of ['oldest', 'top'] as const) {
      const seen = new Set<string>();
      let cursor: string | null = null;
      let pages = 0;
      let previous: { upvotes: number } | undefined;
      do {
        const query: string = `sort=${sort}&limit=50${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await t.call(subscriber, 'GET', `/community/threads/${asked._id}/replies?${query}`);
        expect(res.status).toBe(200);
        expect(res.body.data.total).toBe(10_000);
        for (const item of res.body.data.items as { _id: string; upvotes: number }[]) {
          expect(seen.has(item._id)).toBe(false);
          seen.add(item._id);
          if (sort === 'top' && previous) expect(item.upvotes).toBeLessThanOrEqual(previous.upvotes);
          previous = item;
        }
        cursor = res.body.data.nextCursor;
        pages += 1;
      } while (cursor);
      expect(seen.size).toBe(10_000);
      expect(pages).toBe(200);
    }

    // Oldest first: the page after reply 9,000 starts at reply 9,001.
    const deep = await t.call(subscriber, 'GET', `/community/threads/${asked._id}/replies?limit=50`);
    const seq9000 = await t.db
      .selectFrom('posts')
      .select('seq')
      .where('id', '=', (9000).toString(16).padStart(24, '0'))
      .executeTakeFirstOrThrow();
    const cursor = Buffer.from(JSON.stringify({ s: String(seq9000.seq) })).toString('base64url');
    expect(deep.body.data.items[0].body).toBe('Reply 1');
    const page = await t.call(
      subscriber,
      'GET',
      `/community/threads/${asked._id}/replies?limit=3&cursor=${cursor}`,
    );
    expect(page.body.data.items.map((x: { body: string }) => x.body)).toEqual([
      'Reply 9001',
      'Reply 9002',
      'Reply 9003',
    ]);

    // The deep page is read through an index in page order, never by scanning and sorting the thread.
    // (Which index the planner picks for the oldest sort depends on its statistics: with one thread
    // holding nearly every row, the unique seq index filtered by thread is as good as the partial one.)
    // Plans follow the table's statistics: gather them as autovacuum would, so the plan is the one production gets.
    await sql`analyze posts`.execute(t.db);
    const plan = await sql<{
      'QUERY PLAN': string;
    }>`explain select * from posts where thread_id = ${asked._id} and is_opening = false and seq > ${seq9000.seq}::bigint order by seq limit 51`.execute(
      t.db,
    );
    expectIndexOrderedRead(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    const topPlan = await sql<{
      'QUERY PLAN': string;
    }>`explain select * from posts where thread_id = ${asked._id} and is_opening = false and (-upvotes, seq) > (-3, ${seq9000.seq}::bigint) order by -upvotes, seq limit 51`.execute(
      t.db,
    );
    const top = topPlan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expectIndexOrderedRead(top);
    expect(top).toMatch(/posts_replies_top_idx/);
  });
});

describe('posting rate', () => {
  it(`lets a new account post ${COMMUNITY_RATES.newAccount} times an hour, then answers 429 with Retry-After`, async () => {
    const asked = await thread(subscriber);
    for (let i = 0; i < COMMUNITY_RATES.newAccount; i += 1) {
      expect(
        (await t.call(newcomer, 'POST', `/community/threads/${asked._id}/replies`, { body: `Reply ${i}` }))
          .status,
      ).toBe(201);
    }
    const refused = await t.call(newcomer, 'POST', `/community/threads/${asked._id}/replies`, {
      body: 'One more',
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: COMMUNITY_MESSAGES.rateLimited });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ask(newcomer, { productId: ids.course })).status).toBe(429);
    // An established account is not held to the new-account rate.
    for (let i = 0; i <= COMMUNITY_RATES.newAccount; i += 1) {
      expect(
        (
          await t.call(otherSubscriber, 'POST', `/community/threads/${asked._id}/replies`, {
            body: `Reply ${i}`,
          })
        ).status,
      ).toBe(201);
    }
  });

  it('asks auth how old the account is once, and holds an account auth cannot place to the new-account rate', async () => {
    const asker: Identity = {
      id: '999999999999999999999999',
      role: 'user',
      email: 'x@test.example',
      name: 'Unknown Person',
    };
    t.entitled.add(asker.id);
    const asked = await thread(subscriber);
    const before = t.auth.calls.length;
    for (let i = 0; i < COMMUNITY_RATES.newAccount; i += 1) {
      expect(
        (await t.call(asker, 'POST', `/community/threads/${asked._id}/replies`, { body: `Reply ${i}` }))
          .status,
      ).toBe(201);
    }
    expect(
      (await t.call(asker, 'POST', `/community/threads/${asked._id}/replies`, { body: 'One more' })).status,
    ).toBe(429);
    expect(t.auth.calls.length - before).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /community/me/posts (the data export)', () => {
  it("answers every post the person wrote, with its discussion, newest first, and nobody else's", async () => {
    // the free product: open to the learner without a plan
    const asked = await thread(learner, { productId: ids.free });
    const mine = await replyTo(asked._id, learner, 'My own *reply*.');
    const theirs = await replyTo(asked._id, otherSubscriber, 'Not theirs.');
    await t.call(learner, 'DELETE', `/community/posts/${mine._id}`);

    const res = await t.call(learner, 'GET', '/community/me/posts');
    expect(res.status).toBe(200);
    const posts = res.body.data as Array<Record<string, unknown>>;
    expect(posts.map((p) => p._id)).not.toContain(theirs._id);
    const here = posts.filter((p) => p.threadId === asked._id);
    expect(here.map((p) => [p._id, p.isOpening, p.body, p.status])).toEqual([
      [mine._id, false, 'My own *reply*.', 'deleted'],
      [asked.opening._id, true, 'I do not get **useEffect**.', 'visible'],
    ]);
    expect(here[1]).toMatchObject({
      threadTitle: 'How do hooks work?',
      productId: ids.free,
      lessonId: null,
      editedAt: null,
    });
    const times = posts.map((p) => Date.parse(p.createdAt as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('asks a visitor to sign in', async () => {
    expect((await t.call(null, 'GET', '/community/me/posts')).status).toBe(401);
  });
});
