import { randomUUID } from 'node:crypto';
import { LTI_MEDIA, LTI_SCOPE, issuerUrlProblem, type DomainEvent } from '@catalyst/contracts';
import { consumeEvents, repeatEvery, type Logger, type Repeating } from '@catalyst/service-kit';
import { SignJWT } from 'jose';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LtiGradeTarget } from '../db/tables/lti-grade-target';
import type { LtiPlatformRow } from '../db/tables/lti-platform';
import type { ToolKeys } from './tool-keys';

/** A score that failed waits 30 s, then twice as long each time, at most 6 hours; after 12 tries it is given up. */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60 * 1000;
export const MAX_SCORE_ATTEMPTS = 12;
const SEND_BATCH = 20;

export const retryDelayMs = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));

/** An AGS score (application/vnd.ims.lis.v1.score+json) of the platform's user `sub`. */
function scoreOf(sub: string, given: number, occurredAt: string, comment: string) {
  return {
    userId: sub,
    scoreGiven: Math.round(given * 10_000) / 10_000,
    scoreMaximum: 1,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
    timestamp: occurredAt,
    comment,
  };
}

/** The score an event gives a grade target, if it is about what the target's link opens. */
function scoreFor(event: DomainEvent, target: LtiGradeTarget): Record<string, unknown> | undefined {
  if (!target.lineitem || !target.scopes.includes(LTI_SCOPE.score)) return undefined;
  if (!('productId' in event.data) || event.data.productId !== target.product_key) return undefined;
  switch (event.type) {
    case 'course.completed':
      return target.lesson_id ? undefined : scoreOf(target.sub, 1, event.occurredAt, 'Course completed');
    case 'lesson.completed':
      return target.lesson_id === event.data.lessonId
        ? scoreOf(target.sub, 1, event.occurredAt, 'Lesson completed')
        : undefined;
    case 'quiz.graded':
      return target.lesson_id === event.data.lessonId
        ? scoreOf(
            target.sub,
            event.data.score,
            event.occurredAt,
            event.data.passed ? 'Quiz passed' : 'Quiz not passed',
          )
        : undefined;
    default:
      return undefined;
  }
}

/**
 * Queues the scores a progress event gives the learner's LTI links, in the consumer's transaction (so the cursor
 * advances with them); one per (link, event id), so a re-read event queues nothing twice.
 */
export async function queueScores(trx: Kysely<Database>, event: DomainEvent): Promise<number> {
  if (!event.userId) return 0;
  const targets = await trx
    .selectFrom('lti_grade_targets')
    .selectAll()
    .where('user_id', '=', event.userId)
    .execute();
  let queued = 0;
  for (const target of targets) {
    const score = scoreFor(event, target);
    if (!score) continue;
    const inserted = await trx
      .insertInto('lti_score_posts')
      .values({ target_id: target.id, event_id: event.id, score: JSON.stringify(score) })
      .onConflict((oc) => oc.columns(['target_id', 'event_id']).doNothing())
      .executeTakeFirst();
    queued += Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }
  return queued;
}

