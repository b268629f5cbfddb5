import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaAssetFacts } from '@catalyst/contracts';
import { signStreamToken } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext } from '../test-support';

const video = 'dddddddddddddddddddd0001';
const image = 'dddddddddddddddddddd0002';
const SRT = [
  '1',
  '00:00:01,000 --> 00:00:03,500',
  'Hello and welcome.',
  '',
  '2',
  '00:00:04,000 --> 00:00:06,000',
  'Second line.',
  '',
].join('\n');

describe("captions: an admin keeps a video's captions (WebVTT, or SRT converted), checked line by line", () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    t = await createTestContext();
    const row = { original_name: 'x', mime_type: 'video/mp4', size: 1, status: 'ready' as const };
    await t.db
      .insertInto('assets')
      .values([
        { ...row, id: video, kind: 'video' },
        { ...row, id: image, kind: 'image', mime_type: 'image/png' },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const put = (
    as: (typeof testUsers)[keyof typeof testUsers] | null,
    id: string,
    text: string,
    language?: string,
  ) =>
    t.request(as, 'PUT', `/media/assets/${id}/captions`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'lesson.srt', text, language }),
    });
  /** What content learns of an asset over the internal route. */
  const factsOf = async (id: string) =>
    (
      (await (
        await t.request(null, 'GET', `/internal/media/assets/${id}`, { headers: internalHeaders() })
      ).json()) as { data: MediaAssetFacts }
    ).data;
  /** The captions as a learner who may watch the video reads them: with a stream token and their grant. */
  const read = (id = video) => {
    const viewer = { userId: testUsers.subscriber.id, access: 'plan' as const };
    return t.request(
      null,
      'GET',
      `/media/streams/${id}/captions.vtt?token=${signStreamToken(id, TEST_INTERNAL_SECRET, viewer)}`,
      {
        headers: t.grant(viewer),
      },
    );
  };
  const stored = async () =>
    (await t.db.selectFrom('assets').select('captions_key').where('id', '=', video).executeTakeFirstOrThrow())
      .captions_key;

  it('keeps an SRT file as WebVTT, read back beside the video with its stream token', async () => {
    const res = await put(testUsers.admin, video, SRT);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Captions saved: 2 cues',
      data: { assetId: video, cues: 2 },
    });
    expect(body.data.captionsUrl).toMatch(
      new RegExp(`^/api/v1/media/streams/${video}/captions\\.vtt\\?token=`),
    );
    const served = await read();
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await served.text()).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nHello and welcome.\n\n00:00:04.000 --> 00:00:06.000\nSecond line.\n',
    );
    // content learns the video has captions (it gives the lesson their address), in no language named
    expect(await factsOf(video)).toMatchObject({ hasCaptions: true, captionsLanguage: null });
    // the same save, said in the admin page's language (its plural)
    const german = await t.request(testUsers.admin, 'PUT', `/media/assets/${video}/captions`, {
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ fileName: 'lesson.srt', text: SRT }),
    });
    expect(((await german.json()) as { message: string }).message).toBe('Untertitel gespeichert: 2 Einträge');
  });

  it('refuses a file it cannot read with a 400 naming the line, and keeps the captions it had', async () => {
    const before = await stored();
    const res = await put(
      testUsers.admin,
      video,
      SRT.replace('00:00:04,000 --> 00:00:06,000', '00:00:04,000 -> 00:00:06,000'),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: 'Line 6: expected a cue timing such as 00:00:01,000 --> 00:00:04,000',
      errors: [
        { field: 'text', message: 'Line 6: expected a cue timing such as 00:00:01,000 --> 00:00:04,000' },
      ],
    });
    expect(await stored()).toBe(before);
    expect(await (await read()).text()).toContain('Hello and welcome.');
  });

  it('replaces the captions with a new upload, removing the file replaced', async () => {
    const before = (await stored())!;
    const res = await put(testUsers.admin, video, 'WEBVTT\n\n00:01.000 --> 00:02.000\nNew words.\n');
    expect(res.status).toBe(200);
    expect(await (await read()).text()).toBe('WEBVTT\n\n00:01.000 --> 00:02.000\nNew words.\n');
    expect(await t.storage.size(before)).toBeNull();
  });

  it("writes the language the admin names into the captions' header, and refuses one that is not a language tag", async () => {
    const res = await put(testUsers.admin, video, SRT, 'es');
    expect(res.status).toBe(200);
    expect(await (await read()).text()).toMatch(/^WEBVTT\nLanguage: es\n\n00:00:01\.000 --> /);
    // content learns it too (the player's track says it before reading the file)
    expect((await factsOf(video)).captionsLanguage).toBe('es');
    // a file naming its own language, uploaded without one, keeps it
    expect(
      (await put(testUsers.admin, video, 'WEBVTT\nLanguage: pt-BR\n\n00:01.000 --> 00:02.000\nOlá.\n'))
        .status,
    ).toBe(200);
    expect((await factsOf(video)).captionsLanguage).toBe('pt-BR');

    const before = await stored();
    const refused = await put(testUsers.admin, video, SRT, 'Spanish please');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      success: false,
      errors: [{ field: 'language', message: 'Language must be a language tag such as en, es or pt-BR' }],
    });
    expect(await stored()).toBe(before);
  });

  it('refuses anyone but an admin (403), and an asset that is not a video (409)', async () => {
    const before = await stored();
    for (const who of [testUsers.learner, testUsers.subscriber])
      expect((await put(who, video, SRT)).status).toBe(403);
    expect((await put(null, video, SRT)).status).toBe(401);
    expect(await stored()).toBe(before);
    const notVideo = await put(testUsers.admin, image, SRT);
    expect(notVideo.status).toBe(409);
    expect((await notVideo.json()).message).toBe('Captions can only be added to a video');
  });

  it("serves captions only with a token for the video and the viewer's grant; 404 for a video without", async () => {
    expect((await t.request(null, 'GET', `/media/streams/${video}/captions.vtt?token=nope`)).status).toBe(
      403,
    );
    const none = await read(image);
    expect(none.status).toBe(404);
  });
});
