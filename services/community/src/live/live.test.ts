import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNITY_MESSAGES,
  COMMUNITY_RATES,
  LIVE_QUESTIONS_OPEN_MINUTES_BEFORE,
  LIVE_REMINDER_MINUTES,
  liveEventSchema,
  type Identity,
} from '@catalyst/contracts';
import { audiencesOf, verifyMediaGrant, verifyStreamToken } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, until } from '@catalyst/service-kit/testing';
import {
  admin,
  createTestCommunity,
  ids,
  learner,
  newcomer,
  otherSubscriber,
  subscriber,
  type TestCommunity,
} from '../test-support';
import { listen, mediaStandIn, openEvents, recordingId, webinar } from './live-test-support';

const MINUTE = 60_000;
const path = `/community/live/${webinar._id}`;
const adminPath = `/admin/community/live/${webinar._id}`;

describe('live sessions', () => {
  let t: TestCommunity;
  let media: Awaited<ReturnType<typeof mediaStandIn>>;
  let clock = new Date(Date.now());
  const startsAt = new Date(clock.getTime() + 3 * 60 * MINUTE);
  const at = (minutesFromStart: number) => {
    clock = new Date(startsAt.getTime() + minutesFromStart * MINUTE);
  };
  const schedule = (body: Record<string, unknown> = {}) =>
    t.call(admin, 'PUT', adminPath, {
      startsAt: startsAt.toISOString(),
      durationMinutes: 60,
      joinUrl: 'https://meet.example.com/react-live',
      ...body,
    });

  beforeAll(async () => {
    media = await mediaStandIn();
    t = await createTestCommunity({ now: () => clock, config: { MEDIA_URL: media.baseUrl } });
    t.catalog.set(webinar._id, webinar);
  });
  afterAll(async () => {
    await t.close();
    await media.close();
  });

  it('are scheduled by admins for webinar products only', async () => {
    expect(
      (
        await t.call(subscriber, 'PUT', adminPath, {
          startsAt: startsAt.toISOString(),
          durationMinutes: 60,
          joinUrl: 'https://meet.example.com/x',
        })
      ).status,
    ).toBe(403);
    const course = await t.call(admin, 'PUT', `/admin/community/live/${ids.course}`, {
      startsAt: startsAt.toISOString(),
      durationMinutes: 60,
      joinUrl: 'https://meet.example.com/x',
    });
    expect(course.status).toBe(409);
    expect(course.body.message).toBe(COMMUNITY_MESSAGES.notWebinar);
    expect(
      (
        await t.call(admin, 'PUT', `/admin/community/live/${ids.missing}`, {
          startsAt: startsAt.toISOString(),
          durationMinutes: 60,
          joinUrl: 'https://meet.example.com/x',
        })
      ).status,
    ).toBe(404);
    const bad = await t.call(admin, 'PUT', adminPath, {
      startsAt: 'tomorrow',
      durationMinutes: 5,
      joinUrl: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'durationMinutes',
      'joinUrl',
      'startsAt',
    ]);

    const res = await schedule();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      productId: webinar._id,
      title: webinar.title,
      durationMinutes: 60,
      status: 'scheduled',
      joinUrl: 'https://meet.example.com/react-live',
      registered: false,
      registrations: 0,
      recording: null,
    });
    expect(res.body.data.endsAt).toBe(new Date(startsAt.getTime() + 60 * MINUTE).toISOString());
  });

  it('open to whoever may open the webinar, with a status from the clock and the join link until the end', async () => {
    expect((await t.call(learner, 'GET', path)).status).toBe(403);
    expect((await t.call(null, 'GET', path)).status).toBe(401);
    expect((await t.call(subscriber, 'GET', `/community/live/${ids.course}`)).body.message).toBe(
      COMMUNITY_MESSAGES.sessionNotFound,
    );
    at(-1);
    expect((await t.call(subscriber, 'GET', path)).body.data).toMatchObject({
      status: 'scheduled',
      joinUrl: 'https://meet.example.com/react-live',
    });
    at(0);
    expect((await t.call(subscriber, 'GET', path)).body.data.status).toBe('live');
    at(60);
    expect((await t.call(subscriber, 'GET', path)).body.data).toMatchObject({
      status: 'ended',
      joinUrl: null,
    });
    at(-180);
  });

  it('registers and unregisters idempotently', async () => {
    for (let i = 0; i < 2; i += 1)
      expect((await t.call(subscriber, 'PUT', `${path}/registration`)).body.data).toMatchObject({
        registered: true,
        registrations: 1,
      });
    expect((await t.call(otherSubscriber, 'PUT', `${path}/registration`)).body.data).toMatchObject({
      registered: true,
      registrations: 2,
    });
    for (let i = 0; i < 2; i += 1)
      expect((await t.call(otherSubscriber, 'DELETE', `${path}/registration`)).body.data).toMatchObject({
        registered: false,
        registrations: 1,
      });
    expect((await t.call(otherSubscriber, 'PUT', `${path}/registration`)).status).toBe(200);
    expect((await t.call(learner, 'PUT', `${path}/registration`)).status).toBe(403);
  });

  it('remind every registered member once, an hour before, with the join and calendar links (again only if the session moves)', async () => {
    const reminders = () => t.mailer.sent.filter((m) => m.subject.includes('React Live Q&A'));
    at(-LIVE_REMINDER_MINUTES - 1);
    expect(await t.deps.reminders.sendDue()).toBe(0);
    at(-LIVE_REMINDER_MINUTES + 1);
    const counts = await Promise.all([
      t.deps.reminders.sendDue(),
      t.deps.reminders.sendDue(),
      t.deps.reminders.sendDue(),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(
      reminders()
        .map((m) => m.to)
        .sort(),
    ).toEqual([otherSubscriber.email, subscriber.email].sort());
    const mail = reminders().find((m) => m.to === subscriber.email)!;
    expect(mail.subject).toBe('Starting in 59 minutes: React Live Q&A (live Q&A)');
    expect(mail.text).toContain('https://meet.example.com/react-live');
    expect(mail.text).toContain(
      `https://learn.catalyst.test/api/v1/community/live/${webinar._id}/calendar.ics`,
    );
    expect(mail.text).toContain(`https://learn.catalyst.test/browse/premium/product/${webinar.productId}`);
    at(-10);
    expect(await t.deps.reminders.sendDue()).toBe(0);
    expect(reminders()).toHaveLength(2);

    // Moved two hours later: a new start time, a new reminder when it is due.
    const moved = new Date(startsAt.getTime() + 120 * MINUTE);
    expect(
      (
        await t.call(admin, 'PUT', adminPath, {
          startsAt: moved.toISOString(),
          durationMinutes: 60,
          joinUrl: 'https://meet.example.com/react-live',
        })
      ).status,
    ).toBe(200);
    clock = new Date(moved.getTime() - 30 * MINUTE);
    expect(await t.deps.reminders.sendDue()).toBe(2);
    expect(await t.deps.reminders.sendDue()).toBe(0);
    expect((await schedule()).status).toBe(200);
    at(-180);
  });

  it('send no reminder to a member whose plan has ended', async () => {
    const ids = { productId: webinar._id, userId: otherSubscriber.id };
    t.entitled.delete(ids.userId);
    await t.deps.entitlements.evict(ids.userId);
    // The start moves, so both members are due again.
    const moved = new Date(startsAt.getTime() + 30 * MINUTE);
    expect(
      (
        await t.call(admin, 'PUT', adminPath, {
          startsAt: moved.toISOString(),
          durationMinutes: 60,
          joinUrl: 'https://meet.example.com/react-live',
        })
      ).status,
    ).toBe(200);
    clock = new Date(moved.getTime() - 30 * MINUTE);
    const before = t.mailer.sent.length;
    expect(await t.deps.reminders.sendDue()).toBe(1);
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual([subscriber.email]);
    expect(await t.deps.reminders.sendDue()).toBe(0);
    t.entitled.add(ids.userId);
    await t.deps.entitlements.evict(ids.userId);
    expect((await schedule()).status).toBe(200);
    at(-180);
  });

  it('give an .ics file to anyone, without the join link, and a Google Calendar link', async () => {
    const res = await t.app.request(`${path}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="react-live-q-a.ics"');
    const ics = await res.text();
    const stamp = startsAt
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`DTSTART:${stamp}`);
    expect(ics).toContain('SUMMARY:React Live Q&A');
    expect(ics).toContain(`UID:live-${webinar._id}@learn.catalyst.test`);
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain(
      `https://learn.catalyst.test/browse/premium/product/${webinar.productId}`,
    );
    expect(ics).not.toContain('meet.example.com');
    expect((await t.app.request(`/community/live/${ids.course}/calendar.ics`)).status).toBe(404);

    const session = (await t.call(subscriber, 'GET', path)).body.data;
    expect(session.calendarUrl).toBe(`/api/v1/community/live/${webinar._id}/calendar.ics`);
    const google = new URL(session.googleCalendarUrl);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('action')).toBe('TEMPLATE');
    expect(google.searchParams.get('text')).toBe('React Live Q&A');
    const end = new Date(startsAt.getTime() + 60 * MINUTE)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(google.searchParams.get('dates')).toBe(`${stamp}/${end}`);
  });

  it("answer the recording's signed stream once the admin attaches it", async () => {
    expect((await schedule({ recordingAssetId: recordingId })).status).toBe(200);
    at(90);
    const answer = await t.call(subscriber, 'GET', path);
    const { recording } = answer.body.data;
    expect(recording.assetId).toBe(recordingId);
    const url = new URL(recording.streamUrl, 'https://learn.catalyst.test');
    expect(url.pathname).toBe(`/api/v1/media/streams/${recordingId}/master.m3u8`);
    // signed for the subscriber, beside their own media grant handed with it (on both media paths)
    const viewer = { userId: subscriber.id, access: 'plan' } as const;
    const token = url.searchParams.get('token');
    expect(verifyStreamToken(token, recordingId, TEST_INTERNAL_SECRET, audiencesOf(viewer))).toBe(true);
    expect(verifyStreamToken(token, recordingId, TEST_INTERNAL_SECRET, audiencesOf(undefined))).toBe(false);
    const cookies = answer.headers.getSetCookie();
    expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1])).toEqual(['/media', '/api/v1/media']);
    expect(verifyMediaGrant(cookies[0]!.split(';')[0]!.split('=')[1], TEST_INTERNAL_SECRET)).toEqual(viewer);
    expect(recording.posterUrl).toContain(`/api/v1/media/streams/${recordingId}/poster.jpg?token=`);
    // A schedule without the field keeps the recording; null takes it off.
    expect((await schedule()).body.data.recording?.assetId).toBe(recordingId);
    expect((await schedule({ recordingAssetId: null })).body.data.recording).toBeNull();
    at(-180);
  });
});

