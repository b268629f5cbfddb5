import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  COURSE_MESSAGES,
  PREMIUM_REQUIRED_MESSAGE,
  QUIZ_MESSAGES,
  type AdminCurriculum,
  type AdminLesson,
  type AdminQuiz,
  type AdminResource,
  type AdminSection,
  type CurriculumOutline,
  type FieldError,
  type Lesson,
  type LessonOutline,
  type LessonResource,
  type MediaAssetFacts,
  type Quiz,
  type curriculumBodySchema,
  type quizInputSchema,
} from '@catalyst/contracts';
import {
  audiencesOf,
  verifyMediaGrant,
  verifyMediaUrl,
  verifyStreamToken,
  type MediaViewer,
} from '@catalyst/service-kit';
import {
  TEST_INTERNAL_SECRET,
  identityHeaders,
  internalHeaders,
  testUsers,
} from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures, type Caller } from '../test-support';
import { MEDIA_UNREACHABLE, VIDEO_REQUIRED } from './curriculum.handlers';

let ctx: Awaited<ReturnType<typeof createTestContext>>;

// What the editor sends (questions too), and what admins and learners are shown of a quiz.
type CurriculumBody = z.input<typeof curriculumBodySchema>;
type QuestionBody = z.input<typeof quizInputSchema>['questions'][number];
type AdminOption = AdminQuiz['questions'][number]['options'][number];
type LearnerQuestion = Quiz['questions'][number];

// Media assets as the media stand-in knows them.
const asset = {
  welcome: '0000000000000000000a0001',
  frames: '0000000000000000000a0002',
  guide: '0000000000000000000a0003',
  diagram: '0000000000000000000a0004',
  slides: '0000000000000000000a0005',
  stillProcessing: '0000000000000000000a0006',
  brokenVideo: '0000000000000000000a0007',
  unknown: '0000000000000000000a00ff',
};
const facts = (
  id: string,
  kind: MediaAssetFacts['kind'],
  more: Partial<MediaAssetFacts> = {},
): MediaAssetFacts => ({
  id,
  kind,
  status: 'ready',
  originalName: 'file',
  mimeType: 'application/octet-stream',
  size: 1,
  durationSeconds: null,
  renditions: kind === 'video' ? [{ height: 360, bandwidth: 928_000 }] : [],
  hasPoster: kind === 'video',
  hasStoryboard: false,
  ...more,
});

/** SQL Window Functions (a paid webinar): one free-preview video, an article with a PDF, a video with two resources. */
const sqlCourse = (version = 0) => ({
  version,
  sections: [
    {
      title: 'Getting started',
      lessons: [
        {
          title: 'Welcome',
          kind: 'video',
          videoUrl: '/media/videos/lesson-1.mp4',
          mediaAssetId: asset.welcome,
          durationSeconds: 120,
          isFreePreview: true,
        },
        {
          title: 'What a window is',
          kind: 'article',
          durationSeconds: 300,
          body: '<h2>Frames</h2><p onclick="steal()">Rows <strong>around</strong> the current row.</p><script>alert(document.cookie)</script>',
          resources: [{ title: 'Reading guide', mediaAssetId: asset.guide }],
        },
      ],
    },
    {
      title: 'Going deeper',
      lessons: [
        {
          title: 'Window frames',
          kind: 'video',
          videoUrl: '/media/videos/lesson-2.mp4',
          mediaAssetId: asset.frames,
          resources: [
            { title: 'Frame diagram', mediaAssetId: asset.diagram },
            { title: 'Slides', mediaAssetId: asset.slides },
          ],
        },
      ],
    },
  ],
});

const call = (caller: Caller, method: string, path: string, body?: unknown) =>
  ctx.call(caller, method, path, body);
const get = (path: string, caller: Caller = 'anonymous') => call(caller, 'GET', path);
const save = (productId: string, body: unknown) =>
  ctx.admin('PUT', `/admin/products/${productId}/curriculum`, body);
const adminCurriculum = async (productId: string): Promise<AdminCurriculum> =>
  (await ctx.admin('GET', `/admin/products/${productId}/curriculum`)).body.data;
const lessonsOf = (curriculum: AdminCurriculum): AdminLesson[] =>
  curriculum.sections.flatMap((s) => s.lessons);
const rowCounts = async (productId: string) => ({
  sections: (
    await ctx.db.selectFrom('course_sections').select('id').where('product_id', '=', productId).execute()
  ).length,
  lessons: (
    await ctx.db.selectFrom('course_lessons').select('id').where('product_id', '=', productId).execute()
  ).length,
  resources: (
    await ctx.db
      .selectFrom('lesson_resources as r')
      .innerJoin('course_lessons as l', 'l.id', 'r.lesson_id')
      .select('r.id')
      .where('l.product_id', '=', productId)
      .execute()
  ).length,
});

/** A curriculum the editor sends back: what it opened, with every id, as the admin left it. */
const asBody = (curriculum: AdminCurriculum): CurriculumBody => ({
  version: curriculum.version,
  sections: curriculum.sections.map((s) => ({
    id: s.id,
    title: s.title,
    lessons: s.lessons.map((l) => ({
      ...l,
      resources: l.resources.map((r) => ({ id: r.id, title: r.title, mediaAssetId: r.mediaAssetId })),
    })),
  })),
});

let sql: AdminCurriculum;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
  ctx.billing.entitled.add(testUsers.subscriber.id);
  const known = [
    facts(asset.welcome, 'video', { durationSeconds: 121.7 }),
    facts(asset.frames, 'video', { durationSeconds: 95.4 }),
    facts(asset.guide, 'document', {
      originalName: 'reading-guide.pdf',
      mimeType: 'application/pdf',
      size: 48_213,
    }),
    facts(asset.diagram, 'image', { originalName: 'frames.png', mimeType: 'image/png', size: 9_120 }),
    facts(asset.slides, 'archive', {
      originalName: 'slides.zip',
      mimeType: 'application/zip',
      size: 1_500_000,
    }),
    facts(asset.stillProcessing, 'document', {
      status: 'processing',
      originalName: 'draft.pdf',
      mimeType: 'application/pdf',
      size: 10,
    }),
    facts(asset.brokenVideo, 'video', { status: 'failed' }),
  ];
  for (const f of known) ctx.peers.state.assets.set(f.id, f);
  const saved = await save(fx.sql, sqlCourse());
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  sql = saved.body.data;
});
afterAll(() => ctx.close());

