/**
 * Courses' curricula (issue 18): locked lessons refused to visitors and learners with nothing of them in the
 * refusal, an outline that never carries media, another course's lesson ids under a course's address,
 * resource download links forged, stretched or moved to another file, another user's lesson progress, an
 * admin's curriculum with markup in every text (sanitised on save, rendered as text), and bodies too large
 * or too many (a 4xx, never a 5xx).
 */
import { createHmac } from 'node:crypto';
import {
  COURSE_MESSAGES,
  CURRICULUM_LIMITS,
  MEDIA_MESSAGES,
  PREMIUM_REQUIRED_MESSAGE,
  type AdminCurriculum,
  type CourseProgress,
  type Lesson,
  type PublicProduct,
} from '@catalyst/contracts';
import { signStreamToken } from '@catalyst/service-kit';
import { DEMO_COURSES, DEMO_MEMBER_COURSE, demoLessonId } from '@catalyst/demo';
import { launchTestChromium } from '../../scripts/lib/chromium';
import {
  DEMO_COURSE,
  demoCourse,
  demoResource,
  demoStream,
  describe,
  expectNoScriptRuns,
  isErrorShape,
  sleep,
  xssMark as mark,
  type Res,
  type Suite,
} from './harness';

/** Anything of a lesson's media or content in an answer: addresses, stream and download links, article HTML. */
const MEDIA_TRACE = /videoUrl|"stream"|"resources"|"body"|\/media\/|token=|\.mp4|\.m3u8|\.pdf/i;
/** The keys an outline may have: what a lesson is and how long, never its media. */
const OUTLINE_KEYS = new Set([
  'productId',
  'version',
  'lessonCount',
  'durationSeconds',
  'sections',
  'id',
  'title',
  'lessons',
  'kind',
  'isFreePreview',
  'resourceCount',
]);

function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

