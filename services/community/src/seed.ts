import { sql, type Kysely } from 'kysely';
import { demoAccounts } from '@catalyst/contracts';
import { demoEntityId, demoHash, demoProductCode, type Logger } from '@catalyst/service-kit';
import { DEMO_WEBINARS, demoLessonId, demoWebinarJoinUrl, demoWebinarNextStart } from '@catalyst/demo';
import type { Database } from './db/schema';
import * as repo from './discussions/discussions.repository';
import { renderMarkdown } from '@catalyst/service-kit/markdown';
import { upsertSession } from './live/live.repository';

type Account = (typeof demoAccounts)[keyof typeof demoAccounts];
const actor = (account: Account): repo.Actor => ({
  id: account.id,
  name: account.name,
  isAdmin: account.role === 'admin',
});
const { admin, member, learner } = demoAccounts;

/** Deterministic ids: every fresh start seeds the same discussions. */
const demoId = (kind: 'thread' | 'post', key: string) => demoHash(`community-${kind}:${key}`).slice(0, 24);

interface DemoReply {
  key: string;
  by: Account;
  body: string;
  minutesAgo: number;
  upvotedBy?: Account[];
}

interface DemoThread {
  key: string;
  course: string;
  /** A lesson key of the course (DEMO_COURSES), or none for the course's own discussions. */
  lesson?: string;
  by: Account;
  title: string;
  body: string;
  minutesAgo: number;
  replies: DemoReply[];
  /** The reply the asker marked as the answer. */
  answer?: string;
}

const DEMO_THREADS: DemoThread[] = [
  {
    key: 'grid-before-flexbox',
    course: 'css-grid-layout-workshop',
    lesson: 'welcome',
    by: learner,
    title: 'Do I need to know Flexbox before starting Grid?',
    body: 'I have only used floats and a bit of Bootstrap. Should I learn Flexbox first, or is it fine to jump straight into this workshop?',
    minutesAgo: 60 * 24 * 3,
    replies: [
      {
        key: 'grid-before-flexbox/maya',
        by: member,
        body: 'Straight in is fine. Grid is for **two-dimensional** layouts (rows *and* columns), Flexbox for one line of items. I learnt Grid first and picked up Flexbox later for navigation bars.\n\nThe *Tracks, lines and areas* lesson covers the vocabulary you need.',
        minutesAgo: 60 * 24 * 3 - 45,
        upvotedBy: [learner, admin],
      },
      {
        key: 'grid-before-flexbox/ada',
        by: admin,
        body: 'Agreed with Maya. MDN has a good side-by-side comparison if you are curious: https://developer.mozilla.org/en-US/docs/Web/CSS/CSS_grid_layout/Relationship_of_grid_layout_with_other_layout_methods',
        minutesAgo: 60 * 24 * 2,
      },
    ],
    answer: 'grid-before-flexbox/maya',
  },
  {
    key: 'grid-one-column-mobile',
    course: 'css-grid-layout-workshop',
    lesson: 'first-grid',
    by: member,
    title: 'My grid collapses to a single column on phones',
    body: 'This is my container:\n\n```css\n.cards {\n  display: grid;\n  grid-template-columns: repeat(3, 300px);\n}\n```\n\nOn a phone it overflows sideways instead of wrapping. What am I missing?',
    minutesAgo: 60 * 20,
    replies: [
      {
        key: 'grid-one-column-mobile/ada',
        by: admin,
        body: 'Fixed 300px tracks never shrink. Try `repeat(auto-fill, minmax(240px, 1fr))`: the browser fits as many columns as there is room for, and the *Responsive without media queries* lesson goes through it step by step.',
        minutesAgo: 60 * 19,
        upvotedBy: [member],
      },
    ],
  },
  {
    key: 'ml-python-version',
    course: 'machine-learning-foundations',
    by: member,
    title: 'Which Python version do the exercises expect?',
    body: 'I have Python 3.9 from work. Is that recent enough for the notebooks, or should I install 3.12?',
    minutesAgo: 90,
    replies: [],
  },
];

/**
 * A few believable discussions on the demo courses, by the demo accounts (one answered), and every demo
 * webinar's next live session a day from now (DEMO_WEBINARS; the recording of the last one is the product's
 * video), into an empty schema.
 */
export async function seedDemo(
  db: Kysely<Database>,
  log: Logger,
  { now = Date.now() }: { now?: number } = {},
) {
  const existing = await db.selectFrom('threads').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  await db.transaction().execute(async (trx) => {
    for (const webinar of DEMO_WEBINARS)
      await upsertSession(
        trx,
        {
          productId: demoEntityId('product', webinar.slug),
          productKey: demoProductCode(webinar.slug),
          title: webinar.session,
          startsAt: demoWebinarNextStart(now),
          durationMinutes: webinar.durationMinutes,
          joinUrl: demoWebinarJoinUrl(webinar.slug),
          recordingAssetId: null,
        },
        new Date(now),
      );
    for (const demo of DEMO_THREADS) {
      const threadId = demoId('thread', demo.key);
      const openingId = demoId('post', demo.key);
      const at = (minutesAgo: number) => sql<Date>`now() - make_interval(mins => ${minutesAgo})`;
      await repo.insertThread(trx, {
        threadId,
        productId: demoEntityId('product', demo.course),
        lessonId: demo.lesson ? demoLessonId(demo.course, demo.lesson) : null,
        title: demo.title,
        post: {
          id: openingId,
          author: actor(demo.by),
          bodyMd: demo.body,
          bodyHtml: renderMarkdown(demo.body),
        },
      });
      for (const reply of demo.replies) {
        const postId = demoId('post', reply.key);
        await repo.insertReply(trx, threadId, {
          id: postId,
          author: actor(reply.by),
          bodyMd: reply.body,
          bodyHtml: renderMarkdown(reply.body),
        });
        await trx
          .updateTable('posts')
          .set({ created_at: at(reply.minutesAgo) })
          .where('id', '=', postId)
          .execute();
        const post = (await repo.findPost(trx, postId))!;
        for (const voter of reply.upvotedBy ?? []) await repo.setVote(trx, post, voter.id, true);
      }
      const last = Math.min(demo.minutesAgo, ...demo.replies.map((r) => r.minutesAgo));
      await trx
        .updateTable('posts')
        .set({ created_at: at(demo.minutesAgo) })
        .where('id', '=', openingId)
        .execute();
      await trx
        .updateTable('threads')
        .set({ created_at: at(demo.minutesAgo), last_activity_at: at(last) })
        .where('id', '=', threadId)
        .execute();
      if (demo.answer)
        await repo.setAnswer(trx, (await repo.lockThread(trx, threadId))!, demoId('post', demo.answer));
    }
  });
  log.info({ threads: DEMO_THREADS.length, liveSessions: DEMO_WEBINARS.length }, 'seeded demo discussions');
}
