import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { xapiMessages, type Identity } from '@catalyst/contracts';
import { testLog, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, ids, opt, q, quizLesson, rightAnswers } from '../test-support';
import { deliverDue } from './delivery';
import { statementProblem } from './statement-schema';
import { statementIdOf, uuidV5 } from './statements';
import { startTestLrs, type TestLrs } from './test-lrs';
import { VERBS } from './vocabulary';
import { queueStatementsFromEvents } from './xapi-feed';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
let lrs: TestLrs;
/** The delivery's clock: tests move it past a back-off instead of waiting. */
let clock: Date;

beforeAll(async () => {
  [ctx, lrs] = await Promise.all([createTestContext(), startTestLrs()]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), lrs.close()]);
});
beforeEach(async () => {
  clock = new Date();
  lrs.down = false;
  lrs.statements.clear();
  lrs.requests.length = 0;
  for (const table of [
    'xapi_settings',
    'xapi_statements',
    'xapi_deliveries',
    'event_cursors',
    'domain_events',
    'certificates',
    'quiz_papers',
    'quiz_attempts',
    'lesson_progress',
    'progress',
  ] as const)
    await sql`delete from ${sql.table(table)}`.execute(ctx.db);
});
afterEach(() => {
  // Whatever a test did, every statement the LRS holds keeps the spec's rules.
  for (const statement of lrs.statements.values()) expect(statementProblem(statement)).toBeNull();
});

const admin = testUsers.admin;
const sub = testUsers.subscriber;
const ORIGIN = 'https://learn.catalyst.test';
const SETTINGS = '/admin/xapi/settings';

const feedDeps = () => ({
  db: ctx.db,
  catalog: ctx.deps.catalog,
  config: ctx.deps.config,
  log: testLog,
  now: () => clock,
});
/**
 * Reads the feed until it has passed every event: an event stays unread while any older transaction in the
 * cluster is open (another test file's), so this polls.
 */
async function queue() {
  const n = (await sql<{ n: string }>`select count(*) as n from domain_events`.execute(ctx.db)).rows[0]!.n;
  let read = 0;
  await expect
    .poll(async () => (read += await queueStatementsFromEvents(feedDeps())), { timeout: 5_000, interval: 50 })
    .toBe(Number(n));
}
const deliver = () => deliverDue(feedDeps());
const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

const connect = (overrides: Record<string, unknown> = {}) =>
  ctx.call(admin, 'PUT', SETTINGS, {
    endpoint: lrs.endpoint,
    key: lrs.key,
    secret: lrs.secret,
    enabled: true,
    ...overrides,
  });

const course = (suffix = '') => `/content/progress/product/${ids.quizCourse}${suffix}`;

/** The quiz course as a learner takes it: the preview quiz failed then passed, the video, the final quiz: a certificate. */
async function learnersJourney(as: Identity = sub) {
  const preview = course(`/lessons/${quizLesson.preview}/quiz-attempts`);
  await ctx.call(as, 'POST', preview, { answers: [{ questionId: q(4), optionIds: [opt(4, 'a')] }] });
  // The retake gap has passed.
  await ctx.db
    .updateTable('quiz_attempts')
    .set({ submitted_at: new Date(Date.now() - 60_000) })
    .execute();
  await ctx.call(as, 'POST', preview, { answers: [{ questionId: q(4), optionIds: [opt(4, 'b')] }] });
  await ctx.call(as, 'PATCH', course(`/lessons/${quizLesson.video}/complete`), {});
  const final = await ctx.call(as, 'POST', course(`/lessons/${quizLesson.final}/quiz-attempts`), {
    answers: rightAnswers(),
  });
  expect(final.body.data.course.completed).toBe(true);
  await ctx.call(as, 'GET', '/certificates');
}

const eventIds = async () =>
  (await sql<{ id: string }>`select id::text as id from domain_events`.execute(ctx.db)).rows.map((e) => e.id);
const log = async () => (await ctx.call(admin, 'GET', '/admin/xapi/deliveries')).body.data;

