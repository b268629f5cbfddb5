// Billing's team dashboard asks progress for a team's learning at once: each learner's figures, their
// standing on assigned items and the team's last six months, read from the learner tables in set-based queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamFiguresSchema, type TeamFigures } from '@catalyst/contracts';
import { internalHeaders } from '@catalyst/service-kit/testing';
import { createTestContext, ids } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ada = 'aaaaaaaaaaaaaaaaaaaa0001';
const bo = 'aaaaaaaaaaaaaaaaaaaa0002';
const idle = 'aaaaaaaaaaaaaaaaaaaa0003';
const outsider = 'aaaaaaaaaaaaaaaaaaaa0004';
const pathId = '99999999999999999999aa01';

const now = new Date();
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
const day = (date: Date) => date.toISOString().slice(0, 10);

async function ask(body: unknown, headers = internalHeaders()) {
  const res = await ctx.app.request('/internal/progress/team-figures', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: TeamFigures; message?: string } };
}

describe('POST /internal/progress/team-figures', () => {
  beforeAll(async () => {
    await ctx.db
      .insertInto('progress')
      .values([
        // Ada: one course finished last month, one video under way now.
        {
          user_id: ada,
          product_id: ids.course,
          progress: 100,
          completed: true,
          completed_at: lastMonth,
          updated_at: lastMonth,
        },
        { user_id: ada, product_id: ids.video, progress: 40, updated_at: now },
        // Bo: the same video, finished this month.
        {
          user_id: bo,
          product_id: ids.video,
          progress: 100,
          completed: true,
          completed_at: now,
          updated_at: now,
        },
        // Not in the team: never counted.
        { user_id: outsider, product_id: ids.video, progress: 100, completed: true, completed_at: now },
      ])
      .execute();
    await ctx.db
      .insertInto('learning_days')
      .values([
        { user_id: ada, day: day(monthStart), seconds: 600 },
        { user_id: ada, day: day(lastMonth), seconds: 3_000 },
        { user_id: bo, day: day(monthStart), seconds: 359 },
        { user_id: outsider, day: day(monthStart), seconds: 9_000 },
      ])
      .execute();
    await ctx.db
      .insertInto('certificates')
      .values(
        [ada, bo].map((user, i) => ({
          code: `TEAMCERT0${i}`,
          user_id: user,
          product_id: user === ada ? ids.course : pathId,
          kind: user === ada ? ('course' as const) : ('path' as const),
          learner_name: 'L',
          course_title: 'T',
          creator_name: 'C',
          product_slug: 's',
          hours: 1,
          completed_at: now,
        })),
      )
      .execute();
    await ctx.db.insertInto('path_follows').values({ user_id: ada, path_id: pathId }).execute();
  });

  it("answers each learner's figures and standing on the asked items, and only the team's months", async () => {
    const { status, body } = await ask({
      userIds: [ada, bo, idle],
      productIds: [ids.course, ids.video],
      pathIds: [pathId],
    });
    expect(status).toBe(200);
    const figures = teamFiguresSchema.parse(body.data);
    const of = (id: string) => figures.learners.find((l) => l.userId === id)!;
    expect(of(ada)).toMatchObject({ minutesThisMonth: 10, inProgress: 1, finished: 1, certificates: 1 });
    expect(of(ada).items).toEqual({
      [ids.course]: 'done',
      [ids.video]: 'in_progress',
      [pathId]: 'in_progress',
    });
    expect(of(bo)).toMatchObject({ minutesThisMonth: 5, inProgress: 0, finished: 1, certificates: 1 });
    expect(of(bo).items).toEqual({ [ids.course]: 'not_started', [ids.video]: 'done', [pathId]: 'done' });
    expect(of(idle)).toEqual({
      userId: idle,
      lastActiveAt: null,
      minutesThisMonth: 0,
      inProgress: 0,
      finished: 0,
      certificates: 0,
      items: { [ids.course]: 'not_started', [ids.video]: 'not_started', [pathId]: 'not_started' },
    });
    expect(of(ada).lastActiveAt).not.toBeNull();

    expect(figures.months).toHaveLength(6);
    const [previous, current] = figures.months.slice(-2);
    expect(current).toMatchObject({
      month: day(now).slice(0, 7),
      activeLearners: 2,
      minutes: 15,
      completions: 1,
    });
    expect(current!.topCourses).toEqual([{ productId: ids.video, title: 'CSS Video', learners: 2 }]);
    expect(previous).toMatchObject({ activeLearners: 1, minutes: 50, completions: 1 });
    expect(previous!.topCourses).toEqual([{ productId: ids.course, title: 'React Course', learners: 1 }]);
    expect(figures.months[0]).toMatchObject({
      activeLearners: 0,
      minutes: 0,
      completions: 0,
      topCourses: [],
    });
  });

  it('refuses more than 500 users, a malformed id, and a caller without the internal secret', async () => {
    const many = Array.from({ length: 501 }, (_, i) => i.toString(16).padStart(24, '0'));
    expect((await ask({ userIds: many })).status).toBe(400);
    expect((await ask({ userIds: ['nope'] })).status).toBe(400);
    expect((await ask({ userIds: [ada] }, {})).status).toBe(404);
  });

  it('answers 500 users in one request', async () => {
    const many = Array.from({ length: 500 }, (_, i) => i.toString(16).padStart(24, '0'));
    const started = performance.now();
    const { status, body } = await ask({ userIds: many, productIds: [ids.video] });
    expect(status).toBe(200);
    expect(body.data.learners).toHaveLength(500);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