describe('the live question board', () => {
  let t: TestCommunity;
  let clock = new Date(Date.now());
  const startsAt = new Date(clock.getTime() + 2 * 60 * MINUTE);
  const at = (minutesFromStart: number) => {
    clock = new Date(startsAt.getTime() + minutesFromStart * MINUTE);
  };
  const ask = (as: Identity = subscriber, body = 'Will hooks replace classes?') =>
    t.call(as, 'POST', `${path}/questions`, { body });

  beforeAll(async () => {
    t = await createTestCommunity({ now: () => clock });
    t.catalog.set(webinar._id, webinar);
    expect(
      (
        await t.call(admin, 'PUT', adminPath, {
          startsAt: startsAt.toISOString(),
          durationMinutes: 30,
          joinUrl: 'https://meet.example.com/q',
        })
      ).status,
    ).toBe(200);
  });
  afterAll(() => t.close());

  it(`opens ${LIVE_QUESTIONS_OPEN_MINUTES_BEFORE} minutes before the start and closes at the end`, async () => {
    at(-LIVE_QUESTIONS_OPEN_MINUTES_BEFORE - 1);
    const early = await ask();
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(COMMUNITY_MESSAGES.questionsClosed);
    at(-LIVE_QUESTIONS_OPEN_MINUTES_BEFORE);
    const res = await ask();
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      productId: webinar._id,
      author: { _id: subscriber.id, name: subscriber.name, isAdmin: false },
      body: 'Will hooks replace classes?',
      upvotes: 0,
      upvotedByMe: false,
      answered: false,
      mine: true,
    });
    expect((await ask(learner)).status).toBe(403);
    expect((await t.call(subscriber, 'POST', `${path}/questions`, { body: '   ' })).status).toBe(400);
    at(30);
    expect((await ask()).status).toBe(409);
    at(0);
  });

  it('counts one upvote per person, however often it is sent, and takes it back once', async () => {
    const question = (await ask(otherSubscriber, 'What about server components?')).body.data;
    const vote = (as: Identity = subscriber, method = 'PUT') =>
      t.call(as, method, `/community/live/questions/${question._id}/vote`);
    for (let i = 0; i < 3; i += 1)
      expect((await vote()).body.data).toMatchObject({ upvotes: 1, upvotedByMe: true });
    expect((await vote(admin)).body.data).toMatchObject({ upvotes: 2, upvotedByMe: true });
    for (let i = 0; i < 2; i += 1)
      expect((await vote(subscriber, 'DELETE')).body.data).toMatchObject({ upvotes: 1, upvotedByMe: false });
    expect((await vote(subscriber)).body.data.upvotes).toBe(2);
    expect(
      (await t.call(subscriber, 'PUT', '/community/live/questions/99999999999999999999ffff/vote')).status,
    ).toBe(404);
    expect((await vote(learner)).status).toBe(403);

    // Most upvoted first, then oldest.
    const board = (await t.call(subscriber, 'GET', `${path}/questions`)).body.data;
    expect(board[0]).toMatchObject({ _id: question._id, upvotes: 2, upvotedByMe: true, mine: false });
    expect(board.slice(1).every((q: { upvotes: number }) => q.upvotes === 0)).toBe(true);
  });

  it('lets the host (an admin) mark a question answered, and nobody else', async () => {
    const question = (await ask(subscriber, 'Is there a recording?')).body.data;
    expect(
      (await t.call(subscriber, 'PUT', `/community/live/questions/${question._id}/answered`)).status,
    ).toBe(403);
    for (let i = 0; i < 2; i += 1)
      expect(
        (await t.call(admin, 'PUT', `/community/live/questions/${question._id}/answered`)).body.data,
      ).toMatchObject({ _id: question._id, answered: true });
    expect(
      (await t.call(admin, 'PUT', '/community/live/questions/99999999999999999999ffff/answered')).status,
    ).toBe(404);
  });

  it('rate limits questions like posts (a new account at the new-account rate)', async () => {
    for (let i = 0; i < COMMUNITY_RATES.newAccount; i += 1)
      expect((await ask(newcomer, `Newcomer question ${i}`)).status).toBe(201);
    const limited = await ask(newcomer, 'One too many');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(COMMUNITY_MESSAGES.rateLimited);
  });

  it('streams new questions to every open board, with heartbeats, and resumes after the last event seen', async () => {
    const server = await listen(t.app.fetch);
    const url = `${server.url}${path}/events`;
    const first = await openEvents(url, subscriber);
    const second = await openEvents(url, otherSubscriber);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toContain('text/event-stream');
    await until(() => first.events('session').length > 0 && second.events('session').length > 0);
    expect(first.frames[0]).toEqual({ retry: '3000' });
    expect(first.events('session')[0]).toMatchObject({
      type: 'session',
      status: 'live',
      startsAt: startsAt.toISOString(),
    });
    expect(t.deps.live.connections()).toBe(2);

    const asked = (await ask(subscriber, 'Streamed to everyone?')).body.data;
    await until(() => first.events('question').length > 0 && second.events('question').length > 0, 10_000);
    for (const board of [first, second]) {
      for (const frame of board.frames.filter((f) => f.data))
        expect(liveEventSchema.safeParse(JSON.parse(frame.data!)).success).toBe(true);
      const [event] = board.events('question');
      expect(event).toMatchObject({
        type: 'question',
        question: { _id: asked._id, body: 'Streamed to everyone?', upvotes: 0, answered: false },
      });
      expect(event.question).not.toHaveProperty('upvotedByMe');
    }
    const lastId = first.frames.filter((f) => f.event === 'question').at(-1)!.id!;
    expect(lastId).toMatch(/^\d+$/);

    // A dropped connection is cleaned up; changes made meanwhile reach it when it comes back with Last-Event-ID.
    await first.close();
    await until(() => t.deps.live.connections() === 1);
    expect(t.deps.live.connections()).toBe(1);
    await t.call(otherSubscriber, 'PUT', `/community/live/questions/${asked._id}/vote`);
    const later = (await ask(otherSubscriber, 'Asked while you were away')).body.data;
    const resumed = await openEvents(url, subscriber, { 'last-event-id': lastId });
    await until(() => resumed.events('question').length >= 2);
    expect(resumed.events('question').map((e) => [e.question._id, e.question.upvotes])).toEqual([
      [asked._id, 1],
      [later._id, 0],
    ]);

    await resumed.close();
    await second.close();
    await server.close();
  });

  it('refuses the stream to those who may not open the webinar, and for a product without a session', async () => {
    const server = await listen(t.app.fetch);
    const refused = await openEvents(`${server.url}${path}/events`, learner);
    expect(refused.res.status).toBe(403);
    await refused.close();
    const none = await openEvents(`${server.url}/community/live/${ids.course}/events`, subscriber);
    expect(none.res.status).toBe(404);
    await none.close();
    await server.close();
  });

  it('ends open streams when the session is removed', async () => {
    const server = await listen(t.app.fetch);
    const board = await openEvents(`${server.url}${path}/events`, subscriber);
    await until(() => board.events('session').length > 0);
    expect((await t.call(admin, 'DELETE', adminPath)).body.data).toEqual({ productId: webinar._id });
    await board.ended;
    expect(t.deps.live.connections()).toBe(0);
    expect((await t.call(admin, 'DELETE', adminPath)).status).toBe(404);
    await server.close();
  });
});