describe('the LRS settings', () => {
  it('seals the secret and never answers it; only an admin sees or sets them', async () => {
    expect((await ctx.call(admin, 'GET', SETTINGS)).body.data).toBeNull();
    const missing = await connect({ secret: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(xapiMessages.secretMissing);

    const saved = await connect();
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      endpoint: lrs.endpoint,
      key: lrs.key,
      secretSet: true,
      enabled: true,
    });
    // Saved again without a secret: the sealed one stays.
    await connect({ secret: undefined, enabled: false });
    for (const answer of [saved, await ctx.call(admin, 'GET', SETTINGS)])
      expect(JSON.stringify(answer.body)).not.toContain(lrs.secret);
    const row = await ctx.db.selectFrom('xapi_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(lrs.secret);
    expect(row.enabled).toBe(false);

    const plainHttp = await connect({ endpoint: 'http://lrs.example.com/xapi/' });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body.errors).toEqual([{ field: 'endpoint', message: xapiMessages.endpointHttps }]);
    expect((await ctx.call(sub, 'GET', SETTINGS)).status).toBe(403);
    expect(
      (await ctx.call(sub, 'PUT', SETTINGS, { endpoint: lrs.endpoint, key: 'k', enabled: true })).status,
    ).toBe(403);
  });

  it('sends a test statement with the saved settings and answers what the LRS said', async () => {
    expect((await ctx.call(admin, 'POST', '/admin/xapi/test')).status).toBe(409);
    await connect();
    const sent = await ctx.call(admin, 'POST', '/admin/xapi/test');
    expect(sent.body).toMatchObject({
      message: xapiMessages.testSent,
      data: { delivered: true, status: 200 },
    });
    expect(lrs.statements.get(sent.body.data.statementId)?.actor).toEqual({
      objectType: 'Agent',
      account: { homePage: ORIGIN, name: admin.id },
    });
    await connect({ secret: 'not-the-secret' });
    const refused = await ctx.call(admin, 'POST', '/admin/xapi/test');
    expect(refused.body).toMatchObject({
      message: xapiMessages.testRefused,
      data: { delivered: false, status: 401, answer: '{"message":"Bad credentials"}' },
    });
    expect((await log()).deliveries.map((d: { kind: string; status: number }) => [d.kind, d.status])).toEqual(
      [
        ['test', 401],
        ['test', 200],
      ],
    );
  });
});

describe('statements from the learner events', () => {
  it("makes a learner's journey into valid statements the LRS accepts, with ids that stay the same", async () => {
    await connect();
    await learnersJourney();
    const events = await eventIds();
    await queue();
    expect(await deliver()).toBe(events.length);

    const stored = [...lrs.statements.values()];
    expect(stored.map((s) => s.id).sort()).toEqual(events.map(statementIdOf).sort());
    expect(new Set(stored.map((s) => s.verb.id))).toEqual(
      new Set(
        [VERBS.launched, VERBS.progressed, VERBS.completed, VERBS.failed, VERBS.passed, VERBS.earned].map(
          (v) => v.id,
        ),
      ),
    );
    for (const statement of stored) {
      expect(statement.actor).toEqual({ objectType: 'Agent', account: { homePage: ORIGIN, name: sub.id } });
      expect(JSON.stringify(statement)).not.toContain(sub.email);
      expect((statement.object as { id: string }).id.startsWith(`${ORIGIN}/`)).toBe(true);
    }
    const final = stored.find(
      (s) =>
        s.verb.id === VERBS.passed.id &&
        (s.object as { id: string }).id.endsWith(`/lesson/${quizLesson.final}`),
    );
    expect(final?.result).toMatchObject({ score: { scaled: 1 }, success: true });
    expect(final?.context?.contextActivities?.parent).toEqual([
      expect.objectContaining({ id: `${ORIGIN}/browse/premium/product/${ids.quizCourse}` }),
    ]);
    const failed = stored.find((s) => s.verb.id === VERBS.failed.id);
    expect(failed?.result).toMatchObject({ score: { scaled: 0 }, success: false });

    // Read again from the start and sent again: the same ids, so nothing is queued or stored twice.
    await sql`delete from event_cursors`.execute(ctx.db);
    await queue();
    await ctx.db.updateTable('xapi_statements').set({ sent_at: null, next_attempt_at: clock }).execute();
    expect(await deliver()).toBe(events.length);
    expect(lrs.statements.size).toBe(events.length);
    expect(lrs.requests.every((r) => r.status === 200)).toBe(true);
  });

  it('passes over the events while no LRS is enabled', async () => {
    await connect({ enabled: false });
    await learnersJourney();
    await queue();
    await connect({ enabled: true, secret: undefined });
    expect(await queueStatementsFromEvents(feedDeps())).toBe(0);
    expect(await deliver()).toBe(0);
    expect(lrs.requests).toEqual([]);
  });
});

