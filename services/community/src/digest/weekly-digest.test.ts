import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import {
  authInternalRoutes,
  demoAccounts,
  progressInternalRoutes,
  type Identity,
  type LearnerWeek,
} from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { createMailer, createPeer } from '@catalyst/service-kit';
import {
  TEST_INTERNAL_SECRET,
  createMemoryMailer,
  createPeerStandIn,
  testLog,
  type PeerStandIn,
} from '@catalyst/service-kit/testing';
import {
  createTestCommunity,
  creator,
  ids,
  learner,
  lesson,
  newcomer,
  otherSubscriber,
  products,
  subscriber,
  type TestCommunity,
} from '../test-support';
import { dueDigestWeek } from './digest-week';
import {
  DIGEST_QUEUE,
  bossQueue,
  openDigestQueue,
  progressLearners,
  queueDueDigests,
  sendWeeklyDigest,
  type DigestDeps,
  type DigestJob,
} from './weekly-digest';

const site = {
  publicUrl: 'https://learn.catalyst.test/',
  siteName: 'Catalyst',
  secret: TEST_INTERNAL_SECRET,
};
const newCourse = {
  ...products[0]!,
  _id: '11111111111111111111aa09',
  slug: 'hooks-deep-dive',
  title: 'Hooks Deep Dive',
};

/** A course in progress, halfway: its next lesson is the second. */
const halfwayThroughReact: LearnerWeek['courses'][number] = {
  productId: ids.course,
  slug: 'react-course',
  title: 'React Course',
  progress: 50,
  lessonId: lesson.premium,
  lessonNumber: 2,
  lessonCount: 2,
};

/** What progress answers of each learner's week (the stand-in also records what it was asked). */
const weeks = new Map<string, LearnerWeek>([
  [
    subscriber.id,
    {
      minutes: 95,
      streak: 4,
      courses: [halfwayThroughReact],
    },
  ],
  [otherSubscriber.id, { minutes: 30, streak: 1, courses: [] }],
  [newcomer.id, { minutes: 12, streak: 2, courses: [] }],
  [learner.id, { minutes: 0, streak: 0, courses: [] }],
  [
    demoAccounts.member.id,
    {
      minutes: 42,
      streak: 3,
      courses: [halfwayThroughReact],
    },
  ],
]);
const member: Identity = { ...demoAccounts.member };
/** A learner whose browser never told a zone: no settings row. */
const unzoned: Identity = {
  id: '22222222222222222222ff01',
  role: 'user',
  email: 'una@test.example',
  name: 'Una Unzoned',
};
weeks.set(unzoned.id, { minutes: 20, streak: 1, courses: [] });
const people = [subscriber, otherSubscriber, newcomer, learner, member, unzoned];
/** The languages accounts chose, as auth's lookup answers them. */
const locales = new Map<string, Language>();