describe('live board heartbeats and session changes', () => {
  let t: TestCommunity;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);

  beforeAll(async () => {
    t = await createTestCommunity({ now, config: { LIVE_HEARTBEAT_MS: '150' } });
    t.catalog.set(webinar._id, webinar);
  });
  afterAll(() => t.close());

  it('sends heartbeat comments and announces the start when the clock reaches it', async () => {
    // Starts in half a second of the service's clock.
    offset = -10 * MINUTE;
    const startsAt = new Date(Date.now() + offset + 10 * MINUTE + 500);
    offset = 0;
    expect(
      (
        await t.call(admin, 'PUT', adminPath, {
          startsAt: startsAt.toISOString(),
          durationMinutes: 10,
          joinUrl: 'https://meet.example.com/q',
        })
      ).status,
    ).toBe(200);
    const server = await listen(t.app.fetch);
    const board = await openEvents(`${server.url}${path}/events`, subscriber);
    // Waits bounded well past the timers (0.5 s to the start, the heartbeat's interval): on Node 24 beside the
    // browser journeys, 10 s once ran out on a machine at a load average of 15.
    await until(() => board.events('session').length >= 2, 20_000);
    expect(board.events('session').map((e) => e.status)).toEqual(['scheduled', 'live']);
    await until(() => board.frames.some((f) => f.comment === 'heartbeat'), 20_000);
    expect(board.frames.some((f) => f.comment === 'heartbeat')).toBe(true);
    await board.close();
    await server.close();
  }, 60_000);
});