describe('the public outline', () => {
  it('shows visitors titles, kinds, durations, free-preview flags and resource counts, never media', async () => {
    const res = await ctx.app.request('/content/products/sql-window-functions/curriculum');
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: CurriculumOutline };
    expect(data).toMatchObject({
      productId: fx.sql,
      version: 1,
      lessonCount: 3,
      durationSeconds: 120 + 300 + 95,
    });
    expect(
      data.sections.map((s) => [
        s.title,
        s.durationSeconds,
        s.lessons.map((l) => [l.title, l.kind, l.durationSeconds, l.isFreePreview, l.resourceCount]),
      ]),
    ).toEqual([
      [
        'Getting started',
        420,
        [
          ['Welcome', 'video', 120, true, 0],
          ['What a window is', 'article', 300, false, 1],
        ],
      ],
      // an uploaded video's own length (95.4 s) when the admin gave none
      ['Going deeper', 95, [['Window frames', 'video', 95, false, 2]]],
    ]);
    const text = JSON.stringify(data);
    for (const secret of ['/media', 'token', 'Rows', asset.welcome, asset.guide, 'reading-guide.pdf'])
      expect(text).not.toContain(secret);
    expect(Object.keys(data.sections[0]!.lessons[0]!).sort()).toEqual([
      'durationSeconds',
      'id',
      'isFreePreview',
      'kind',
      'resourceCount',
      'title',
    ]);
  });

  it('is the same by slug, productId and _id', async () => {
    const bySlug = (await get('/content/products/sql-window-functions/curriculum')).body;
    expect((await get('/content/products/SQL00003/curriculum')).body).toEqual(bySlug);
    expect((await get(`/content/products/${fx.sql}/curriculum`, 'subscriber')).body).toEqual(bySlug);
  });

  it('is empty for a single-video product', async () => {
    expect(await get('/content/products/modern-css-layouts/curriculum')).toEqual({
      status: 200,
      body: {
        success: true,
        data: { productId: fx.css, version: 0, lessonCount: 0, durationSeconds: 0, sections: [] },
      },
    });
  });

  it('is a 404 for an unknown or unlisted product, exactly as the product itself is', async () => {
    for (const key of ['no-such-product', 'unfinished-draft', 'retired-course', 'ghost-react']) {
      const product = await get(`/content/products/${key}`);
      expect(product).toEqual({ status: 404, body: { success: false, message: 'Product not found' } });
      expect(await get(`/content/products/${key}/curriculum`)).toEqual(product);
    }
  });

  it('may be kept by shared caches, and shows a saved edit at once though it is memoised', async () => {
    const memo = await createTestContext({ catalogCacheTtlMs: 60_000 });
    try {
      await insertFixtures(memo.db);
      for (const f of ctx.peers.state.assets.values()) memo.peers.state.assets.set(f.id, f);
      const outline = async () => {
        const res = await memo.app.request('/content/products/react-basics/curriculum');
        return {
          cacheControl: res.headers.get('cache-control'),
          data: ((await res.json()) as { data: CurriculumOutline }).data,
        };
      };
      const before = await outline();
      expect(before.cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+$/);
      expect(before.data.sections).toEqual([]);
      const saved = await memo.admin('PUT', `/admin/products/${fx.react}/curriculum`, {
        version: 0,
        sections: [
          { title: 'Only section', lessons: [{ title: 'Read me', kind: 'article', body: '<p>Hi</p>' }] },
        ],
      });
      expect(saved.status).toBe(200);
      const after = await outline();
      expect(after.data.sections.map((s) => s.title)).toEqual(['Only section']);
      expect(after.data.version).toBe(1);
    } finally {
      await memo.close();
    }
  });
});

