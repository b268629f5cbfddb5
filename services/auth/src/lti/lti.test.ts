// Catalyst as an LTI 1.3 tool against a test LMS on a loopback port (its own keys, OIDC endpoint, token and line
// item endpoints), with auth's real Postgres: login initiation, launch checks, deep linking and grade passback.
import { generateKeyPair, createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvent, createDb, createEventOutbox, readEvents } from '@catalyst/service-kit';
import { identityHeaders } from '@catalyst/service-kit/testing';
import { sql } from 'kysely';
import {
  API_PREFIX,
  LTI_CLAIM,
  LTI_CUSTOM,
  LTI_MEDIA,
  LTI_MESSAGE,
  ltiMessages,
  type DomainEvent,
  type Identity,
} from '@catalyst/contracts';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createTestContext, fx, insertFixtures } from '../../../content/src/test-support';
import { PUBLIC_URL, createTestAuth, type TestAuth } from '../test-support';
import { createScoreSender, passbackRound, queueScores, retryDelayMs } from './grade-passback';
import { startTestPlatform, type LaunchPlan, type TestPlatform } from './test-platform';

const admin = {
  id: 'a0000000000000000000000a',
  role: 'admin',
  email: 'admin@x.test',
  name: 'Ada',
} as Identity;
const PRODUCT = '0000000000000000000e0001';
const OTHER = '0000000000000000000e0009';

let auth: TestAuth;
let lms: TestPlatform;
/** Content with its fixtures' catalogue, on a loopback port: the deep linking picker lists it. */
let content: Awaited<ReturnType<typeof createTestContext>>;
let contentServer: ServerType;

