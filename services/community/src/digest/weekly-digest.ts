// The weekly e-mail (issue 61): queued by a sweep on the job queue (pg-boss) when Monday morning comes in each
// learner's time zone, one job per learner and week, and written by that job from progress's figures and the
// followed creators' news.
import PgBoss from 'pg-boss';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import {
  DIGEST_DEFAULT_TIME_ZONE,
  lessonPagePath,
  productPagePath,
  progressInternalRoutes,
} from '@catalyst/contracts';
import { retryOnDeadlock, type Logger, type Mailer, type Peer } from '@catalyst/service-kit';
import type { CatalogClient } from '@catalyst/catalog-access';
import type { Database } from '../db/schema';
import type { MailSite } from '../notifications/notification-mail';
import { lookupRecipients } from '../notifications/recipients';
import { creatorSummary } from '../creator-follows/creator-summary';
import { hasNews, weeklyDigestMail, type DigestContent } from './digest-mail';
import { dueDigestWeek } from './digest-week';

/** One learner's digest of one week. */
export const DIGEST_QUEUE = 'community-weekly-digest';
/** The sweep that queues the digests falling due. */
const DIGEST_SWEEP_QUEUE = 'community-digest-sweep';
/** pg-boss keeps its tables in a schema of its own, beside the community schema. */
const JOBS_SCHEMA = 'community_jobs';
/** Every five minutes: a digest goes within five minutes of 08:00 local. */
const DIGEST_SWEEP_CRON = '*/5 * * * *';
/** Learners queued per transaction. */
const QUEUE_BATCH = 500;

export interface DigestJob {
  userId: string;
  week: string;
  dueAt: string;
  from: string;
  to: string;
}

/** What queues jobs inside a transaction of ours (pg-boss's insert, given that transaction as its connection). */
type DigestQueue = (trx: Transaction<Database>, jobs: DigestJob[]) => Promise<void>;

export const bossQueue =
  (boss: PgBoss): DigestQueue =>
  async (trx, jobs) => {
    await boss.insert(
      jobs.map((data) => ({ name: DIGEST_QUEUE, data })),
      { db: { executeSql: (text, values) => trx.executeQuery(CompiledQuery.raw(text, values)) } },
    );
  };

type DueWeek = NonNullable<ReturnType<typeof dueDigestWeek>>;

/** The jobs of the (learner, week) rows just inserted, queued in their transaction. */
const queueWeek = (
  trx: Transaction<Database>,
  queue: DigestQueue,
  due: DueWeek,
  rows: { user_id: string }[],
) =>
  rows.length === 0
    ? Promise.resolve()
    : queue(
        trx,
        rows.map((row) => ({
          userId: row.user_id,
          week: due.week,
          dueAt: due.dueAt.toISOString(),
          from: due.from,
          to: due.to,
        })),
      );

/** A page of progress's learners the digest may have something to tell, by id after `after`. */
export type DigestLearners = (page: { since: string; after?: string; limit: number }) => Promise<string[]>;

export const progressLearners =
  (progress: Peer): DigestLearners =>
  async (query) =>
    (await progress.call(progressInternalRoutes.digestLearners, { query })).userIds;

/**
 * Queues the digest of every learner whose Monday morning it is: per time zone in its window, each learner's
 * (learner, week) row and their job are written in one transaction, so a week's digest is queued exactly once
 * whatever the restarts and however many replicas sweep. Learners whose browser never told a zone (no settings
 * row) are progress's `learners`, at DIGEST_DEFAULT_TIME_ZONE's (UTC's) Monday. Answers how many were queued.
 */
export async function queueDueDigests({
  db,
  queue,
  now,
  learners,
}: {
  db: Kysely<Database>;
  queue: DigestQueue;
  now: () => Date;
  learners?: DigestLearners;
}): Promise<number> {
  const at = now();
  const zones = await db
    .selectFrom('digest_settings')
    .select('time_zone')
    .distinct()
    .where('weekly', '=', true)
    .execute();
  let queued = 0;
  for (const { time_zone: zone } of zones) {
    const due = dueDigestWeek(zone, at);
    if (!due) continue;
    for (;;) {
      const added = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ user_id: string }>`
          insert into digest_weeks (user_id, week)
          select s.user_id, ${due.week}::date from digest_settings s
           where s.time_zone = ${zone} and s.weekly
             and not exists (select 1 from digest_weeks w where w.user_id = s.user_id and w.week = ${due.week}::date)
             and not exists (
               select 1 from mail_recipients m where m.user_id = s.user_id and m.unsubscribed_at is not null
             )
           limit ${QUEUE_BATCH}
          on conflict do nothing
          returning user_id
        `.execute(trx);
        await queueWeek(trx, queue, due, rows);
        return rows.length;
      });
      queued += added;
      if (added < QUEUE_BATCH) break;
    }
  }
  const fallback = dueDigestWeek(DIGEST_DEFAULT_TIME_ZONE, at);
  if (fallback && learners) queued += await queueUnzonedDigests(db, queue, fallback, learners);
  return queued;
}