describe('delivery', () => {
  it('delivers every statement exactly once by id after an outage', async () => {
    await connect();
    await learnersJourney();
    const events = await eventIds();
    await queue();
    lrs.down = true;
    expect(await deliver()).toBe(0);
    const failing = await log();
    expect(failing).toMatchObject({ pending: events.length, lastSentAt: null });
    expect(failing.deliveries[0]).toMatchObject({ delivered: false, status: 503 });
    expect(failing.nextRetryAt).toBe(new Date(clock.getTime() + 30_000).toISOString());

    // Still down at the first retry: the back-off doubles.
    later(30);
    expect(await deliver()).toBe(0);
    expect((await log()).nextRetryAt).toBe(new Date(clock.getTime() + 60_000).toISOString());
    // Up again, but not yet due: nothing is sent before the back-off ends.
    lrs.down = false;
    later(30);
    expect(await deliver()).toBe(0);
    // One statement reached the LRS meanwhile with other content (a send whose answer was lost, then changed):
    // the batch's 409 sends each one by itself, and the one the LRS already holds counts as delivered.
    const [first] = await ctx.db.selectFrom('xapi_statements').select(['id', 'statement']).limit(1).execute();
    lrs.statements.set(first!.id, {
      ...(first!.statement as object),
      timestamp: '2020-01-01T00:00:00Z',
    } as never);
    later(31);
    expect(await deliver()).toBe(events.length);
    expect(lrs.requests.at(-events.length - 1)).toMatchObject({ method: 'POST', status: 409 });
    expect(lrs.statements.size).toBe(events.length);
    expect((await log()).pending).toBe(0);
    expect(await deliver()).toBe(0);
  });

  it('logs a refused credential with the LRS answer, and retries once the secret is right', async () => {
    await connect({ secret: 'an-old-secret' });
    await learnersJourney();
    await queue();
    expect(await deliver()).toBe(0);
    const refused = await log();
    expect(refused.deliveries[0]).toMatchObject({
      kind: 'batch',
      delivered: false,
      status: 401,
      answer: '{"message":"Bad credentials"}',
    });
    expect(refused.pending).toBeGreaterThan(0);
    await connect();
    later(30);
    expect(await deliver()).toBe(refused.pending);
    expect((await log()).lastSentAt).toBe(clock.toISOString());
  });
});

describe('the statement rules (the test LRS)', () => {
  it('makes statement ids UUID v5 of the event id', () => {
    // RFC 4122's DNS namespace example, as Python's uuid.uuid5(NAMESPACE_DNS, 'python.org') gives it.
    expect(uuidV5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    );
  });

  it('refuses what xAPI 1.0.3 forbids, naming the rule', async () => {
    const good = {
      id: '886313e1-3b8a-5372-9b90-0c9aee199e5d',
      actor: { account: { homePage: ORIGIN, name: 'u1' } },
      verb: VERBS.completed,
      object: { id: `${ORIGIN}/x` },
      timestamp: '2026-12-06T12:00:00Z',
    };
    expect(statementProblem(good)).toBeNull();
    const broken: [object, RegExp][] = [
      [
        { ...good, actor: { mbox: 'mailto:a@b.c', account: { homePage: ORIGIN, name: 'u1' } } },
        /exactly one/,
      ],
      [{ ...good, actor: { name: 'Nobody' } }, /exactly one/],
      [{ ...good, verb: { id: 'completed' } }, /^verb\.id: .*IRI/],
      [{ ...good, verb: { id: VERBS.completed.id, display: { 'not a tag!': 'x' } } }, /^verb\.display/],
      [{ ...good, object: { id: 'not an iri' } }, /^object\.id/],
      [{ ...good, result: { score: { scaled: 1.5 } } }, /scaled must be between -1 and 1/],
      [{ ...good, timestamp: '6 December 2026' }, /^timestamp: .*ISO 8601/],
      [{ ...good, id: 'statement-1' }, /^id: id must be a UUID/],
      [{ ...good, extra: true }, /extra/],
    ];
    for (const [statement, rule] of broken) expect(statementProblem(statement)).toMatch(rule);

    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${lrs.endpoint}statements`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${lrs.key}:${lrs.secret}`).toString('base64')}`,
          'Content-Type': 'application/json',
          'X-Experience-API-Version': '1.0.3',
          ...headers,
        },
        body: JSON.stringify(body),
      });
    expect((await post([{ ...good, result: { score: { scaled: 2 } } }])).status).toBe(400);
    expect((await post([good], { 'X-Experience-API-Version': '' })).status).toBe(400);
    expect((await post([good, good])).status).toBe(400);
    expect((await post([good])).status).toBe(200);
    expect((await post([good])).status).toBe(200);
    expect((await post([{ ...good, verb: VERBS.passed }])).status).toBe(409);
    expect(lrs.statements.size).toBe(1);
  });
});