/** Calls auth as the LMS's browser reaches it through the gateway: a form post or a query. */
async function browser(method: 'GET' | 'POST', path: string, form?: Record<string, string>, cookie?: string) {
  const res = await auth.app.request(path.replace(API_PREFIX, ''), {
    method,
    headers: {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'catalyst.test',
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return {
    status: res.status,
    location: res.headers.get('location') ?? '',
    csp: res.headers.get('content-security-policy') ?? '',
    cookies: res.headers.getSetCookie(),
    text: await res.text(),
  };
}

/** The login initiation the LMS starts, then its authentication endpoint's auto-posted form: id_token and state. */
async function initiate(loginHint: string, plan: LaunchPlan, extra: Record<string, string> = {}) {
  lms.plan(loginHint, plan);
  const started = await browser(
    'GET',
    `/auth/lti/login?${new URLSearchParams({
      iss: lms.issuer,
      login_hint: loginHint,
      target_link_uri: `${PUBLIC_URL}/`,
      client_id: lms.clientId,
      lti_deployment_id: lms.deploymentId,
      lti_message_hint: `hint-${loginHint}`,
      ...extra,
    })}`,
  );
  expect(started.status, started.text).toBe(302);
  const page = await (await fetch(started.location)).text();
  const field = (name: string) => page.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '';
  return { form: { id_token: field('id_token'), state: field('state') }, authUrl: new URL(started.location) };
}

const launch = (form: Record<string, string>) => browser('POST', '/auth/lti/launch', form);
const refusal = (res: { text: string }) => (JSON.parse(res.text) as { message: string }).message;

beforeAll(async () => {
  content = await createTestContext();
  await insertFixtures(content.db);
  contentServer = serve({ fetch: content.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => contentServer.once('listening', resolve));
  const contentUrl = `http://127.0.0.1:${(contentServer.address() as AddressInfo).port}`;
  auth = await createTestAuth({ SSO_ALLOW_LOOPBACK_HTTP: 'true', CONTENT_URL: contentUrl });
  lms = await startTestPlatform({ toolJwks: () => auth.deps.lti.toolKeys.jwks() });
  const created = await auth.call('POST', '/admin/lti/platforms', {
    body: lms.registration,
    headers: identityHeaders(admin),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}, 60_000);

afterAll(async () => {
  await lms?.close();
  await auth?.close();
  contentServer?.close();
  await content?.close();
});

describe('LTI 1.3 launch', () => {
  it("signs a learner in and opens the link's course inside the LMS frame", async () => {
    const { form, authUrl } = await initiate('learner-1', {
      sub: 'lms-user-1',
      name: 'Lena Learner',
      email: 'lena@school.example',
      product: 'intro-to-react',
      lesson: 'lesson-2',
    });
    expect(authUrl.searchParams.get('lti_message_hint')).toBe('hint-learner-1');
    expect(authUrl.searchParams.get('login_hint')).toBe('learner-1');
    const res = await launch(form);
    expect(res.status, res.text).toBe(303);
    expect(res.location).toBe('/browse/premium/product/intro-to-react/lesson/lesson-2?remembered=1');
    const cookie = res.cookies.find((c) => c.startsWith('catalyst_refresh='))!;
    expect(cookie).toMatch(/SameSite=None; Secure; Partitioned/);

    // The page there restores the session from the cookie, as the framed tab does.
    const restored = await auth.call('POST', '/auth/refresh', {
      headers: { cookie: cookie.split(';')[0]!, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const user = restored.body.data.user as { _id: string; name: string; email: string };
    expect(user.name).toBe('Lena Learner');
    // An untrusted platform's e-mail claim is not taken as the account's address.
    expect(user.email).toMatch(/@lti\.invalid$/);
    // Refreshed inside the frame, the cookie stays the framed kind.
    expect(restored.cookies.find((c) => c.startsWith('catalyst_refresh='))).toMatch(/Partitioned/);

    // The same platform user launching again is the same account.
    const again = await launch((await initiate('learner-1b', { sub: 'lms-user-1' })).form);
    const second = await auth.call('POST', '/auth/refresh', {
      headers: {
        cookie: again.cookies.find((c) => c.startsWith('catalyst_refresh='))!.split(';')[0]!,
        'x-requested-with': 'XMLHttpRequest',
      },
    });
    expect(second.body.data.user._id).toBe(user._id);
    expect(again.location).toBe('/?remembered=1');
  });

  it('links to the account of the same address only once an admin trusts the platform with e-mail', async () => {
    const existing = await auth.register({ email: 'erin@school.example' });
    const userOf = async (cookies: string[]) =>
      (
        await auth.call('POST', '/auth/refresh', {
          headers: {
            cookie: cookies.find((c) => c.startsWith('catalyst_refresh='))!.split(';')[0]!,
            'x-requested-with': 'XMLHttpRequest',
          },
        })
      ).body.data.user as { _id: string };
    const untrusted = await launch((await initiate('erin-1', { sub: 'erin', email: existing.email })).form);
    expect((await userOf(untrusted.cookies))._id).not.toBe(existing.user._id);

    const [platform] = (await auth.call('GET', '/admin/lti/platforms', { headers: identityHeaders(admin) }))
      .body.data.platforms as { id: string }[];
    const trusted = await auth.call('PUT', `/admin/lti/platforms/${platform!.id}`, {
      body: { ...lms.registration, linkByEmail: true },
      headers: identityHeaders(admin),
    });
    expect(trusted.status, JSON.stringify(trusted.body)).toBe(200);
    try {
      const linked = await launch(
        (await initiate('erin-2', { sub: 'erin-at-school', email: existing.email })).form,
      );
      expect((await userOf(linked.cookies))._id).toBe(existing.user._id);
    } finally {
      await auth.call('PUT', `/admin/lti/platforms/${platform!.id}`, {
        body: lms.registration,
        headers: identityHeaders(admin),
      });
    }
  });

  it('refuses an id_token whose nonce is not the login’s', async () => {
    const { form } = await initiate('bad-nonce', {
      sub: 'u-nonce',
      tamper: (claims) => ({ ...claims, nonce: 'another-nonce' }),
    });
    const res = await launch(form);
    expect(res.status).toBe(400);
    expect(refusal(res)).toBe(
      ltiMessages.launchRefused('the id_token answers another launch (its nonce does not match)'),
    );
    expect(res.csp).toContain(`frame-ancestors 'self' ${lms.issuer}`);
  });

  it('refuses a replayed id_token, with its own state or a new one', async () => {
    const { form } = await initiate('replay', { sub: 'u-replay' });
    expect((await launch(form)).status).toBe(303);
    const replay = await launch(form);
    expect(replay.status).toBe(400);
    expect(refusal(replay)).toBe(ltiMessages.startAgain);
    const fresh = await initiate('replay-2', { sub: 'u-replay' });
    const withNewState = await launch({ id_token: form.id_token, state: fresh.form.state });
    expect(refusal(withNewState)).toMatch(/nonce does not match/);
  });

  it('refuses an id_token addressed to another client id', async () => {
    const { form } = await initiate('aud', { sub: 'u-aud', tamper: (c) => c });
    const claims = decodeJwt(form.id_token);
    const forged = await lms.idToken({ ...claims, aud: 'someone-else' });
    expect(refusal(await launch({ ...form, id_token: forged }))).toBe(
      ltiMessages.launchRefused("the id_token is not addressed to Catalyst's client id"),
    );
  });

  it('refuses a deployment that is not registered, at login and at launch', async () => {
    lms.plan('dep', { sub: 'u-dep' });
    const login = await browser(
      'GET',
      `/auth/lti/login?${new URLSearchParams({ iss: lms.issuer, login_hint: 'dep', target_link_uri: PUBLIC_URL, lti_deployment_id: 'other' })}`,
    );
    expect(login.status).toBe(400);
    const { form } = await initiate('dep', {
      sub: 'u-dep',
      tamper: (c) => ({ ...c, [LTI_CLAIM.deploymentId]: 'deployment-9' }),
    });
    expect(refusal(await launch(form))).toBe(
      ltiMessages.launchRefused('the deployment deployment-9 is not registered'),
    );
  });

  it('refuses a platform nobody registered', async () => {
    const res = await browser(
      'GET',
      `/auth/lti/login?${new URLSearchParams({ iss: 'https://lms.unknown.example', login_hint: 'x', target_link_uri: PUBLIC_URL })}`,
    );
    expect(res.status).toBe(400);
    expect(refusal(res)).toBe(ltiMessages.unknownPlatform);
  });

  it('refuses an expired id_token, and one signed with a key the platform never published', async () => {
    const { form } = await initiate('expired', {
      sub: 'u-exp',
      tamper: (c) => ({
        ...c,
        iat: Math.floor(Date.now() / 1000) - 3600,
        exp: Math.floor(Date.now() / 1000) - 600,
      }),
    });
    expect(refusal(await launch(form))).toBe(ltiMessages.launchRefused('the id_token has expired'));
    const stranger = await initiate('stranger', { sub: 'u-str' });
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await lms.idToken({ ...decodeJwt(stranger.form.id_token) }, privateKey);
    expect(refusal(await launch({ ...stranger.form, id_token: forged }))).toMatch(/signature/);
  });
});

describe('LTI Deep Linking', () => {
  it("answers the instructor's choice with a response signed by the tool's key", async () => {
    const { form } = await initiate('teacher', { sub: 'teacher-1', message: 'deep-linking' });
    const picker = await launch(form);
    expect(picker.status).toBe(200);
    const ticket = picker.text.match(/name="ticket" value="([^"]+)"/)![1]!;

    expect(picker.text).toContain('React Basics');
    expect(picker.text).toContain('type="checkbox"');

    const answer = await browser('POST', '/auth/lti/deep-link', { ticket, product: fx.react });
    expect(answer.status).toBe(200);
    expect(answer.csp).toContain(`form-action 'self' ${lms.issuer}`);
    const jwt = answer.text.match(/name="JWT" value="([^"]+)"/)![1]!;
    const { payload, protectedHeader } = await jwtVerify(
      jwt,
      createLocalJWKSet(await auth.deps.lti.toolKeys.jwks()),
      { issuer: lms.clientId, audience: lms.issuer },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload[LTI_CLAIM.messageType]).toBe(LTI_MESSAGE.deepLinkingResponse);
    expect(payload[LTI_CLAIM.deploymentId]).toBe(lms.deploymentId);
    expect(payload[LTI_CLAIM.deepLinkingData]).toBe('opaque-platform-data');
    expect(payload[LTI_CLAIM.contentItems]).toEqual([
      expect.objectContaining({
        type: 'ltiResourceLink',
        title: 'React Basics',
        custom: { [LTI_CUSTOM.product]: fx.react },
        lineItem: expect.objectContaining({ scoreMaximum: 1 }),
      }),
    ]);
    // The JWKS the platform fetches from the tool's address verifies it too.
    const jwks = JSON.parse((await browser('GET', '/auth/lti/jwks')).text) as { keys: object[] };
    await expect(jwtVerify(jwt, createLocalJWKSet(jwks as never))).resolves.toBeTruthy();
    // The picker's ticket works once.
    expect((await browser('POST', '/auth/lti/deep-link', { ticket })).status).toBe(400);
  });
});

describe('LTI grade passback', () => {
  it("posts a score to the launch's line item after progress's course.completed event, retrying a failure", async () => {
    const { form } = await initiate('graded', {
      sub: 'lms-graded',
      product: PRODUCT,
      resourceLinkId: 'link-graded',
      ags: true,
    });
    expect((await launch(form)).status).toBe(303);
    const target = await auth.db
      .selectFrom('lti_grade_targets')
      .selectAll()
      .where('resource_link_id', '=', 'link-graded')
      .executeTakeFirstOrThrow();

    // Progress's outbox, as its feed route reads it (service-kit's readEvents), in a schema of this database.
    const feed = createDb<never>({
      connectionString: auth.config.DATABASE_URL,
      schema: 'progress_feed',
      poolSize: 2,
    });
    await sql`create schema progress_feed`.execute(feed);
    await createEventOutbox(feed);
    await appendEvent(feed, { type: 'course.completed', userId: target.user_id, data: { productId: OTHER } });
    await appendEvent(feed, {
      type: 'course.completed',
      userId: target.user_id,
      data: { productId: PRODUCT },
    });
    const read = (after: string, limit: number) => readEvents(feed, after, limit);
    const sender = createScoreSender({
      db: auth.db,
      toolKeys: auth.deps.lti.toolKeys,
      log: { info: () => {}, warn: () => {} },
      allowLoopbackHttp: true,
    });

    lms.state.failScores = 1;
    // The feed shows events once no older transaction of the cluster is in flight: rounds until it is read.
    await expect
      .poll(async () => {
        await passbackRound({ db: auth.db, read, sender });
        return (await auth.db.selectFrom('lti_score_posts').selectAll().execute()).length;
      })
      .toBe(1);
    const failed = await auth.db.selectFrom('lti_score_posts').selectAll().executeTakeFirstOrThrow();
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toBe('the line item answered 503');
    expect(failed.next_at.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);
    // Its next try is due (the clock moved on); the feed read again queues nothing twice.
    await auth.db
      .updateTable('lti_score_posts')
      .set({ next_at: new Date(Date.now() - 1) })
      .execute();
    await sql`update event_cursors set seq = 0`.execute(auth.db);
    expect(await passbackRound({ db: auth.db, read, sender })).toBe(1);

    expect(lms.recorded.scores).toEqual([
      {
        lineItem: lms.lineItemUrl('link-graded'),
        contentType: LTI_MEDIA.score,
        score: expect.objectContaining({
          userId: 'lms-graded',
          scoreGiven: 1,
          scoreMaximum: 1,
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
        }),
      },
    ]);
    expect(lms.recorded.tokenRequests[0]!.assertion.iss).toBe(lms.clientId);
    expect(await passbackRound({ db: auth.db, read, sender })).toBe(0);
    await feed.destroy();
  });

  it('scores a quiz on a lesson link with its grade', async () => {
    const { form } = await initiate('quiz', {
      sub: 'lms-quiz',
      product: PRODUCT,
      lesson: 'quiz-lesson',
      resourceLinkId: 'link-quiz',
      ags: true,
    });
    await launch(form);
    const target = await auth.db
      .selectFrom('lti_grade_targets')
      .selectAll()
      .where('resource_link_id', '=', 'link-quiz')
      .executeTakeFirstOrThrow();
    const graded = {
      seq: '9',
      id: '6f1c1f0e-5c3b-4c37-9f0e-1d1f3e1a2b3c',
      type: 'quiz.graded',
      userId: target.user_id,
      occurredAt: '2026-12-06T13:00:00.000Z',
      data: { productId: PRODUCT, lessonId: 'quiz-lesson', attemptId: 'a1', score: 0.75, passed: true },
    } as DomainEvent;
    expect(await queueScores(auth.db, graded)).toBe(1);
    // The course's completion is not this lesson link's.
    expect(
      await queueScores(auth.db, {
        ...graded,
        id: '7f1c1f0e-5c3b-4c37-9f0e-1d1f3e1a2b3c',
        type: 'course.completed',
        data: { productId: PRODUCT },
      } as DomainEvent),
    ).toBe(0);
    const post = await auth.db
      .selectFrom('lti_score_posts')
      .selectAll()
      .where('target_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(post.score).toMatchObject({ userId: 'lms-quiz', scoreGiven: 0.75, comment: 'Quiz passed' });
  });
});