/**
 * The week's digests of progress's learners who have no settings row (their browser never told a zone), a page
 * at a time; each page's rows, jobs and the pass's place are written in one transaction, so a later sweep goes
 * on where this one stopped and a learner is queued once a week whatever zone they tell later (the week's key is
 * its Monday, the same day everywhere).
 */
async function queueUnzonedDigests(
  db: Kysely<Database>,
  queue: DigestQueue,
  due: DueWeek,
  learners: DigestLearners,
): Promise<number> {
  let queued = 0;
  for (;;) {
    const pass = await db
      .selectFrom('digest_fallback_passes')
      .select(['after', 'done'])
      .where('week', '=', due.week)
      .executeTakeFirst();
    if (pass?.done) return queued;
    const after = pass?.after ?? undefined;
    const ids = await learners({ since: due.from, after, limit: QUEUE_BATCH });
    queued += await db.transaction().execute(async (trx) => {
      const { rows } =
        ids.length === 0
          ? { rows: [] }
          : await sql<{ user_id: string }>`
              insert into digest_weeks (user_id, week)
              select u.id, ${due.week}::date from unnest(${ids}::text[]) as u(id)
               where not exists (select 1 from digest_settings s where s.user_id = u.id)
                 and not exists (
                   select 1 from mail_recipients m where m.user_id = u.id and m.unsubscribed_at is not null
                 )
              on conflict do nothing
              returning user_id
            `.execute(trx);
      await queueWeek(trx, queue, due, rows);
      const place = { after: ids.at(-1) ?? after ?? null, done: ids.length < QUEUE_BATCH };
      await trx
        .insertInto('digest_fallback_passes')
        .values({ week: due.week, ...place })
        .onConflict((oc) => oc.column('week').doUpdateSet(place))
        .execute();
      return rows.length;
    });
  }
}

export interface DigestDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  auth: Peer;
  content: Peer;
  progress: Peer;
  catalog: Pick<CatalogClient, 'lookup'>;
  log: Logger;
  site: Omit<MailSite, 'intervalMinutes'>;
}

/** New items by creators the learner follows, first published in the week before the digest fell due. */
async function followedNews(deps: DigestDeps, job: DigestJob) {
  const dueAt = new Date(job.dueAt);
  const rows = await deps.db
    .selectFrom('creator_news_items as i')
    .innerJoin('creator_follows as f', 'f.creator_id', 'i.creator_id')
    .select(['i.product_id', 'i.creator_id'])
    .where('f.user_id', '=', job.userId)
    .where('i.queued_at', '>=', new Date(dueAt.getTime() - 7 * 86_400_000))
    .where('i.queued_at', '<', dueAt)
    .orderBy('i.queued_at')
    .execute();
  if (rows.length === 0) return [];
  const products = await deps.catalog.lookup(rows.map((row) => row.product_id));
  const creators = new Map<string, string | null>();
  for (const creatorId of new Set(rows.map((row) => row.creator_id)))
    creators.set(creatorId, (await creatorSummary(deps.content, creatorId))?.name ?? null);
  const base = deps.site.publicUrl.replace(/\/+$/, '');
  return rows.flatMap((row) => {
    const product = products.get(row.product_id);
    const creatorName = creators.get(row.creator_id);
    return product?.isPublished && creatorName
      ? [{ title: product.title, creatorName, link: `${base}${productPagePath(product.slug)}` }]
      : [];
  });
}

const settle = (db: Kysely<Database>, job: DigestJob, outcome: 'sent' | 'nothing' | 'opted-out' | 'gone') =>
  db
    .updateTable('digest_weeks')
    .set({ settled_at: new Date(), outcome })
    .where('user_id', '=', job.userId)
    .where('week', '=', job.week)
    .execute();