describe('the weekly e-mail', () => {
  let t: TestCommunity;
  let clock = new Date('2026-12-06T12:00:00.000Z');
  let progress: PeerStandIn;
  let auth: PeerStandIn;
  let boss: PgBoss;
  let otherReplica: PgBoss;
  let deps: DigestDeps;
  const asked: string[] = [];

  beforeAll(async () => {
    t = await createTestCommunity({ now: () => clock });
    progress = (await createPeerStandIn())
      .answer(progressInternalRoutes.learnerWeek, ({ params, query }) => {
        asked.push(`${params.userId} ${query.from}..${query.to}`);
        return weeks.get(params.userId!) ?? { minutes: 0, streak: 0, courses: [] };
      })
      // Every learner it knows, a page by id.
      .answer(progressInternalRoutes.digestLearners, ({ query }) => ({
        userIds: [...weeks.keys()]
          .sort()
          .filter((id) => !query.after || id > String(query.after))
          .slice(0, Number(query.limit)),
      }));
    auth = (await createPeerStandIn()).answer(authInternalRoutes.lookupUsers, ({ body }) =>
      people
        .filter((person) => (body.ids as string[]).includes(person.id))
        .map(({ id, name, email, role }) => ({
          id,
          name,
          email,
          role,
          ...(locales.has(id) ? { locale: locales.get(id) } : {}),
        })),
    );
    const peer = (baseUrl: string) => createPeer({ baseUrl, secret: TEST_INTERNAL_SECRET });
    deps = {
      ...t.deps,
      auth: peer(auth.baseUrl),
      progress: peer(progress.baseUrl),
      site,
    };
    // Two replicas' queues on the one database.
    const connectionString = t.deps.config.DATABASE_URL;
    [boss, otherReplica] = await Promise.all([
      openDigestQueue({ connectionString, log: testLog, supervise: false }),
      openDigestQueue({ connectionString, log: testLog, supervise: false }),
    ]);
    // A course by a followed creator, first published in the week before New York's Monday.
    t.catalog.set(newCourse._id, newCourse);
    await t.db
      .insertInto('creator_follows')
      .values({ creator_id: creator.id, user_id: subscriber.id })
      .execute();
    await t.db
      .insertInto('creator_news_items')
      .values({
        product_id: newCourse._id,
        creator_id: creator.id,
        queued_at: new Date('2026-12-03T09:00:00Z'),
      })
      .execute();
  });
  afterAll(async () => {
    await Promise.all([boss?.stop({ graceful: false }), otherReplica?.stop({ graceful: false })]);
    await Promise.all([progress?.close(), auth?.close()]);
    await t?.close();
  });

  const sweep = (queue = boss) => queueDueDigests({ db: t.db, queue: bossQueue(queue), now: () => clock });
  /** Works every queued digest as the queue's worker does; answers the weeks sent. */
  const work = async () => {
    const jobs = await boss.fetch<DigestJob>(DIGEST_QUEUE, { batchSize: 50 });
    const sent = [];
    for (const job of jobs) sent.push(await sendWeeklyDigest(deps, job.data));
    if (jobs.length > 0)
      await boss.complete(
        DIGEST_QUEUE,
        jobs.map((job) => job.id),
      );
    return sent.filter(Boolean);
  };
  const digestsTo = (email: string) =>
    t.mailer.sent.filter((m) => m.to === email && m.subject.startsWith('Your week'));
  const setDigest = async (as: Identity, body: object) => {
    const res = await t.call(as, 'PUT', '/community/notifications/digest', body);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it("keeps each learner's time zone from their browser and refuses one that is not a zone", async () => {
    expect((await t.call(subscriber, 'GET', '/community/notifications/digest')).body.data).toEqual({
      weekly: true,
      timeZone: 'UTC',
    });
    expect(await setDigest(subscriber, { timeZone: 'America/New_York' })).toEqual({
      weekly: true,
      timeZone: 'America/New_York',
    });
    await setDigest(learner, { timeZone: 'America/New_York' });
    await setDigest(otherSubscriber, { timeZone: 'Asia/Tokyo' });
    expect(await setDigest(newcomer, { timeZone: 'Asia/Tokyo', weekly: false })).toEqual({
      weekly: false,
      timeZone: 'Asia/Tokyo',
    });
    const wrong = await t.call(subscriber, 'PUT', '/community/notifications/digest', {
      timeZone: 'Mars/Olympus',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('timeZone must be a time zone such as Europe/Berlin');
    expect((await t.call(null, 'GET', '/community/notifications/digest')).status).toBe(401);
  });

  it("finds Monday 08:00 in each zone: Tokyo's comes 14 hours before New York's", () => {
    expect(dueDigestWeek('Asia/Tokyo', new Date('2026-12-06T22:59:59Z'))).toBeNull();
    expect(dueDigestWeek('Asia/Tokyo', new Date('2026-12-06T23:00:00Z'))).toEqual({
      week: '2026-12-07',
      dueAt: new Date('2026-12-06T23:00:00Z'),
      from: '2026-11-30',
      to: '2026-12-07',
    });
    expect(dueDigestWeek('America/New_York', new Date('2026-12-06T23:00:00Z'))).toBeNull();
    expect(dueDigestWeek('America/New_York', new Date('2026-12-07T13:20:00Z'))?.dueAt).toEqual(
      new Date('2026-12-07T13:00:00Z'),
    );
    // Past noon the week's digest waits for next Monday.
    expect(dueDigestWeek('America/New_York', new Date('2026-12-07T17:00:00Z'))).toBeNull();
  });

  it('sends each learner one digest on Monday morning in their zone, and nothing when there is nothing to say', async () => {
    clock = new Date('2026-12-06T22:55:00Z');
    expect(await sweep()).toBe(0);

    // 08:00 in Tokyo: only Tokyo's learner who wants it.
    clock = new Date('2026-12-06T23:00:00Z');
    expect(await sweep()).toBe(1);
    expect(await work()).toEqual(['2026-12-07']);
    const tokyo = digestsTo(otherSubscriber.email);
    expect(tokyo).toHaveLength(1);
    expect(tokyo[0]!.subject).toBe('Your week: 30 minutes learned');
    expect(digestsTo(newcomer.email)).toHaveLength(0);
    expect(digestsTo(subscriber.email)).toHaveLength(0);

    // 08:00 in New York: two replicas sweep at once, and a restart sweeps again; each learner is queued once.
    clock = new Date('2026-12-07T13:00:00Z');
    const [one, two] = await Promise.all([sweep(boss), sweep(otherReplica)]);
    expect(one + two).toBe(2);
    clock = new Date('2026-12-07T13:05:00Z');
    expect(await sweep()).toBe(0);
    expect(await work()).toEqual(['2026-12-07']);
    // The quiet learner had nothing to say: no e-mail.
    expect(digestsTo(learner.email)).toHaveLength(0);
    expect(asked).toContain(`${learner.id} 2026-11-30..2026-12-07`);

    const [mail] = digestsTo(subscriber.email);
    expect(digestsTo(subscriber.email)).toHaveLength(1);
    expect(mail!.subject).toBe('Your week: 95 minutes learned, a 4-day streak');
    const lessonLink = `https://learn.catalyst.test/browse/premium/product/react-course/lesson/${lesson.premium}`;
    const newsLink = 'https://learn.catalyst.test/browse/premium/product/hooks-deep-dive';
    for (const line of [
      'Hi Sam Subscriber,',
      'Minutes learned last week: 95',
      'Streak: 4 days in a row',
      'Continue where you left off',
      '- React Course: Lesson 2 of 2, 50% done',
      `  ${lessonLink}`,
      'New from creators you follow',
      `- “Hooks Deep Dive” by ${creator.name}`,
      `  ${newsLink}`,
    ])
      expect(mail!.text.split('\n')).toContain(line);
    expect(mail!.text).toMatch(
      /Stop the weekly e-mail: https:\/\/learn\.catalyst\.test\/unsubscribe\?token=[\w.-]+/,
    );
    expect(mail!.html).toContain(`href="${lessonLink}"`);
    expect(mail!.html).toContain(`href="${newsLink}"`);
    expect(mail!.html).toContain('Minutes learned last week: 95');
    expect(mail!.html).toMatch(/>Continue React Course</);
    expect(mail!.html).toMatch(/^<!DOCTYPE html/);
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/learn\.catalyst\.test\/api\/v1\/community\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // The same week again, later that morning: nothing more.
    clock = new Date('2026-12-07T14:00:00Z');
    expect(await sweep()).toBe(0);
    expect(await work()).toEqual([]);
    expect(digestsTo(subscriber.email)).toHaveLength(1);
    expect(digestsTo(otherSubscriber.email)).toHaveLength(1);
  });

  it("stops by the e-mail's one-click link: no digest the next Monday", async () => {
    const [mail] = digestsTo(subscriber.email);
    const oneClick = new URL(/^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!);
    const res = await t.call(
      null,
      'POST',
      oneClick.pathname.replace('/api/v1', '') + oneClick.search,
      'List-Unsubscribe=One-Click',
    );
    expect(res.body.data).toEqual({ scope: 'digest', threadTitle: null });
    expect((await t.call(subscriber, 'GET', '/community/notifications/digest')).body.data.weekly).toBe(false);

    clock = new Date('2026-12-14T13:00:00Z');
    expect(await sweep()).toBe(1);
    await work();
    expect(digestsTo(subscriber.email)).toHaveLength(1);
    expect(digestsTo(learner.email)).toHaveLength(0);
  });

  it('renders the demo member’s digest into the outbox, HTML and text', async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'digest-outbox-'));
    const outbox = createMailer({ outboxDir, from: 'Catalyst <no-reply@catalyst.example>', log: testLog });
    await setDigest(member, { timeZone: 'Europe/Berlin' });
    clock = new Date('2026-12-21T07:10:00Z'); // 08:10 in Berlin
    expect(await sweep()).toBe(1);
    const [job] = await boss.fetch<DigestJob>(DIGEST_QUEUE);
    expect(job!.data).toMatchObject({ userId: member.id, week: '2026-12-21' });
    expect(await sendWeeklyDigest({ ...deps, mailer: outbox }, job!.data)).toBe('2026-12-21');
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('To: member@catalyst.example');
    expect(eml).toContain('Subject: Your week: 42 minutes learned, a 3-day streak');
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(eml).toContain('Content-Type: text/plain; charset=utf-8');
    expect(eml).toContain('Content-Type: text/html; charset=utf-8');
    expect(eml).toContain('Hi Maya Member,');
    expect(eml).toContain(`/browse/premium/product/react-course/lesson/${lesson.premium}`);
    // Settled: the queue's retry of the same job sends nothing more.
    expect(await sendWeeklyDigest({ ...deps, mailer: createMemoryMailer() }, job!.data)).toBeNull();
  });

  it('writes the digest of an account that chose Arabic in Arabic, right to left', async () => {
    locales.set(member.id, 'ar');
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'digest-outbox-'));
    const outbox = createMailer({ outboxDir, from: 'Catalyst <no-reply@catalyst.example>', log: testLog });
    clock = new Date('2026-12-28T07:10:00Z'); // the next Monday, 08:10 in Berlin
    expect(await sweep()).toBe(1);
    const [job] = await boss.fetch<DigestJob>(DIGEST_QUEUE);
    expect(await sendWeeklyDigest({ ...deps, mailer: outbox }, job!.data)).toBe('2026-12-28');
    const eml = readFileSync(path.join(outboxDir, readdirSync(outboxDir)[0]!), 'utf8');
    expect(eml).toContain('Subject: أسبوعك: 42 دقيقة من التعلّم، وسلسلة من 3 أيام');
    expect(eml).toContain('Content-Language: ar');
    expect(eml).toContain('مرحبًا Maya Member،');
    expect(eml).toContain('- React Course: الدرس 2 من 2، اكتمل 50٪');
    expect(eml).toContain('<html dir="rtl" lang="ar">');
    expect(eml).toContain('>إيقاف الرسالة الأسبوعية</a> أو <a');
  });

  it("sends a learner whose browser never told a zone their digest at UTC's Monday morning, once", async () => {
    const sweepAll = () =>
      queueDueDigests({
        db: t.db,
        queue: bossQueue(boss),
        now: () => clock,
        learners: progressLearners(deps.progress),
      });
    clock = new Date('2027-01-04T06:55:00Z');
    expect(await sweepAll()).toBe(0);
    expect(digestsTo(unzoned.email)).toHaveLength(0);
    // 08:00 UTC: the learner with no zone, and Berlin's member whose morning it is too (09:00 there).
    clock = new Date('2027-01-04T08:00:00Z');
    expect(await sweepAll()).toBe(2);
    expect(await sweepAll()).toBe(0);
    await work();
    const [mail, ...more] = digestsTo(unzoned.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your week: 20 minutes learned');
    // Their browser tells New York later that Monday: its morning queues New York's learner, not them again.
    await setDigest(unzoned, { timeZone: 'America/New_York' });
    clock = new Date('2027-01-04T13:00:00Z');
    expect(await sweepAll()).toBe(1);
    await work();
    expect(digestsTo(unzoned.email)).toHaveLength(1);
  });
});