describe('one lesson', () => {
  const lesson = (i: number) => lessonsOf(sql)[i]!;
  const lessonPath = (i: number, product = 'sql-window-functions') =>
    `/content/products/${product}/lessons/${lesson(i).id}`;

  it('opens a free-preview lesson to an anonymous visitor, with its signed video and stream', async () => {
    const res = await ctx.app.request(lessonPath(0));
    expect(res.status).toBe(200);
    // no grant for nobody: a visitor has no user to bind it to
    expect(res.headers.get('set-cookie')).toBeNull();
    const { data } = (await res.json()) as { data: Lesson };
    expect(data).toMatchObject({
      id: lesson(0).id,
      productId: fx.sql,
      sectionId: sql.sections[0]!.id,
      title: 'Welcome',
      kind: 'video',
      isFreePreview: true,
      body: null,
      resources: [],
    });
    const url = new URL(data.videoUrl!, 'http://gateway.test');
    expect(url.pathname).toBe('/media/videos/lesson-1.mp4');
    expect(
      verifyMediaUrl(
        url.pathname,
        url.searchParams.get('exp'),
        url.searchParams.get('sig'),
        TEST_INTERNAL_SECRET,
        audiencesOf(undefined),
      ),
    ).toBe(true);
    expect(data.stream!.assetId).toBe(asset.welcome);
    // signed for anyone: a visitor holds no grant, and a free preview opens to whoever may see it
    const token = new URL(data.stream!.url, 'http://gateway.test').searchParams.get('token');
    expect(verifyStreamToken(token, asset.welcome, TEST_INTERNAL_SECRET, audiencesOf(undefined))).toBe(true);
    // its captions too, by a signed address of their own: a visitor holds no media grant
    const captions = new URL(data.captionsUrl!, 'http://gateway.test');
    expect(captions.pathname).toBe('/media/captions/lesson-1.vtt');
    expect(
      verifyMediaUrl(
        captions.pathname,
        captions.searchParams.get('exp'),
        captions.searchParams.get('sig'),
        TEST_INTERNAL_SECRET,
        audiencesOf(undefined),
      ),
    ).toBe(true);
  });

  it('refuses a locked lesson to a visitor with a 401 and to a learner without the plan with the spec 403, leaking no media', async () => {
    for (const i of [1, 2]) {
      const anonymous = await ctx.app.request(lessonPath(i));
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ success: false, message: COURSE_MESSAGES.signInForLesson });
      const learner = await get(lessonPath(i), 'learner');
      expect(learner).toEqual({ status: 403, body: { success: false, message: PREMIUM_REQUIRED_MESSAGE } });
    }
    // in the language the page asks for
    const german = await ctx.app.request(lessonPath(1), { headers: { 'accept-language': 'de' } });
    expect(await german.json()).toEqual({
      success: false,
      message: 'Melde dich an, um diese Lektion zu öffnen',
    });
    const refused = await ctx.app.request(lessonPath(2), { headers: identityHeaders(testUsers.learner) });
    expect(refused.headers.get('set-cookie')).toBeNull();
  });

  it('refuses an unknown lesson exactly as a locked one until the caller may open the product, then says it is not there', async () => {
    const ghost = '0000000000000000000b00ff';
    expect((await get(`/content/products/sql-window-functions/lessons/${ghost}`)).status).toBe(401);
    expect((await get(`/content/products/sql-window-functions/lessons/${ghost}`, 'learner')).status).toBe(
      403,
    );
    expect(await get(`/content/products/sql-window-functions/lessons/${ghost}`, 'subscriber')).toEqual({
      status: 404,
      body: { success: false, message: COURSE_MESSAGES.lessonNotFound },
    });
    // a lesson of another product is not a lesson of this one
    expect(
      (await get(`/content/products/modern-css-layouts/lessons/${lesson(2).id}`, 'subscriber')).status,
    ).toBe(404);
    expect(
      (await get(`/content/products/no-such-product/lessons/${lesson(2).id}`, 'subscriber')).body.message,
    ).toBe('Product not found');
    expect((await get('/content/products/sql-window-functions/lessons/not-an-id', 'subscriber')).status).toBe(
      400,
    );
  });

  it('gives a member the signed video, the stream and resources with signed, expiring download links named after their files', async () => {
    const res = await ctx.app.request(lessonPath(2), { headers: identityHeaders(testUsers.subscriber) });
    expect(res.status).toBe(200);
    // the member's own grant, made with their plan active, on both media paths
    const member: MediaViewer = { userId: testUsers.subscriber.id, access: 'plan' };
    const cookies = res.headers.getSetCookie();
    expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1])).toEqual(['/media', '/api/v1/media']);
    expect(verifyMediaGrant(cookies[0]!.split(';')[0]!.split('=')[1], TEST_INTERNAL_SECRET)).toEqual(member);
    const { data } = (await res.json()) as { data: Lesson };
    const video = new URL(data.videoUrl!, 'http://gateway.test');
    expect(video.pathname).toBe('/media/videos/lesson-2.mp4');
    const sees = (viewer: MediaViewer | undefined) =>
      verifyMediaUrl(
        video.pathname,
        video.searchParams.get('exp'),
        video.searchParams.get('sig'),
        TEST_INTERNAL_SECRET,
        audiencesOf(viewer),
      );
    // signed for the member: no visitor, no other account, and not their own grant made without the plan
    expect([
      sees(member),
      sees(undefined),
      sees({ userId: testUsers.learner.id, access: 'free' }),
      sees({ userId: member.userId, access: 'free' }),
    ]).toEqual([true, false, false, false]);
    // a locked lesson's captions open with the video's own signed address: none of their own
    expect(data.captionsUrl).toBeNull();
    expect(data.stream!.assetId).toBe(asset.frames);
    expect(data.resources.map((r) => [r.title, r.fileName, r.mimeType, r.size])).toEqual([
      ['Frame diagram', 'frames.png', 'image/png', 9_120],
      ['Slides', 'slides.zip', 'application/zip', 1_500_000],
    ]);
    for (const [r, id] of [
      [data.resources[0]!, asset.diagram],
      [data.resources[1]!, asset.slides],
    ] as const) {
      const url = new URL(r.url, 'http://gateway.test');
      const token = url.searchParams.get('token')!;
      expect(r.url).toBe(`/api/v1/media/downloads/${id}?token=${token}`);
      expect(verifyStreamToken(token, id, TEST_INTERNAL_SECRET, audiencesOf(member))).toBe(true);
      // bound to its asset and viewer, and expiring within the stream token's lifetime
      expect(verifyStreamToken(token, asset.guide, TEST_INTERNAL_SECRET, audiencesOf(member))).toBe(false);
      expect(verifyStreamToken(token, id, TEST_INTERNAL_SECRET, audiencesOf(undefined))).toBe(false);
      expect(
        verifyStreamToken(
          token,
          id,
          TEST_INTERNAL_SECRET,
          audiencesOf({ ...member, userId: testUsers.learner.id }),
        ),
      ).toBe(false);
      const expiresIn = Number(token.split('.')[0]) * 1000 - Date.now();
      expect(expiresIn).toBeGreaterThan(25 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(35 * 60_000);
      expect(
        verifyStreamToken(token, id, TEST_INTERNAL_SECRET, audiencesOf(member), Date.now() + 36 * 60_000),
      ).toBe(false);
    }
  });

  it("serves an article's sanitised body (script and handlers gone) with its resources", async () => {
    const { status, body } = await get(lessonPath(1), 'subscriber');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ kind: 'article', videoUrl: null, stream: null });
    expect(body.data.body).toBe('<h2>Frames</h2><p>Rows <strong>around</strong> the current row.</p>');
    expect(body.data.resources.map((r: LessonResource) => r.fileName)).toEqual(['reading-guide.pdf']);
  });

  it('opens every lesson of a free product to any signed-in user, but not to visitors unless it is a free preview', async () => {
    const saved = await save(fx.react, {
      version: 0,
      sections: [
        {
          title: 'Basics',
          lessons: [{ title: 'Hooks', kind: 'video', videoUrl: '/media/videos/lesson-3.mp4' }],
        },
      ],
    });
    const id = saved.body.data.sections[0].lessons[0].id;
    expect((await get(`/content/products/react-basics/lessons/${id}`, 'learner')).status).toBe(200);
    expect((await get(`/content/products/react-basics/lessons/${id}`)).status).toBe(401);
  });

  it('shows admins the lessons of drafts, and nobody else', async () => {
    const saved = await save(fx.draft, {
      version: 0,
      sections: [
        {
          title: 'Draft section',
          lessons: [{ title: 'Draft lesson', kind: 'article', body: '<p>Soon</p>', isFreePreview: true }],
        },
      ],
    });
    const id = saved.body.data.sections[0].lessons[0].id;
    expect((await get(`/content/products/${fx.draft}/lessons/${id}`, 'admin')).body.data.body).toBe(
      '<p>Soon</p>',
    );
    expect((await get(`/content/products/${fx.draft}/lessons/${id}`, 'subscriber')).status).toBe(404);
    // a free preview of a product nobody may see is no free preview
    expect((await get(`/content/products/${fx.draft}/lessons/${id}`)).status).toBe(401);
    expect((await get(`/content/products/${fx.draft}/curriculum`)).status).toBe(404);
  });
});

