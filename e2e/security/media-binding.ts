/**
 * Premium media bound to the viewer (issue 53, item 1): every playlist, segment, storyboard sheet, signed
 * MP4, captions file and resource download of a premium lesson opens only with the viewer's own media
 * grant (the HttpOnly cookie content hands with the page), bound to the user the link was issued for and to
 * what that user may open. A link copied into another browser (no cookie), another account (that account's
 * own grant, here one a free preview handed to the learner) or a signed-out tab is a 403 in the one error shape.
 */
import type { Lesson, ProductDetail, SessionResponse } from '@catalyst/contracts';
import { demoLessonId } from '@catalyst/demo';
import {
  DEMO_COURSE,
  dataOf,
  demoResource,
  demoStream,
  describe,
  isErrorShape,
  mediaGrantOf,
  sleep,
  type Res,
  type Suite,
} from './harness';

/** The first address a playlist (or a storyboard) names, resolved against the playlist's own folder. */
function firstUri(text: string, folder: string, pattern: RegExp): string | undefined {
  const line = text.split('\n').find((l) => pattern.test(l.trim()));
  return line === undefined ? undefined : `${folder}/${line.trim().replace(/#.*$/, '')}`;
}

export async function mediaBinding(suite: Suite) {
  const f = suite.fixtures;
  const course = DEMO_COURSE.slug;
  const lessonPath = (key: string) => `/content/products/${course}/lessons/${demoLessonId(course, key)}`;

  // The member's stream of the premium product, with the grant their product page handed.
  const stream = await demoStream(suite, f.tokens.member, f.product.slug);
  const member = stream.cookie;
  suite.check(
    "the member's product page hands the member a media grant",
    member !== '',
    'a catalyst_media cookie',
    'no media grant in the answer',
  );
  // The learner (no plan) holds a grant of their own: a free preview handed it.
  const preview = await suite.request<Lesson>('GET', lessonPath(DEMO_COURSE.freeLesson), {
    token: f.tokens.learner,
  });
  const learner = mediaGrantOf(preview);
  suite.check(
    'a free preview hands the learner a media grant of their own',
    preview.status === 200 && learner !== '' && learner !== member,
    "200 with the learner's own catalyst_media cookie",
    describe(preview),
  );

  const get = (path: string, cookie: string, base?: string) =>
    suite.request('GET', path, { headers: cookie ? { cookie } : {}, base });
  const refused = (name: string, res: Res) =>
    suite.check(name, res.status === 403 && isErrorShape(res.body), '403 in the one error shape', () =>
      describe(res),
    );
  /** The member's link: 200 with the member's grant; 403 with none (another browser, a signed-out tab) and with the learner's. */
  async function boundToMember(what: string, path: string, base?: string) {
    const own = await get(path, member, base);
    suite.check(
      `${what} opens with the member's own grant`,
      own.status === 200 || own.status === 206,
      '200',
      () => describe(own),
    );
    refused(
      `${what} is refused with no grant (another browser, a signed-out tab)`,
      await get(path, '', base),
    );
    refused(`${what} is refused with another account's grant`, await get(path, learner, base));
    return own;
  }

  // (a) HLS: the master playlist, a rendition playlist and a segment, each by the address the member was given.
  const folder = `/media/streams/${stream.assetId}`;
  const master = await boundToMember(
    "the member's master playlist",
    `${folder}/master.m3u8?token=${encodeURIComponent(stream.token)}`,
  );
  const rendition = firstUri(master.text, folder, /^[^#].*\.m3u8/);
  let segment: string | undefined;
  if (!rendition) suite.check('the master playlist names a rendition', false, 'a rendition', master.text);
  else {
    const playlist = await boundToMember("the member's rendition playlist", rendition);
    segment = firstUri(playlist.text, rendition.replace(/\/[^/]+$/, ''), /^[^#].*\.(ts|m4s)/);
    if (!segment) suite.check('the rendition names a segment', false, 'a segment', playlist.text);
    else await boundToMember("the member's segment", segment);
  }

  // The member's own player keeps playing: a quality switch (every rendition's playlist), a seek (the last
  // segment, by a range) and a renewal (the page read again: a new grant and token, either beside the other).
  for (const line of master.text.split('\n').filter((l) => /^[^#].*\.m3u8/.test(l.trim()))) {
    const playlist = await get(`${folder}/${line.trim()}`, member);
    const last = playlist.text
      .split('\n')
      .filter((l) => /^[^#].*\.(ts|m4s)/.test(l.trim()))
      .pop();
    const seek = last
      ? await suite.request('GET', `${folder}/${line.trim().replace(/\/[^/]+$/, '')}/${last.trim()}`, {
          headers: { cookie: member, range: 'bytes=0-187' },
        })
      : undefined;
    suite.check(
      `the member switches to ${line.trim().split('/')[0]} and seeks to its last segment`,
      playlist.status === 200 && seek?.status === 206,
      '200 playlist, 206 segment',
      () => `${describe(playlist)} / ${seek ? describe(seek) : 'no segment'}`,
    );
  }
  const renewed = await demoStream(suite, f.tokens.member, f.product.slug);
  if (segment) {
    const withNewToken = segment.replace(/token=[^&#]+/, `token=${encodeURIComponent(renewed.token)}`);
    const oldTokenNewGrant = await get(segment, renewed.cookie);
    const newTokenOldGrant = await get(withNewToken, member);
    suite.check(
      "across a renewal the member's old and new tokens and grants play together",
      renewed.cookie !== '' && oldTokenNewGrant.status === 200 && newTokenOldGrant.status === 200,
      '200, 200',
      () => `${describe(oldTokenNewGrant)} / ${describe(newTokenOldGrant)}`,
    );
  }

  // The thumbnail sprite of a locked lesson (its storyboard and a sheet), and its poster.
  const locked = await suite.request<Lesson>('GET', lessonPath(DEMO_COURSE.lockedLesson), {
    token: f.tokens.member,
  });
  const lesson = dataOf(locked);
  const lessonGrant = mediaGrantOf(locked) || member;
  const storyboardUrl = lesson.stream?.storyboardUrl;
  if (!storyboardUrl)
    suite.check('the locked lesson has a storyboard', false, 'a storyboard', describe(locked));
  else {
    const path = storyboardUrl.replace(/^\/api\/v1/, '');
    const vtt = await get(path, lessonGrant);
    const sheet = /^(sheet-\d+\.jpg\?[^#\s]+)/m.exec(vtt.text)?.[1];
    refused("a locked lesson's storyboard is refused with no grant", await get(path, ''));
    refused("a locked lesson's storyboard is refused with another account's grant", await get(path, learner));
    if (!sheet) suite.check('the storyboard names a sprite sheet', false, 'a sheet', describe(vtt));
    else {
      const sheetPath = `${path.replace(/\/[^/?]+\?.*$/, '')}/${sheet}`;
      refused("a locked lesson's thumbnail sprite is refused with no grant", await get(sheetPath, ''));
      refused(
        "a locked lesson's thumbnail sprite is refused with another account's grant",
        await get(sheetPath, learner),
      );
    }
  }

  // (b) The signed MP4 and its captions: the learner's own (valid) grant opens neither.
  const premium = await suite.request<ProductDetail>('GET', `/content/premium/products/${f.product.slug}`, {
    token: f.tokens.member,
  });
  const videoUrl = dataOf(premium).videoUrl ?? lesson.videoUrl;
  const productGrant = mediaGrantOf(premium) || member;
  if (!videoUrl?.startsWith('/media/videos/'))
    suite.check('the member gets a signed local MP4', false, '/media/videos/…?exp&sig', String(videoUrl));
  else {
    const own = await get(videoUrl, productGrant, suite.url);
    suite.check("the member's signed MP4 plays with the member's grant", own.status === 200, '200', () =>
      describe(own),
    );
    refused(
      "the member's signed MP4 is refused with the learner's grant",
      await get(videoUrl, learner, suite.url),
    );
    refused("the member's signed MP4 is refused with no grant", await get(videoUrl, '', suite.url));
    // The captions beside it, addressed as the player addresses them (the video's own signature).
    const captions = videoUrl.replace(/\/videos\/([^/?#]+)\.[a-z0-9]+/i, '/captions/$1.vtt');
    const ownCaptions = await get(captions, productGrant, suite.url);
    suite.check(
      "the member's captions open with the member's grant",
      ownCaptions.status === 200 && ownCaptions.text.startsWith('WEBVTT'),
      '200 WEBVTT',
      () => describe(ownCaptions),
    );
    refused(
      "the member's captions are refused with the learner's grant",
      await get(captions, learner, suite.url),
    );
    refused(
      "premium captions with no signature are refused with the learner's grant",
      await get(captions.replace(/\?.*$/, ''), learner, suite.url),
    );
  }

  // (c) A resource download link is the member's alone.
  const resource = await demoResource(
    suite,
    f.tokens.member,
    course,
    demoLessonId(course, DEMO_COURSE.resourceLesson),
  );
  // The worker makes the demo documents ready after start.
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(1_000))
    if ((await get(resource.path, resource.cookie)).status !== 404) break;
  await boundToMember("the member's resource download", resource.path);

  // A signed-out tab: signing out takes the grant back on every path it is sent to.
  const session = await suite.request<SessionResponse>('POST', '/auth/login', {
    body: { email: f.users.member.email, password: f.users.member.password },
  });
  const logout = await suite.request('POST', '/auth/logout', { token: dataOf(session).token });
  const cleared = logout.headers
    .getSetCookie()
    .filter((c) => /^catalyst_media=;/.test(c) && /Max-Age=0/i.test(c))
    .map((c) => /Path=([^;]+)/i.exec(c)?.[1]);
  suite.check(
    'signing out takes the media grant back from /media and /api/v1/media',
    logout.status === 200 && cleared.includes('/media') && cleared.includes('/api/v1/media'),
    'Max-Age=0 for both paths',
    () => `${logout.status} ${logout.headers.getSetCookie().join(' | ')}`,
  );
}