/** The address of a line item's scores: `/scores` after its path, its query kept (AGS 2.0 §3.4). */
export function scoresUrl(lineItem: string): string {
  const url = new URL(lineItem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.href;
}

/** Sends the scores due to their platforms, with an access token from each platform's token URL. */
export function createScoreSender({
  db,
  toolKeys,
  log,
  allowLoopbackHttp,
}: {
  db: Kysely<Database>;
  toolKeys: ToolKeys;
  log: Pick<Logger, 'info' | 'warn'>;
  allowLoopbackHttp: boolean;
}) {
  const tokens = new Map<string, { token: string; expiresAt: number }>();

  /** client_credentials with a JWT client assertion signed by the tool's key (IMS Security Framework §4.1). */
  async function accessToken(platform: LtiPlatformRow): Promise<string> {
    const kept = tokens.get(platform.id);
    if (kept && kept.expiresAt > Date.now()) return kept.token;
    const problem = issuerUrlProblem(platform.token_url, allowLoopbackHttp);
    if (problem) throw new Error(`the platform's token URL is refused (${problem})`);
    const { kid, key } = await toolKeys.signing();
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(platform.client_id)
      .setSubject(platform.client_id)
      .setAudience(platform.token_url)
      .setIssuedAt()
      .setExpirationTime('5m')
      .setJti(randomUUID())
      .sign(key);
    const response = await fetch(platform.token_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope: LTI_SCOPE.score,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the token URL answered ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('the token URL answered no access_token');
    tokens.set(platform.id, {
      token: body.access_token,
      expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000,
    });
    return body.access_token;
  }

  async function send(post: { score: Record<string, unknown>; lineitem: string }, platform: LtiPlatformRow) {
    const response = await fetch(scoresUrl(post.lineitem), {
      method: 'POST',
      headers: { 'content-type': LTI_MEDIA.score, authorization: `Bearer ${await accessToken(platform)}` },
      body: JSON.stringify(post.score),
      signal: AbortSignal.timeout(10_000),
    });
    // A refused token is forgotten, so the next try asks for a new one.
    if (response.status === 401) tokens.delete(platform.id);
    if (!response.ok) throw new Error(`the line item answered ${response.status}`);
  }

  /** One round: the due scores, each sent or put back with its next try. Answers how many were sent. */
  async function sendDue(): Promise<number> {
    const due = await db
      .selectFrom('lti_score_posts as p')
      .innerJoin('lti_grade_targets as t', 't.id', 'p.target_id')
      .select(['p.id', 'p.score', 'p.attempts', 't.lineitem', 't.platform_id'])
      .where('p.sent_at', 'is', null)
      .where('p.next_at', '<=', new Date())
      .where('p.attempts', '<', MAX_SCORE_ATTEMPTS)
      .orderBy('p.next_at')
      .limit(SEND_BATCH)
      .execute();
    let sent = 0;
    for (const post of due) {
      // Claimed by pushing its next try on first, so another replica's round does not send it too.
      const claimed = await db
        .updateTable('lti_score_posts')
        .set({ next_at: new Date(Date.now() + FIRST_RETRY_MS) })
        .where('id', '=', post.id)
        .where('next_at', '<=', new Date())
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      const platform = await db
        .selectFrom('lti_platforms')
        .selectAll()
        .where('id', '=', post.platform_id)
        .executeTakeFirst();
      try {
        if (!platform || !post.lineitem) throw new Error('the platform or its line item is gone');
        await send({ score: post.score, lineitem: post.lineitem }, platform);
        await db
          .updateTable('lti_score_posts')
          .set({ sent_at: sql<Date>`now()`, last_error: null })
          .where('id', '=', post.id)
          .execute();
        sent += 1;
      } catch (error) {
        const attempts = post.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        await db
          .updateTable('lti_score_posts')
          .set({ attempts, last_error: message, next_at: new Date(Date.now() + retryDelayMs(attempts)) })
          .where('id', '=', post.id)
          .execute();
        log[attempts >= MAX_SCORE_ATTEMPTS ? 'warn' : 'info'](
          { postId: post.id, attempts, err: message },
          attempts >= MAX_SCORE_ATTEMPTS ? 'LTI score given up' : 'LTI score not sent, will retry',
        );
      }
    }
    return sent;
  }

  return { sendDue };
}

type ScoreSender = ReturnType<typeof createScoreSender>;

/**
 * One round of grade passback: progress's event feed read into queued scores (cursor `lti:progress` in auth's
 * schema, one replica at a time), then the scores due sent to their platforms. Answers how many were sent.
 */
export async function passbackRound({
  db,
  read,
  sender,
}: {
  db: Kysely<Database>;
  read: (after: string, limit: number) => Promise<DomainEvent[]>;
  sender: ScoreSender;
}): Promise<number> {
  await consumeEvents({
    db,
    name: 'lti:progress',
    read,
    handle: (event, trx) => queueScores(trx as Kysely<Database>, event).then(() => undefined),
  });
  return sender.sendDue();
}

/** Grade passback every `everyMs` (stop it on shutdown). */
export function startGradePassback({
  db,
  toolKeys,
  log,
  allowLoopbackHttp,
  readProgressEvents,
  everyMs = 3_000,
}: {
  db: Kysely<Database>;
  toolKeys: ToolKeys;
  log: Pick<Logger, 'info' | 'warn'>;
  allowLoopbackHttp: boolean;
  readProgressEvents: (after: string, limit: number) => Promise<DomainEvent[]>;
  everyMs?: number;
}): Repeating {
  const sender = createScoreSender({ db, toolKeys, log, allowLoopbackHttp });
  return repeatEvery({
    name: 'lti grade passback',
    everyMs,
    log,
    step: () => passbackRound({ db, read: readProgressEvents, sender }),
  });
}