/**
 * Writes one learner's digest: nothing for someone who turned it off (or stopped every community e-mail) since it
 * was queued, an account gone, or a week with nothing to say. A failure throws, and the queue tries again; a
 * week already settled is never sent twice.
 */
export async function sendWeeklyDigest(deps: DigestDeps, job: DigestJob): Promise<DigestJob['week'] | null> {
  const { db } = deps;
  const row = await db
    .selectFrom('digest_weeks as w')
    .leftJoin('digest_settings as s', 's.user_id', 'w.user_id')
    .leftJoin('mail_recipients as m', 'm.user_id', 'w.user_id')
    .select(['w.settled_at', 's.weekly', 'm.unsubscribed_at'])
    .where('w.user_id', '=', job.userId)
    .where('w.week', '=', job.week)
    .executeTakeFirst();
  if (!row || row.settled_at) return null;
  if (row.weekly === false || row.unsubscribed_at) {
    await settle(db, job, 'opted-out');
    return null;
  }
  const person = (await lookupRecipients(deps.auth, [job.userId])).get(job.userId);
  if (!person) {
    await settle(db, job, 'gone');
    return null;
  }
  const [week, news] = await Promise.all([
    deps.progress.call(progressInternalRoutes.learnerWeek, {
      params: { userId: job.userId },
      query: { from: job.from, to: job.to },
    }),
    followedNews(deps, job),
  ]);
  const base = deps.site.publicUrl.replace(/\/+$/, '');
  const content: DigestContent = {
    minutes: week.minutes,
    streak: week.streak,
    courses: week.courses.map((course) => ({
      title: course.title,
      progress: course.progress,
      lesson: course.lessonNumber ? { number: course.lessonNumber, count: course.lessonCount } : null,
      link: `${base}${course.lessonId ? lessonPagePath(course.slug, course.lessonId) : productPagePath(course.slug)}`,
    })),
    news,
  };
  if (!hasNews(content)) {
    await settle(db, job, 'nothing');
    return null;
  }
  await deps.mailer.send(weeklyDigestMail(deps.site, person, content));
  await settle(db, job, 'sent');
  return job.week;
}

/** pg-boss in its schema with the digest's two queues; only a `supervise`d one keeps the queue and its cron. */
export async function openDigestQueue({
  connectionString,
  log,
  supervise,
}: {
  connectionString: string;
  log: Logger;
  supervise: boolean;
}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString,
    schema: JOBS_SCHEMA,
    max: 2,
    application_name: 'catalyst-community-jobs',
    supervise,
    schedule: supervise,
  });
  boss.on('error', (error) => log.error({ err: error.message }, 'community job queue error'));
  await boss.start();
  // Replicas start together: two creating one queue at once may deadlock, and the one Postgres fails tries again.
  await retryOnDeadlock(() =>
    boss.createQueue(DIGEST_SWEEP_QUEUE, { name: DIGEST_SWEEP_QUEUE, policy: 'singleton', retryLimit: 0 }),
  );
  await retryOnDeadlock(() =>
    boss.createQueue(DIGEST_QUEUE, {
      name: DIGEST_QUEUE,
      policy: 'standard',
      retryLimit: 5,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 10 * 60,
    }),
  );
  return boss;
}

/** The digest's job queue: the sweep on a cron (pg-boss runs it once across replicas), and the digests' worker. */
export async function startWeeklyDigest(
  deps: DigestDeps & { now: () => Date },
  connectionString: string,
): Promise<{ stop(): Promise<void> }> {
  const { log } = deps;
  const boss = await openDigestQueue({ connectionString, log, supervise: true });
  await boss.schedule(DIGEST_SWEEP_QUEUE, DIGEST_SWEEP_CRON);
  await boss.work(DIGEST_SWEEP_QUEUE, async () => {
    const queued = await queueDueDigests({
      db: deps.db,
      queue: bossQueue(boss),
      now: deps.now,
      learners: progressLearners(deps.progress),
    });
    if (queued > 0) log.info({ queued }, 'weekly digests queued');
  });
  await boss.work<DigestJob>(DIGEST_QUEUE, { batchSize: 5 }, async (jobs) => {
    for (const job of jobs) await sendWeeklyDigest(deps, job.data);
  });
  return { stop: () => boss.stop({ graceful: true, wait: true, timeout: 5_000 }) };
}