describe("the admin's editor", () => {
  it('is for admins only', async () => {
    expect((await get(`/admin/products/${fx.sql}/curriculum`)).status).toBe(401);
    expect((await get(`/admin/products/${fx.sql}/curriculum`, 'subscriber')).status).toBe(403);
    expect(
      (await call('subscriber', 'PUT', `/admin/products/${fx.sql}/curriculum`, sqlCourse(1))).status,
    ).toBe(403);
    expect(await ctx.admin('GET', '/admin/products/0000000000000000000e00ff/curriculum')).toEqual({
      status: 404,
      body: { success: false, message: 'Product not found' },
    });
    expect((await save('0000000000000000000e00ff', sqlCourse())).status).toBe(404);
  });

  it('opens a single-video product with an empty curriculum at version 0', async () => {
    expect(await adminCurriculum(fx.css)).toEqual({
      productId: fx.css,
      version: 0,
      durationSeconds: 0,
      sections: [],
    });
  });

  it('gives new items ids, sanitises articles, copies each file from media and sets the product duration', async () => {
    expect(sql.version).toBe(1);
    const ids = [
      ...sql.sections.map((s) => s.id),
      ...lessonsOf(sql).map((l) => l.id),
      ...lessonsOf(sql).flatMap((l) => l.resources.map((r) => r.id)),
    ];
    expect(ids).toHaveLength(2 + 3 + 3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(lessonsOf(sql)[1]!.body).not.toContain('script');
    expect(lessonsOf(sql)[1]!.resources[0]).toMatchObject({
      title: 'Reading guide',
      mediaAssetId: asset.guide,
      fileName: 'reading-guide.pdf',
      mimeType: 'application/pdf',
      size: 48_213,
    });
    expect(sql.durationSeconds).toBe(515);
    expect(await adminCurriculum(fx.sql)).toEqual(sql);
    // 515 seconds are 9 whole minutes on the catalogue
    expect((await get('/content/products/sql-window-functions')).body.data.duration).toBe(9);
  });

  it('answers the saved curriculum with its message', async () => {
    const current = await adminCurriculum(fx.react);
    const res = await save(fx.react, asBody(current));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(COURSE_MESSAGES.savedCurriculum);
    expect(res.body.data).toEqual({ ...current, version: current.version + 1 });
  });

  it('reorders, renames, moves and deletes in one save, keeping the ids of what stays', async () => {
    const before = await adminCurriculum(fx.sql);
    const [start, deeper] = before.sections;
    const [welcome, reading] = start!.lessons;
    const [frames] = deeper!.lessons;
    // Going deeper first, renamed; the article moves into it above Window frames, which loses its slides;
    // Getting started (with Welcome) is deleted; a new section is added at the end.
    const body = asBody(before);
    const [startBody, deeperBody] = body.sections;
    const framesBody = {
      ...deeperBody!.lessons[0]!,
      resources: deeperBody!.lessons[0]!.resources!.slice(0, 1),
    };
    body.sections = [
      {
        ...deeperBody,
        title: 'Going deeper, properly',
        lessons: [{ ...startBody!.lessons[1]!, title: 'What a window really is' }, framesBody],
      },
      {
        title: 'Wrapping up',
        lessons: [{ title: 'Summary', kind: 'article', body: '<p>Done.</p>', durationSeconds: 60 }],
      },
    ];
    const res = await save(fx.sql, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body.data;
    expect(after.version).toBe(before.version + 1);
    expect(after.sections.map((s: AdminSection) => s.title)).toEqual([
      'Going deeper, properly',
      'Wrapping up',
    ]);
    expect(after.sections[0].id).toBe(deeper!.id);
    expect(after.sections[0].lessons.map((l: AdminLesson) => [l.id, l.title])).toEqual([
      [reading!.id, 'What a window really is'],
      [frames!.id, 'Window frames'],
    ]);
    // the moved article keeps its resource, Window frames keeps only its diagram
    expect(after.sections[0].lessons[0].resources.map((r: AdminResource) => r.id)).toEqual([
      reading!.resources[0]!.id,
    ]);
    expect(after.sections[0].lessons[1].resources.map((r: AdminResource) => r.id)).toEqual([
      frames!.resources[0]!.id,
    ]);
    expect(await rowCounts(fx.sql)).toEqual({ sections: 2, lessons: 3, resources: 2 });
    expect(
      await ctx.db.selectFrom('course_lessons').select('id').where('id', '=', welcome!.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await ctx.db.selectFrom('course_sections').select('id').where('id', '=', start!.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await adminCurriculum(fx.sql)).toEqual(after);
    // the public outline follows: 300 + 95 + 60 seconds
    expect((await get('/content/products/sql-window-functions/curriculum')).body.data).toMatchObject({
      version: after.version,
      lessonCount: 3,
      durationSeconds: 455,
    });
    expect((await get('/content/products/sql-window-functions')).body.data.duration).toBe(8);
  });

  it('refuses a save against an older version with a 409 and changes nothing', async () => {
    const current = await adminCurriculum(fx.sql);
    const stale = { ...asBody(current), version: current.version - 1, sections: [] };
    expect(await save(fx.sql, stale)).toEqual({
      status: 409,
      body: {
        success: false,
        message: COURSE_MESSAGES.versionConflict,
        errors: [{ field: 'version', message: COURSE_MESSAGES.versionConflict }],
      },
    });
    expect(await adminCurriculum(fx.sql)).toEqual(current);
  });

  it('lets exactly one of two admins saving the same version win', async () => {
    const current = await adminCurriculum(fx.sql);
    const mine = asBody(current);
    mine.sections[0]!.title = 'Mine';
    const theirs = asBody(current);
    theirs.sections[0]!.title = 'Theirs';
    const results = await Promise.all([save(fx.sql, mine), save(fx.sql, theirs)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body.data;
    expect(await adminCurriculum(fx.sql)).toEqual(winner);
    expect(winner.version).toBe(current.version + 1);
  });

  it('writes nothing when a check fails half-way through a save', async () => {
    const current = await adminCurriculum(fx.sql);
    const counts = await rowCounts(fx.sql);
    const body = asBody(current);
    // the first section renamed and a new lesson added before it: fine; the last resource is not in media
    body.sections[0]!.title = 'Renamed, but never saved';
    body.sections[0]!.lessons.unshift({ title: 'New and never saved', kind: 'article', body: '<p>x</p>' });
    body.sections[0]!.lessons[2]!.resources!.push({ title: 'Missing file', mediaAssetId: asset.unknown });
    const res = await save(fx.sql, body);
    expect(res).toEqual({
      status: 400,
      body: {
        success: false,
        message: COURSE_MESSAGES.assetUnknown,
        errors: [
          { field: 'sections.0.lessons.2.resources.1.mediaAssetId', message: COURSE_MESSAGES.assetUnknown },
        ],
      },
    });
    expect(await adminCurriculum(fx.sql)).toEqual(current);
    expect(await rowCounts(fx.sql)).toEqual(counts);
  });

  it('answers 503 and writes nothing when media cannot be asked', async () => {
    const current = await adminCurriculum(fx.sql);
    ctx.peers.state.down.add('media');
    try {
      const body = asBody(current);
      body.sections[0]!.title = 'Never saved';
      expect(await save(fx.sql, body)).toEqual({
        status: 503,
        body: { success: false, message: MEDIA_UNREACHABLE },
      });
    } finally {
      ctx.peers.state.down.delete('media');
    }
    expect(await adminCurriculum(fx.sql)).toEqual(current);
  });

  describe('refuses bad input with a 400 in the one error shape, changing nothing', () => {
    const oneLesson = (lesson: Record<string, unknown>) => ({
      sections: [
        {
          title: 'S',
          lessons: [{ title: 'L', kind: 'video', videoUrl: '/media/videos/lesson-1.mp4', ...lesson }],
        },
      ],
    });
    const cases: Array<[string, () => Promise<object>, string, string?]> = [
      [
        'an asset media does not know as the video',
        async () => oneLesson({ mediaAssetId: asset.unknown }),
        COURSE_MESSAGES.assetUnknown,
        'sections.0.lessons.0.mediaAssetId',
      ],
      [
        'a PDF as the video',
        async () => oneLesson({ mediaAssetId: asset.guide }),
        COURSE_MESSAGES.videoNotPlayable,
        'sections.0.lessons.0.mediaAssetId',
      ],
      [
        'a video whose processing failed',
        async () => oneLesson({ mediaAssetId: asset.brokenVideo }),
        COURSE_MESSAGES.videoNotPlayable,
        'sections.0.lessons.0.mediaAssetId',
      ],
      [
        'a video as a resource',
        async () => oneLesson({ resources: [{ title: 'R', mediaAssetId: asset.frames }] }),
        COURSE_MESSAGES.resourceNotDownloadable,
        'sections.0.lessons.0.resources.0.mediaAssetId',
      ],
      [
        'a resource still processing',
        async () => oneLesson({ resources: [{ title: 'R', mediaAssetId: asset.stillProcessing }] }),
        COURSE_MESSAGES.resourceNotDownloadable,
        'sections.0.lessons.0.resources.0.mediaAssetId',
      ],
      [
        'an unknown resource file',
        async () => oneLesson({ resources: [{ title: 'R', mediaAssetId: asset.unknown }] }),
        COURSE_MESSAGES.assetUnknown,
        'sections.0.lessons.0.resources.0.mediaAssetId',
      ],
      [
        'a video lesson without a video',
        async () => oneLesson({ videoUrl: null }),
        VIDEO_REQUIRED,
        'sections.0.lessons.0.videoUrl',
      ],
      [
        'an unknown kind',
        async () => oneLesson({ kind: 'podcast' }),
        'Lesson kind must be one of: video, article, quiz',
        'sections.0.lessons.0.kind',
      ],
      [
        'a blank lesson title',
        async () => oneLesson({ title: '  ' }),
        'Lesson title is required',
        'sections.0.lessons.0.title',
      ],
      [
        'a negative duration',
        async () => oneLesson({ durationSeconds: -5 }),
        'Duration cannot be negative',
        'sections.0.lessons.0.durationSeconds',
      ],
      [
        'the same id twice',
        async () => {
          const id = lessonsOf(await adminCurriculum(fx.sql))[0]!.id;
          return {
            sections: [
              {
                title: 'S',
                lessons: [
                  { id, title: 'A', kind: 'article' },
                  { id, title: 'B', kind: 'article' },
                ],
              },
            ],
          };
        },
        'appears twice',
      ],
      [
        "another product's lesson id",
        async () => {
          const reactLesson = lessonsOf(await adminCurriculum(fx.react))[0]!.id;
          return {
            sections: [{ title: 'S', lessons: [{ id: reactLesson, title: 'Stolen', kind: 'article' }] }],
          };
        },
        'is not part of this curriculum',
        'sections.0.lessons.0.id',
      ],
      [
        'a section id given as a lesson id',
        async () => {
          const sectionId = (await adminCurriculum(fx.sql)).sections[0]!.id;
          return {
            sections: [{ title: 'S', lessons: [{ id: sectionId, title: 'Confused', kind: 'article' }] }],
          };
        },
        `Lesson`,
        'sections.0.lessons.0.id',
      ],
      [
        'an id that names nothing',
        async () => ({ sections: [{ id: '0000000000000000000c00ff', title: 'S', lessons: [] }] }),
        'is not part of this curriculum',
        'sections.0.id',
      ],
    ];
    it('refuses a save without a version', async () => {
      const res = await save(fx.sql, { sections: [] });
      expect(res).toEqual({
        status: 400,
        body: {
          success: false,
          message: 'Version is required',
          errors: [{ field: 'version', message: 'Version is required' }],
        },
      });
    });
    for (const [what, make, message, field] of cases) {
      it(`refuses ${what}`, async () => {
        const current = await adminCurriculum(fx.sql);
        const made = await make();
        const res = await save(fx.sql, { ...made, version: current.version });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toContain(message);
        if (field) expect(res.body.errors.map((e: FieldError) => e.field)).toContain(field);
        expect(await adminCurriculum(fx.sql)).toEqual(current);
      });
    }
  });

  it("removes a product's curriculum with the product", async () => {
    expect((await rowCounts(fx.sql)).lessons).toBeGreaterThan(0);
    expect((await ctx.admin('DELETE', `/admin/products/${fx.sql}`)).status).toBe(200);
    expect(await rowCounts(fx.sql)).toEqual({ sections: 0, lessons: 0, resources: 0 });
  });
});

describe('internal routes for peers', () => {
  const internal = async (path: string, init: RequestInit = {}) => {
    const res = await ctx.app.request(path, {
      ...init,
      headers: { 'content-type': 'application/json', ...internalHeaders() },
    });
    return { status: res.status, body: await res.json() };
  };

  it("gives progress a course's lessons in order, drafts included, and none for a single-video product", async () => {
    const course = await adminCurriculum(fx.react);
    const { body } = await internal('/internal/products/react-basics/lessons');
    expect(body.data).toEqual({
      productId: fx.react,
      lessons: lessonsOf(course).map((l) => ({
        id: l.id,
        title: l.title,
        durationSeconds: l.durationSeconds,
        isFreePreview: l.isFreePreview,
        kind: l.kind,
      })),
    });
    expect((await internal(`/internal/products/${fx.draft}/lessons`)).body.data.lessons).toHaveLength(1);
    expect((await internal('/internal/products/modern-css-layouts/lessons')).body.data).toEqual({
      productId: fx.css,
      lessons: [],
    });
    expect((await internal('/internal/products/no-such-product/lessons')).status).toBe(404);
    expect((await ctx.app.request('/internal/products/react-basics/lessons')).status).toBe(404);
  });

  it("tells media which products' lessons and resources use an asset, so it refuses to delete them", async () => {
    await ctx.db
      .updateTable('products')
      .set({ media_asset_id: asset.slides })
      .where('id', '=', fx.css)
      .execute();
    await save(fx.pandas, {
      version: 0,
      sections: [
        {
          title: 'S',
          lessons: [
            {
              title: 'V',
              kind: 'video',
              mediaAssetId: asset.welcome,
              resources: [{ title: 'Slides', mediaAssetId: asset.slides }],
            },
            {
              title: 'W',
              kind: 'video',
              mediaAssetId: asset.welcome,
              resources: [{ title: 'Guide', mediaAssetId: asset.guide }],
            },
          ],
        },
      ],
    });
    const { body } = await internal('/internal/media-usage', {
      method: 'POST',
      body: JSON.stringify({ assetIds: [asset.welcome, asset.slides, asset.guide, asset.unknown] }),
    });
    const pandas = { _id: fx.pandas, title: 'Pandas for Analysts', slug: 'pandas-for-analysts' };
    expect(body.data).toEqual({
      [asset.welcome]: [pandas],
      [asset.slides]: [{ _id: fx.css, title: 'Modern CSS Layouts', slug: 'modern-css-layouts' }, pandas],
      [asset.guide]: [pandas],
    });
  });
});

describe('quiz lessons', () => {
  const tracks = {
    kind: 'single',
    prompt: 'Which property sets the column tracks of a grid?',
    options: [
      { text: 'grid-template-columns', isCorrect: true },
      { text: 'grid-column' },
      { text: 'column-count' },
    ],
    explanation: 'grid-template-columns defines the tracks.',
  } satisfies QuestionBody;
  const gaps = {
    kind: 'multiple',
    prompt: 'Which of these put space between tracks?',
    options: [{ text: 'gap', isCorrect: true }, { text: 'column-gap', isCorrect: true }, { text: 'padding' }],
  } satisfies QuestionBody;
  const fr = {
    kind: 'true-false',
    prompt: 'The fr unit shares out the free space.',
    options: [{ text: 'True', isCorrect: true }, { text: 'False' }],
    explanation: 'Only the space left after fixed tracks.',
  } satisfies QuestionBody;
  /** Modern CSS Layouts (paid): an article carrying a stray quiz, a locked quiz carrying stray video and article fields, a free-preview quiz. */
  const layoutsCourse = (version: number) => ({
    version,
    sections: [
      {
        title: 'Layouts',
        lessons: [
          {
            title: 'Read first',
            kind: 'article',
            body: '<p>Grid</p>',
            durationSeconds: 240,
            quiz: { questions: [tracks] },
          },
          {
            title: 'Check yourself',
            kind: 'quiz',
            durationSeconds: 180,
            videoUrl: '/media/videos/lesson-1.mp4',
            body: '<p>stray</p>',
            quiz: { passPercent: 60, questions: [tracks, gaps, fr] },
          },
          { title: 'Warm-up quiz', kind: 'quiz', isFreePreview: true, quiz: { questions: [fr] } },
        ],
      },
    ],
  });
  const answersOf = (text: string) =>
    ['isCorrect', 'explanation', 'grid-template-columns defines', 'Only the space left'].filter((secret) =>
      text.includes(secret),
    );
  let layouts: AdminCurriculum;
  beforeAll(async () => {
    const saved = await save(fx.css, layoutsCourse((await adminCurriculum(fx.css)).version));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    layouts = saved.body.data;
  });
  const quizLesson = () => lessonsOf(layouts)[1]!;

  it("keeps a quiz lesson's questions with their answers, explanations and pass mark for the admin, every question and option with its own id", async () => {
    const [article, quiz, warmUp] = lessonsOf(layouts);
    expect(quiz).toMatchObject({
      kind: 'quiz',
      durationSeconds: 180,
      videoUrl: null,
      mediaAssetId: null,
      body: null,
    });
    expect(quiz!.quiz!.passPercent).toBe(60);
    expect(
      quiz!.quiz!.questions.map((q) => [
        q.kind,
        q.prompt,
        q.explanation,
        q.options.map((o) => [o.text, o.isCorrect]),
      ]),
    ).toEqual([
      [
        'single',
        tracks.prompt,
        tracks.explanation,
        [
          ['grid-template-columns', true],
          ['grid-column', false],
          ['column-count', false],
        ],
      ],
      [
        'multiple',
        gaps.prompt,
        null,
        [
          ['gap', true],
          ['column-gap', true],
          ['padding', false],
        ],
      ],
      [
        'true-false',
        fr.prompt,
        fr.explanation,
        [
          ['True', true],
          ['False', false],
        ],
      ],
    ]);
    const ids = quiz!.quiz!.questions.flatMap((q) => [q.id, ...q.options.map((o) => o.id)]);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // the pass mark defaults to 70%; an article's stray quiz is dropped
    expect(warmUp!.quiz!.passPercent).toBe(70);
    expect(article).toMatchObject({ kind: 'article', body: '<p>Grid</p>', quiz: null });
    expect(await adminCurriculum(fx.css)).toEqual(layouts);
    // the lessons that are no quiz answer null
    const react = lessonsOf(await adminCurriculum(fx.react));
    expect(react.length).toBeGreaterThan(0);
    expect(react.map((l) => l.quiz)).toEqual(react.map(() => null));
  });

  it('keeps the ids of questions and options across saves, gives new ones new ids, and forgets removed ones', async () => {
    const before = await adminCurriculum(fx.css);
    const body = asBody(before);
    const [tracksQ, gapsQ, frQ] = before.sections[0]!.lessons[1]!.quiz!.questions;
    // fr moves first, tracks gains an option, gaps goes, a new question comes last
    const tracksBody = {
      ...tracksQ!,
      options: [...tracksQ!.options, { text: 'grid-auto-flow', isCorrect: false }],
    };
    body.sections[0]!.lessons[1]!.quiz = {
      passPercent: 80,
      questions: [frQ!, tracksBody, { ...gaps, prompt: 'Which are grid properties?' }],
    };
    const res = await save(fx.css, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body.data.sections[0].lessons[1].quiz;
    expect(after.passPercent).toBe(80);
    expect(after.questions[0]).toEqual(frQ);
    expect(after.questions[1].id).toBe(tracksQ!.id);
    expect(after.questions[1].options.slice(0, 3)).toEqual(tracksQ!.options);
    const newIds = [
      after.questions[1].options[3].id,
      after.questions[2].id,
      ...after.questions[2].options.map((o: AdminOption) => o.id),
    ];
    const oldIds = [
      gapsQ!.id,
      ...gapsQ!.options.map((o) => o.id),
      ...before.sections[0]!.lessons.flatMap(
        (l) => l.quiz?.questions.flatMap((q) => [q.id, ...q.options.map((o) => o.id)]) ?? [],
      ),
    ];
    for (const id of newIds) {
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      expect(oldIds).not.toContain(id);
    }
    // a removed question's id names nothing any more: keeping it is refused
    const stale = structuredClone(asBody(res.body.data));
    stale.sections[0]!.lessons[1]!.quiz!.questions[2]!.id = gapsQ!.id;
    expect((await save(fx.css, stale)).body.errors).toEqual([
      {
        field: 'sections.0.lessons.1.quiz.questions.2.id',
        message: `Question ${gapsQ!.id} is not part of this curriculum`,
      },
    ]);
    // in the admin's language, the id inside
    const german = await ctx.app.request(`/admin/products/${fx.css}/curriculum`, {
      method: 'PUT',
      headers: {
        ...identityHeaders(testUsers.admin),
        'content-type': 'application/json',
        'accept-language': 'de',
      },
      body: JSON.stringify(stale),
    });
    expect(((await german.json()) as { message: string }).message).toBe(
      `Die Frage ${gapsQ!.id} gehört nicht zu diesem Lehrplan`,
    );
    layouts = res.body.data;
  });

  it("gives a learner who may open the quiz its questions and options without answers or explanations, under the lesson's access rule", async () => {
    const path = `/content/products/modern-css-layouts/lessons/${quizLesson().id}`;
    expect(await get(path)).toEqual({
      status: 401,
      body: { success: false, message: COURSE_MESSAGES.signInForLesson },
    });
    expect(await get(path, 'learner')).toEqual({
      status: 403,
      body: { success: false, message: PREMIUM_REQUIRED_MESSAGE },
    });
    const { status, body } = await get(path, 'subscriber');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ kind: 'quiz', videoUrl: null, stream: null, body: null });
    expect(body.data.quiz).toEqual({
      passPercent: quizLesson().quiz!.passPercent,
      questions: quizLesson().quiz!.questions.map((q) => ({
        id: q.id,
        kind: q.kind,
        prompt: q.prompt,
        options: q.options.map((o) => ({ id: o.id, text: o.text })),
      })),
    });
    expect(answersOf(JSON.stringify(body))).toEqual([]);
    // a free-preview quiz opens to a visitor, with nothing of its answers either
    const warmUp = await get(`/content/products/modern-css-layouts/lessons/${lessonsOf(layouts)[2]!.id}`);
    expect(warmUp.status).toBe(200);
    expect(warmUp.body.data.quiz.questions.map((q: LearnerQuestion) => q.options.map((o) => o.text))).toEqual(
      [['True', 'False']],
    );
    expect(answersOf(JSON.stringify(warmUp.body))).toEqual([]);
    // the outline says a lesson is a quiz, and nothing of it
    const outline = await get('/content/products/modern-css-layouts/curriculum');
    expect(outline.body.data.sections[0].lessons.map((l: LessonOutline) => l.kind)).toEqual([
      'article',
      'quiz',
      'quiz',
    ]);
    expect(JSON.stringify(outline.body)).not.toContain(fr.prompt);
  });

  it("refuses another product's question ids as kept ids", async () => {
    const body = structuredClone(asBody(await adminCurriculum(fx.react)));
    const foreign = quizLesson().quiz!.questions[0]!;
    body.sections[0]!.lessons.push({ title: 'Borrowed', kind: 'quiz', quiz: { questions: [foreign] } });
    const res = await save(fx.react, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: FieldError) => e.field)).toEqual([
      `sections.0.lessons.${body.sections[0]!.lessons.length - 1}.quiz.questions.0.id`,
      ...foreign.options.map(
        (_, o) =>
          `sections.0.lessons.${body.sections[0]!.lessons.length - 1}.quiz.questions.0.options.${o}.id`,
      ),
    ]);
  });

  describe('refuses a bad quiz with a 400 naming the field, changing nothing', () => {
    const at = 'sections.0.lessons.1';
    const withQuiz = (quiz: unknown, lesson: Record<string, unknown> = {}) => {
      const body: { sections: Array<{ lessons: Array<Record<string, unknown>> }> } = structuredClone(
        asBody(layouts),
      );
      body.sections[0]!.lessons[1] = { ...body.sections[0]!.lessons[1], quiz, ...lesson };
      return body;
    };
    const cases: Array<[string, () => unknown, string, string]> = [
      ['a quiz lesson without a quiz', () => withQuiz(null), QUIZ_MESSAGES.quizRequired, `${at}.quiz`],
      [
        'a quiz without questions',
        () => withQuiz({ questions: [] }),
        QUIZ_MESSAGES.quizRequired,
        `${at}.quiz.questions`,
      ],
      [
        'a true/false question whose options are not True and False',
        () =>
          withQuiz({ questions: [{ ...fr, options: [{ text: 'Yes', isCorrect: true }, { text: 'No' }] }] }),
        QUIZ_MESSAGES.trueFalseOptions,
        `${at}.quiz.questions.0.options`,
      ],
      [
        'a true/false question with three options',
        () => withQuiz({ questions: [{ ...fr, options: [...fr.options, { text: 'Maybe' }] }] }),
        QUIZ_MESSAGES.trueFalseOptions,
        `${at}.quiz.questions.0.options`,
      ],
      [
        'a single-choice question with two correct options',
        () =>
          withQuiz({
            questions: [
              {
                ...tracks,
                options: [
                  { text: 'a', isCorrect: true },
                  { text: 'b', isCorrect: true },
                ],
              },
            ],
          }),
        QUIZ_MESSAGES.oneCorrect,
        `${at}.quiz.questions.0.options`,
      ],
      [
        'a single-choice question with no correct option',
        () => withQuiz({ questions: [{ ...tracks, options: [{ text: 'a' }, { text: 'b' }] }] }),
        QUIZ_MESSAGES.oneCorrect,
        `${at}.quiz.questions.0.options`,
      ],
      [
        'a multiple-choice question with no correct option',
        () => withQuiz({ questions: [{ ...gaps, options: [{ text: 'a' }, { text: 'b' }] }] }),
        QUIZ_MESSAGES.someCorrect,
        `${at}.quiz.questions.0.options`,
      ],
      [
        'a question with one option',
        () => withQuiz({ questions: [{ ...tracks, options: [{ text: 'a', isCorrect: true }] }] }),
        'A question needs at least two options',
        `${at}.quiz.questions.0.options`,
      ],
      [
        'a blank option',
        () =>
          withQuiz({
            questions: [tracks, { ...gaps, options: [{ text: 'a', isCorrect: true }, { text: '  ' }] }],
          }),
        'Option text is required',
        `${at}.quiz.questions.1.options.1.text`,
      ],
      [
        'a blank question',
        () => withQuiz({ questions: [{ ...tracks, prompt: '' }] }),
        'Question is required',
        `${at}.quiz.questions.0.prompt`,
      ],
      [
        'an unknown question kind',
        () => withQuiz({ questions: [{ ...tracks, kind: 'essay' }] }),
        'Question kind must be one of',
        `${at}.quiz.questions.0.kind`,
      ],
      [
        'a pass mark of 0%',
        () => withQuiz({ passPercent: 0, questions: [tracks] }),
        'Pass mark must be a whole percent from 1 to 100',
        `${at}.quiz.passPercent`,
      ],
      [
        'a pass mark over 100%',
        () => withQuiz({ passPercent: 101, questions: [tracks] }),
        'Pass mark must be a whole percent from 1 to 100',
        `${at}.quiz.passPercent`,
      ],
      [
        'a correct flag that is not a boolean',
        () =>
          withQuiz({ questions: [{ ...tracks, options: [{ text: 'a', isCorrect: 'yes' }, { text: 'b' }] }] }),
        'Correct must be true or false',
        `${at}.quiz.questions.0.options.0.isCorrect`,
      ],
    ];
    for (const [what, make, message, field] of cases) {
      it(`refuses ${what}`, async () => {
        const current = await adminCurriculum(fx.css);
        const res = await save(fx.css, make());
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.success).toBe(false);
        expect(
          res.body.errors.find((e: FieldError) => e.field === field)?.message,
          JSON.stringify(res.body.errors),
        ).toContain(message);
        expect(await adminCurriculum(fx.css)).toEqual(current);
      });
    }
  });
});