export async function curriculumAttacks(suite: Suite) {
  const f = suite.fixtures;
  const course = await demoCourse(suite, DEMO_COURSE.slug);
  const demo = DEMO_COURSES.find((c) => c.slug === DEMO_COURSE.slug)!;
  const lessonsOf = (slug: string) =>
    DEMO_COURSES.find((c) => c.slug === slug)!.sections.flatMap((s) => s.lessons);
  const lessonPath = (slug: string, lessonId: string) => `/content/products/${slug}/lessons/${lessonId}`;
  const refused = (name: string, res: Res, status: number, message: string) =>
    suite.check(
      name,
      res.status === status &&
        isErrorShape(res.body) &&
        res.body.message === message &&
        !MEDIA_TRACE.test(res.text),
      `${status} '${message}' with nothing of the lesson`,
      describe(res),
    );

  // ---------- locked lessons ----------
  const locked = demo.sections.flatMap((s) => s.lessons).filter((l) => !l.isFreePreview);
  for (const lesson of locked) {
    const path = lessonPath(course.slug, demoLessonId(course.slug, lesson.key));
    refused(
      `a visitor is refused the locked lesson "${lesson.title}"`,
      await suite.request('GET', path),
      401,
      COURSE_MESSAGES.signInForLesson,
    );
    refused(
      `a learner without the plan is refused the locked lesson "${lesson.title}"`,
      await suite.request('GET', path, { token: f.tokens.learner }),
      403,
      PREMIUM_REQUIRED_MESSAGE,
    );
  }
  // A lesson id that does not exist is refused the same way: a refusal says nothing of what exists.
  const nowhere = lessonPath(course.slug, 'abcdefabcdefabcdefabcdef');
  refused(
    'a visitor asking for a lesson that does not exist learns nothing (401)',
    await suite.request('GET', nowhere),
    401,
    COURSE_MESSAGES.signInForLesson,
  );
  refused(
    'a learner asking for a lesson that does not exist learns nothing (403)',
    await suite.request('GET', nowhere, { token: f.tokens.learner }),
    403,
    PREMIUM_REQUIRED_MESSAGE,
  );
  // …while the plan opens them, so the refusals above are about access.
  const video = locked.find((l) => l.kind === 'video')!;
  const opened = await suite.request<Lesson>(
    'GET',
    lessonPath(course.slug, demoLessonId(course.slug, video.key)),
    {
      token: f.tokens.member,
    },
  );
  suite.check(
    'the member opens a locked video lesson with its signed video',
    opened.status === 200 && typeof opened.body?.data?.videoUrl === 'string',
    '200 with videoUrl',
    describe(opened),
  );
  const free = demo.sections.flatMap((s) => s.lessons).find((l) => l.isFreePreview)!;
  const preview = await suite.request<Lesson>(
    'GET',
    lessonPath(course.slug, demoLessonId(course.slug, free.key)),
  );
  suite.check(
    'a visitor opens the free preview lesson',
    preview.status === 200 &&
      preview.body?.data?.isFreePreview === true &&
      typeof preview.body?.data?.videoUrl === 'string',
    '200 with its video',
    describe(preview),
  );

  // ---------- the outline ----------
  for (const { slug } of DEMO_COURSES) {
    const answers: string[] = [];
    for (const role of ['anonymous', 'learner', 'member', 'admin'] as const) {
      const res = await suite.request('GET', `/content/products/${slug}/curriculum`, {
        token: role === 'anonymous' ? undefined : f.tokens[role],
      });
      const extra = [...keysOf(res.body?.data)].filter((key) => !OUTLINE_KEYS.has(key));
      suite.check(
        `the outline of ${slug} as ${role} carries no media`,
        res.status === 200 && extra.length === 0 && !MEDIA_TRACE.test(res.text),
        'titles, kinds, durations and flags only',
        `${res.status} extra keys ${extra.join(',')} ${res.text.slice(0, 160)}`,
      );
      answers.push(JSON.stringify(res.body?.data));
    }
    suite.check(
      `the outline of ${slug} is the same for everyone`,
      new Set(answers).size === 1,
      'one answer for every caller',
      `${new Set(answers).size} different answers`,
    );
  }

  // ---------- another course's lessons under this course's address ----------
  const other =
    DEMO_COURSES.find((c) => c.slug !== course.slug && c.slug !== DEMO_MEMBER_COURSE.slug) ??
    DEMO_COURSES.find((c) => c.slug !== course.slug)!;
  const otherLessons = lessonsOf(other.slug);
  const otherFree = otherLessons.find((l) => l.isFreePreview)!;
  const otherLocked = otherLessons.find((l) => !l.isFreePreview)!;
  for (const lesson of [otherFree, otherLocked]) {
    const id = demoLessonId(other.slug, lesson.key);
    const asMember = await suite.request('GET', lessonPath(course.slug, id), { token: f.tokens.member });
    suite.check(
      `${other.slug}'s lesson "${lesson.title}" is not found under ${course.slug}`,
      asMember.status === 404 &&
        asMember.body?.message === COURSE_MESSAGES.lessonNotFound &&
        !MEDIA_TRACE.test(asMember.text),
      `404 '${COURSE_MESSAGES.lessonNotFound}'`,
      describe(asMember),
    );
    const onProduct = await suite.request('GET', lessonPath(f.product.slug, id), { token: f.tokens.member });
    suite.check(
      `${other.slug}'s lesson "${lesson.title}" is not found under a single-video product`,
      onProduct.status === 404 && isErrorShape(onProduct.body) && !MEDIA_TRACE.test(onProduct.text),
      '404',
      describe(onProduct),
    );
  }
  // Another course's free preview does not open a paid course's address for a visitor.
  refused(
    `a visitor cannot open ${other.slug}'s free preview under ${course.slug}`,
    await suite.request('GET', lessonPath(course.slug, demoLessonId(other.slug, otherFree.key))),
    401,
    COURSE_MESSAGES.signInForLesson,
  );
  const progressOnOther = await suite.request(
    'PATCH',
    `/content/progress/product/${course._id}/lessons/${demoLessonId(other.slug, otherLocked.key)}`,
    { token: f.tokens.member, body: { progress: 10, lastPosition: 5 } },
  );
  suite.check(
    `progress cannot be saved on ${other.slug}'s lesson under ${course.slug}`,
    progressOnOther.status === 404 && progressOnOther.body?.message === COURSE_MESSAGES.lessonNotFound,
    `404 '${COURSE_MESSAGES.lessonNotFound}'`,
    describe(progressOnOther),
  );
  const strayRows = await suite.db.query(
    'select 1 from progress.lesson_progress where product_id = $1 and lesson_id = $2',
    [course._id, demoLessonId(other.slug, otherLocked.key)],
  );
  suite.check(
    '…and no row was written for it',
    strayRows.rowCount === 0,
    'no row',
    `${strayRows.rowCount} rows`,
  );
  for (const bad of [
    'not-a-lesson',
    '..%2F..%2Fcurriculum',
    'ABCDEFABCDEFABCDEFABCDEF',
    `${'a'.repeat(24)}%00`,
  ]) {
    const res = await suite.request('GET', lessonPath(course.slug, bad), { token: f.tokens.member });
    suite.check(
      `the lesson id ${bad} opens nothing`,
      res.status >= 400 && res.status < 500 && isErrorShape(res.body),
      'a 4xx in the error shape',
      describe(res),
    );
  }

  // ---------- resource downloads ----------
  const resourceLesson = demoLessonId(course.slug, DEMO_COURSE.resourceLesson);
  const learnerResource = await suite.request('GET', lessonPath(course.slug, resourceLesson), {
    token: f.tokens.learner,
  });
  refused('a learner without the plan gets no resource link', learnerResource, 403, PREMIUM_REQUIRED_MESSAGE);
  const resource = await demoResource(suite, f.tokens.member, course.slug, resourceLesson);
  const otherResource = await demoResource(
    suite,
    f.tokens.member,
    course.slug,
    demoLessonId(course.slug, DEMO_COURSE.otherResourceLesson),
  );
  // The member's browser (their own media grant): the token is what each case below decides by.
  const memberBrowser = { headers: { cookie: resource.cookie } };
  const downloadPath = (assetId: string, token?: string) =>
    `/media/downloads/${assetId}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
  // The worker makes the demo documents ready after start.
  let good: Res | undefined;
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(1_000)) {
    good = await suite.request('GET', resource.path, memberBrowser);
    if (good.status !== 404) break;
  }
  suite.check(
    "the member's signed link downloads the file as an attachment under its name",
    good!.status === 200 &&
      good!.headers.get('content-type') === 'application/pdf' &&
      good!.headers.get('content-disposition')?.startsWith(`attachment; filename="${resource.fileName}"`) ===
        true &&
      good!.headers.get('x-content-type-options') === 'nosniff' &&
      good!.headers.get('cache-control')?.startsWith('private') === true &&
      good!.text.startsWith('%PDF-'),
    `200 application/pdf, attachment "${resource.fileName}", nosniff, private`,
    () =>
      `${good!.status} ${good!.headers.get('content-type')} ${good!.headers.get('content-disposition')} ${good!.headers.get('cache-control')}`,
  );
  const [exp, signature] = resource.token.split('.');
  const tokenAttacks: Array<[string, string | undefined, string]> = [
    ['no token', undefined, resource.assetId],
    ['an empty token', '', resource.assetId],
    ["another resource's token", otherResource.token, resource.assetId],
    ['its token on another resource', resource.token, otherResource.assetId],
    ['a token whose expiry was pushed out', `${Number(exp) + 30 * 86_400}.${signature}`, resource.assetId],
    [
      'a token with its signature changed',
      `${exp}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`,
      resource.assetId,
    ],
    [
      'a token signed with a guessed secret',
      signStreamToken(resource.assetId, 'guessed-secret-guessed-secret-guessed-secret', {
        userId: f.users.member.id,
        access: 'plan',
      }),
      resource.assetId,
    ],
    [
      'an expired token',
      `1700000000.${createHmac('sha256', 'x').update(resource.assetId).digest('base64url')}`,
      resource.assetId,
    ],
    ['a token of three parts', `${resource.token}.extra`, resource.assetId],
  ];
  for (const [name, token, assetId] of tokenAttacks) {
    const res = await suite.request('GET', downloadPath(assetId, token), memberBrowser);
    suite.check(
      `a download with ${name} is refused`,
      res.status === 403 && res.body?.message === MEDIA_MESSAGES.streamRefused,
      `403 '${MEDIA_MESSAGES.streamRefused}'`,
      describe(res),
    );
  }
  const stream = await demoStream(suite, f.tokens.member, f.product.slug);
  const videoDownload = await suite.request('GET', downloadPath(stream.assetId, stream.token), {
    headers: { cookie: stream.cookie },
  });
  suite.check(
    "a video's own stream token does not download its source",
    videoDownload.status === 404 && videoDownload.body?.message === MEDIA_MESSAGES.notFound,
    `404 '${MEDIA_MESSAGES.notFound}'`,
    describe(videoDownload),
  );
  const docAsStream = await suite.request(
    'GET',
    `/media/streams/${resource.assetId}/master.m3u8?token=${encodeURIComponent(resource.token)}`,
    memberBrowser,
  );
  suite.check(
    "a resource's token opens no stream of it",
    docAsStream.status === 404 && isErrorShape(docAsStream.body),
    '404',
    describe(docAsStream),
  );
  for (const trick of [
    '..%2F..%2Fpackage.json',
    '%2e%2e%2f%2e%2e%2fmedia%2fresources',
    `${resource.assetId}%2F..%2F${otherResource.assetId}`,
  ]) {
    const res = await suite.request('GET', downloadPath(trick, resource.token), memberBrowser);
    suite.check(
      `the download address ${trick.slice(0, 40)} opens nothing`,
      res.status >= 400 && res.status < 500 && isErrorShape(res.body),
      'a 4xx in the error shape',
      describe(res),
    );
  }
  const staticPdf = await fetch(`${suite.url}/media/resources/${resource.fileName}`, { redirect: 'manual' });
  suite.check(
    "the demo PDFs are not public files at the gateway's /media",
    staticPdf.status === 404,
    '404',
    `${staticPdf.status}`,
  );
  await staticPdf.arrayBuffer();

  // ---------- another user's lesson progress ----------
  const memberCourse = await demoCourse(suite, DEMO_MEMBER_COURSE.slug);
  const memberRows = async () =>
    JSON.stringify(
      (
        await suite.db.query(
          'select lesson_id, progress, last_position, furthest_position, completed from progress.lesson_progress where user_id = $1 and product_id = $2 order by lesson_id',
          [f.users.member.id, memberCourse._id],
        )
      ).rows,
    );
  const memberCourseRow = async () =>
    JSON.stringify(
      (
        await suite.db.query(
          'select progress, last_position, completed, current_lesson_id from progress.progress where user_id = $1 and product_id = $2',
          [f.users.member.id, memberCourse._id],
        )
      ).rows,
    );
  const before = await memberRows();
  const beforeCourse = await memberCourseRow();
  suite.check(
    "the demo member has lesson progress on the demo course (the seed's)",
    before !== '[]',
    'rows',
    before,
  );
  const current = demoLessonId(memberCourse.slug, DEMO_MEMBER_COURSE.currentLesson);
  const memberId = f.users.member.id;
  const base = `/content/progress/product/${memberCourse._id}/lessons`;
  const learnerRead = await suite.request('GET', `${base}?userId=${memberId}`, { token: f.tokens.learner });
  suite.check(
    "a learner cannot read the member's course progress",
    learnerRead.status === 403 && learnerRead.body?.message === PREMIUM_REQUIRED_MESSAGE,
    `403 '${PREMIUM_REQUIRED_MESSAGE}'`,
    describe(learnerRead),
  );
  const adminRead = await suite.request<CourseProgress>(
    'GET',
    `${base}?userId=${memberId}&user_id=${memberId}`,
    {
      token: f.tokens.admin,
    },
  );
  const memberPositions = new Set(
    JSON.parse(before).map(
      (r: { lesson_id: string; last_position: number }) => `${r.lesson_id}@${Number(r.last_position)}`,
    ),
  );
  const leaked = (adminRead.body?.data?.lessons ?? []).filter(
    (l) => memberPositions.has(`${l.lessonId}@${l.lastPosition}`) && l.lastPosition > 0,
  );
  suite.check(
    "reading a course's progress naming the member answers the caller's own",
    adminRead.status === 200 && leaked.length === 0 && adminRead.body?.data?.currentLessonId !== current,
    "the admin's own rows",
    describe(adminRead),
  );
  const hijacks: Array<[string, string, string, unknown]> = [
    [
      'admin',
      'PATCH',
      `${base}/${current}?userId=${memberId}`,
      {
        progress: 99,
        lastPosition: 1,
        clientTime: Date.now(),
        userId: memberId,
        user_id: memberId,
        user: memberId,
      },
    ],
    ['admin', 'PATCH', `${base}/${current}/complete?userId=${memberId}`, { userId: memberId }],
    ['admin', 'PATCH', `${base}/${current}/reset?userId=${memberId}`, { userId: memberId }],
    [
      'admin',
      'PATCH',
      `/content/progress/product/${memberCourse._id}/reset?userId=${memberId}`,
      { userId: memberId },
    ],
    [
      'learner',
      'PATCH',
      `${base}/${demoLessonId(memberCourse.slug, 'intro')}?userId=${memberId}`,
      { progress: 3, lastPosition: 2, userId: memberId },
    ],
    [
      'learner',
      'PATCH',
      `${base}/${current}?userId=${memberId}`,
      { progress: 3, lastPosition: 2, userId: memberId },
    ],
  ];
  for (const [role, method, path, body] of hijacks) {
    const res = await suite.request(method, path, { token: f.tokens[role as 'admin'], body });
    suite.check(
      `${role}: ${method} ${path.replace(/[0-9a-f]{24}/g, ':id').split('?')[0]} naming the member is no 5xx`,
      res.status < 500,
      'no 5xx',
      describe(res),
    );
  }
  const form = new FormData();
  form.set('data', JSON.stringify({ progress: 77, lastPosition: 3, userId: memberId }));
  form.set('_method', 'PATCH');
  form.set('userId', memberId);
  await suite.request('POST', `${base}/${current}?userId=${memberId}`, { token: f.tokens.admin, raw: form });
  suite.check(
    "no write naming the member touched the member's lesson rows",
    (await memberRows()) === before,
    before,
    await memberRows(),
  );
  suite.check(
    "…nor the member's course figure",
    (await memberCourseRow()) === beforeCourse,
    beforeCourse,
    await memberCourseRow(),
  );
  const learnerLocked = await suite.db.query(
    'select 1 from progress.lesson_progress where user_id = $1 and lesson_id = $2',
    [f.users.learner.id, current],
  );
  suite.check(
    'a learner without the plan wrote nothing on a locked lesson',
    learnerLocked.rowCount === 0,
    'no row',
    `${learnerLocked.rowCount} rows`,
  );

  // ---------- the admin's curriculum: markup in every text, limits ----------
  // Every demo course has its curriculum: the admin builds one on a new course of their own, deleted at the end.
  const beside = await suite.request<PublicProduct>('GET', '/content/products/node-js-rest-apis');
  const target = await suite.request<PublicProduct>('POST', '/admin/products', {
    token: f.tokens.admin,
    body: {
      title: `Markup course ${Date.now()}`,
      description: 'A course the curriculum checks write markup into.',
      category: beside.body?.data?.categoryId,
      creator: beside.body?.data?.creatorId,
      type: 'course',
      isPublished: true,
    },
  });
  const productId = target.body?.data?._id;
  const productSlug = target.body?.data?.slug ?? '';
  const editing = await suite.request<AdminCurriculum>('GET', `/admin/products/${productId}/curriculum`, {
    token: f.tokens.admin,
  });
  suite.check(
    'the admin opens a course without a curriculum',
    editing.status === 200 && editing.body?.data?.sections?.length === 0,
    '200 with no sections',
    describe(editing),
  );
  let version = editing.body?.data?.version ?? 0;
  const save = (body: unknown, token = f.tokens.admin) =>
    suite.request<AdminCurriculum>('PUT', `/admin/products/${productId}/curriculum`, {
      token,
      ...(typeof body === 'string'
        ? { raw: body, headers: { 'content-type': 'application/json' } }
        : { body }),
    });
  const article = `<p>Fine <b>bold</b></p><script>${mark('script')}</script><img src=x onerror="${mark('img')}"><a href="javascript:${mark('href')}">link</a><iframe src="javascript:${mark('iframe')}"></iframe><div style="background:url(javascript:1)" onclick="${mark('click')}">x</div><svg onload="${mark('svg')}"></svg>`;
  const markupBody = {
    version,
    sections: [
      {
        title: `<script>${mark('section')}</script>Basics`,
        lessons: [
          {
            title: `Read <img src=x onerror="${mark('lesson')}">`,
            kind: 'article',
            body: article,
            durationSeconds: 120,
            isFreePreview: true,
          },
          {
            title: `Watch "><svg onload="${mark('video')}">`,
            kind: 'video',
            videoUrl: '/media/videos/lesson-1.mp4',
            durationSeconds: 30,
            isFreePreview: true,
          },
        ],
      },
    ],
  };
  const saved = await save(markupBody);
  suite.check(
    'the admin saves a curriculum with markup in every text',
    saved.status === 200,
    '200',
    describe(saved),
  );
  version = saved.body?.data?.version ?? version;
  const articleId = saved.body?.data?.sections?.[0]?.lessons?.[0]?.id;
  const stored = saved.body?.data?.sections?.[0]?.lessons?.[0]?.body ?? '';
  const clean = (html: string) => !/<script|\son[a-z]+\s*=|javascript:|<iframe|style=/i.test(html);
  suite.check(
    'the saved article keeps its text and loses every script, handler and javascript: address',
    stored.includes('<b>bold</b>') && clean(stored),
    'sanitised HTML',
    stored,
  );
  const served = await suite.request<Lesson>('GET', lessonPath(productSlug, articleId ?? 'x'));
  suite.check(
    'the article as a visitor opens it is sanitised too',
    served.status === 200 && clean(served.body?.data?.body ?? '<script'),
    'sanitised HTML',
    describe(served),
  );
  const javascriptVideo = await save({
    version,
    sections: [
      { title: 'S', lessons: [{ title: 'L', kind: 'video', videoUrl: `javascript:${mark('url')}` }] },
    ],
  });
  suite.expectClientError('a javascript: video address is refused', javascriptVideo, [400]);
  const stale = await save({ ...markupBody, version: version - 1 });
  suite.check(
    'a save from an older version is refused, never applied over the newer one',
    stale.status === 409 && stale.body?.message === COURSE_MESSAGES.versionConflict,
    `409 '${COURSE_MESSAGES.versionConflict}'`,
    describe(stale),
  );
  const stolen = await save({
    version,
    sections: [
      {
        title: 'Stolen',
        lessons: [
          { id: demoLessonId(course.slug, video.key), title: 'Taken', kind: 'article', body: '<p>x</p>' },
        ],
      },
    ],
  });
  suite.check(
    "a save cannot take over another course's lesson by its id",
    stolen.status === 400 && isErrorShape(stolen.body),
    '400',
    describe(stolen),
  );
  const stillThere = await suite.request<Lesson>(
    'GET',
    lessonPath(course.slug, demoLessonId(course.slug, video.key)),
    { token: f.tokens.member },
  );
  suite.check(
    '…and that lesson is still its own course’s',
    stillThere.status === 200 && stillThere.body?.data?.title === video.title,
    `"${video.title}"`,
    describe(stillThere),
  );
  const videoAsResource = await save({
    version,
    sections: [
      {
        title: 'S',
        lessons: [
          {
            title: 'L',
            kind: 'article',
            body: '<p>x</p>',
            resources: [{ title: 'Source', mediaAssetId: stream.assetId }],
          },
        ],
      },
    ],
  });
  suite.check(
    'a video cannot be offered as a downloadable resource',
    videoAsResource.status === 400 &&
      videoAsResource.body?.message === COURSE_MESSAGES.resourceNotDownloadable,
    `400 '${COURSE_MESSAGES.resourceNotDownloadable}'`,
    describe(videoAsResource),
  );

  // The course page renders every stored text as text.
  const browser = await launchTestChromium();
  try {
    for (const [role, path] of [
      ['anonymous', `/browse/premium/product/${productSlug}`],
      ['member', `/browse/premium/product/${productSlug}/lesson/${articleId}`],
      ['admin', `/admin/products/${productId}/edit`],
    ] as const) {
      await expectNoScriptRuns(suite, browser, {
        where: `${role} ${path.replace(/[0-9a-f]{24}/g, ':id')}`,
        path,
        token: role === 'anonymous' ? undefined : f.tokens[role],
      });
    }
  } finally {
    await browser.close();
  }

  // Too large, too many: a clear 4xx, nothing written.
  const lessons = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ title: `Lesson ${i}`, kind: 'article', body: '<p>x</p>' }));
  const oversize: Array<[string, unknown, number[]]> = [
    [
      'a body over the save limit',
      {
        version,
        sections: [{ title: 'S', lessons: [{ title: 'L', kind: 'article', body: 'x'.repeat(1_100_000) }] }],
      },
      [413],
    ],
    [
      'an article over its limit',
      {
        version,
        sections: [
          {
            title: 'S',
            lessons: [
              { title: 'L', kind: 'article', body: 'x'.repeat(CURRICULUM_LIMITS.articleCharacters + 1) },
            ],
          },
        ],
      },
      [400],
    ],
    [
      'more lessons than a course may have',
      { version, sections: Array.from({ length: 4 }, (_, s) => ({ title: `S${s}`, lessons: lessons(260) })) },
      [400],
    ],
    [
      'more sections than a course may have',
      {
        version,
        sections: Array.from({ length: CURRICULUM_LIMITS.sections + 1 }, (_, s) => ({
          title: `S${s}`,
          lessons: [],
        })),
      },
      [400],
    ],
    [
      'a title of 10,000 characters',
      { version, sections: [{ title: 'T'.repeat(10_000), lessons: [] }] },
      [400],
    ],
    ['sections that are not a list', { version, sections: { 0: { title: 'S' } } }, [400]],
    [
      'lessons nested 5,000 deep',
      `{"version":${version},"sections":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
      [400],
    ],
  ];
  for (const [name, body, statuses] of oversize) {
    const res = await save(body);
    suite.expectClientError(`a curriculum save with ${name} is refused`, res, statuses);
  }
  const hugeProgress = await suite.request(
    'PATCH',
    `/content/progress/product/${course._id}/lessons/${demoLessonId(course.slug, video.key)}`,
    {
      token: f.tokens.member,
      raw: JSON.stringify({ progress: 5, lastPosition: 5, pad: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    },
  );
  suite.expectClientError('a lesson progress save of 2 MB is refused', hugeProgress, [400, 413]);
  const after = await suite.request<AdminCurriculum>('GET', `/admin/products/${productId}/curriculum`, {
    token: f.tokens.admin,
  });
  suite.check(
    'no refused save changed the curriculum',
    after.body?.data?.version === version,
    `version ${version}`,
    describe(after),
  );

  // The course was the suite's own: the catalogue is as it was.
  const removed = await suite.request('DELETE', `/admin/products/${productId}`, { token: f.tokens.admin });
  suite.check('the admin deletes the course again', removed.status === 200, '200', describe(removed));
}
