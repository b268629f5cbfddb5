/**
 * The media routes: stream tokens (missing, forged, expired, another asset's; each from the member's own
 * browser, so the token is what decides — media-binding.ts covers other browsers), path tricks in stream file
 * names, resumable uploads with broken tus headers, wrong offsets, lying file names and callers who
 * are not admins, and captions uploads by callers who are not admins.
 */
import { createHmac } from 'node:crypto';
import { MEDIA_MESSAGES } from '@catalyst/contracts';
import { signStreamToken } from '@catalyst/service-kit';
import { TUS_HEADERS, uploadMetadata } from '@catalyst/service-kit/testing/media';
import { demoStream, describe, isErrorShape, type Suite } from './harness';

export async function mediaAttacks(suite: Suite) {
  const f = suite.fixtures;
  const stream = await demoStream(suite, f.tokens.member, f.product.slug);
  const segment = (token?: string, assetId = stream.assetId) =>
    `/media/streams/${assetId}/360p/seg_000.ts${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

  // The member's browser: their stream token plays beside their own media grant (media-binding.ts refuses it elsewhere).
  const asMember = { headers: { cookie: stream.cookie } };
  const ok = await suite.request('GET', segment(stream.token), asMember);
  suite.check('a segment with its stream token plays', ok.status === 200, '200', describe(ok));

  const [exp] = stream.token.split('.');
  const otherAsset = await suite.db.query<{ id: string }>(
    "select id from media.assets where status = 'ready' and id <> $1 limit 1",
    [stream.assetId],
  );
  const attacks: Array<[string, string | undefined, string?]> = [
    ['no token', undefined],
    ['an empty token', ''],
    ['a token with its signature changed', `${exp}.${'A'.repeat(43)}`],
    ['a token whose expiry was pushed out', `${Number(exp) + 86_400}.${stream.token.split('.')[1]}`],
    [
      'a token signed with a guessed secret',
      signStreamToken(stream.assetId, 'guessed-secret-guessed-secret-guessed-secret', {
        userId: f.users.member.id,
        access: 'plan',
      }),
    ],
    [
      'an expired token (made with a guessed secret and a past expiry)',
      `1700000000.${createHmac('sha256', 'x').update('stream').digest('base64url')}`,
    ],
    ['a token of three parts', `${stream.token}.extra`],
    ['a very long token', 'x'.repeat(5000)],
  ];
  if (otherAsset.rows[0])
    attacks.push(["the member's token on another asset", stream.token, otherAsset.rows[0].id]);
  for (const [name, token, assetId] of attacks) {
    const res = await suite.request('GET', segment(token, assetId), asMember);
    suite.check(
      `a segment with ${name} is refused`,
      res.status === 403 && res.body?.message === MEDIA_MESSAGES.streamRefused,
      `403 '${MEDIA_MESSAGES.streamRefused}'`,
      describe(res),
    );
  }

  for (const file of [
    '..%2F..%2Fsecrets%2Fwebhook-secret',
    '%2e%2e/%2e%2e/etc/passwd',
    'master.m3u8%00.jpg',
    'MASTER.M3U8',
    'x'.repeat(300),
  ]) {
    const res = await suite.request(
      'GET',
      `/media/streams/${stream.assetId}/${file}?token=${encodeURIComponent(stream.token)}`,
      asMember,
    );
    suite.check(
      `the stream file name ${file.slice(0, 40)} opens nothing`,
      res.status >= 400 && res.status < 500 && isErrorShape(res.body),
      'a 4xx in the error shape',
      describe(res),
    );
  }

  // Uploads: only admins, and every bad header a clear 4xx.
  const upload = (
    token: string | undefined,
    headers: Record<string, string>,
    method = 'POST',
    path = '/media/uploads',
    raw?: Buffer,
  ) => suite.request(method, path, { token, headers: { ...TUS_HEADERS, ...headers }, raw });
  for (const role of ['learner', 'member'] as const) {
    const res = await upload(f.tokens[role], {
      'upload-length': '100',
      'upload-metadata': uploadMetadata('a.mp4'),
    });
    suite.check(
      `a ${role} cannot start an upload`,
      res.status === 403 && isErrorShape(res.body),
      '403',
      describe(res),
    );
  }
  const cases: Array<[string, Record<string, string>, number]> = [
    [
      'no Tus-Resumable',
      { 'tus-resumable': '', 'upload-length': '10', 'upload-metadata': uploadMetadata('a.mp4') },
      412,
    ],
    ['a negative Upload-Length', { 'upload-length': '-5', 'upload-metadata': uploadMetadata('a.mp4') }, 400],
    [
      'a non-numeric Upload-Length',
      { 'upload-length': 'lots', 'upload-metadata': uploadMetadata('a.mp4') },
      400,
    ],
    [
      'an Upload-Length over the limit',
      { 'upload-length': String(5 * 1024 ** 4), 'upload-metadata': uploadMetadata('a.mp4') },
      413,
    ],
    [
      'Upload-Metadata that is not base64 pairs',
      { 'upload-length': '10', 'upload-metadata': '%%%,,, ===' },
      400,
    ],
    ['no file name', { 'upload-length': '10' }, 400],
    [
      'an executable',
      { 'upload-length': '10', 'upload-metadata': uploadMetadata('setup.exe', 'application/x-msdownload') },
      415,
    ],
    [
      'an HTML page claiming to be a video',
      { 'upload-length': '10', 'upload-metadata': uploadMetadata('<script>.html') },
      415,
    ],
  ];
  for (const [name, headers, status] of cases) {
    const res = await upload(f.tokens.admin, headers);
    suite.check(
      `an upload with ${name} is refused with ${status}`,
      res.status === status && isErrorShape(res.body),
      `${status} in the error shape`,
      describe(res),
    );
  }

  const html = Buffer.from('<!doctype html><script>alert(1)</script>');
  const created = await upload(f.tokens.admin, {
    'upload-length': String(html.length),
    'upload-metadata': uploadMetadata('clip.mp4', 'video/mp4'),
  });
  const location = created.headers.get('location') ?? '';
  const id = location.split('/').pop() ?? '';
  suite.check(
    'an admin starts an upload and gets its address',
    created.status === 201 && /^\/api\/v1\/media\/uploads\/[0-9a-f]{24}$/.test(location),
    '201 with Location',
    describe(created),
  );
  const path = `/media/uploads/${id}`;
  const patch = (
    offset: string,
    body: Buffer,
    token = f.tokens.admin,
    type = 'application/offset+octet-stream',
  ) => upload(token, { 'upload-offset': offset, 'content-type': type }, 'PATCH', path, body);
  const stranger = await patch('0', html, f.tokens.member);
  suite.check(
    "a member cannot write into an admin's upload",
    stranger.status === 403,
    '403',
    describe(stranger),
  );
  for (const [name, offset, type] of [
    ['a wrong offset', '7', undefined],
    ['a negative offset', '-1', undefined],
    ['a wrong content type', '0', 'application/json'],
  ] as const) {
    const res = await patch(offset, html, f.tokens.admin, type);
    suite.check(
      `a PATCH with ${name} is refused`,
      res.status >= 400 && res.status < 500 && isErrorShape(res.body),
      'a 4xx in the error shape',
      describe(res),
    );
  }
  const lying = await patch('0', html);
  suite.check(
    'an HTML page named clip.mp4 is refused by its bytes',
    lying.status === 415 && lying.body?.message === MEDIA_MESSAGES.unsupportedType,
    `415 '${MEDIA_MESSAGES.unsupportedType}'`,
    describe(lying),
  );
  const gone = await suite.db.query('select 1 from media.assets where id = $1', [id]);
  suite.check(
    'nothing of the refused upload is kept',
    gone.rowCount === 0,
    'no asset row',
    `${gone.rowCount} rows`,
  );

  const unknown = await upload(
    f.tokens.admin,
    { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    'PATCH',
    '/media/uploads/ffffffffffffffffffffffff',
    html,
  );
  suite.check(
    'a PATCH to an upload that does not exist is a 404',
    unknown.status === 404 && isErrorShape(unknown.body),
    '404',
    describe(unknown),
  );

  await captionsUploadAttacks(suite, stream.assetId);
}

/**
 * Captions upload by non-admins (issue 57): a learner, a member and a visitor are refused, and what they sent
 * never replaces the video's captions; an admin's unreadable file is a 400 naming its line, with nothing kept.
 */
async function captionsUploadAttacks(suite: Suite, assetId: string) {
  const f = suite.fixtures;
  const path = `/media/assets/${assetId}/captions`;
  const planted = 'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nPlanted by someone who is not an admin\n';
  const keyOf = async () => {
    const rows = await suite.db.query<{ captions_key: string | null }>(
      'select captions_key from media.assets where id = $1',
      [assetId],
    );
    return rows.rows[0]?.captions_key;
  };
  const before = await keyOf();
  for (const [who, token, status] of [
    ['a learner', f.tokens.learner, 403],
    ['a member', f.tokens.member, 403],
    ['a visitor', undefined, 401],
  ] as const) {
    const res = await suite.request('PUT', path, { token, body: { fileName: 'planted.vtt', text: planted } });
    suite.check(
      `captions upload by ${who} is refused`,
      res.status === status && isErrorShape(res.body),
      `${status} in the error shape`,
      describe(res),
    );
  }
  const after = await keyOf();
  suite.check(
    "a member's captions never replace the video's",
    after === before,
    `captions_key still ${before}`,
    String(after),
  );

  const broken = await suite.request('PUT', path, {
    token: f.tokens.admin,
    body: {
      fileName: 'broken.srt',
      text: '1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:03,000 -> 00:00:04,000\nTwo\n',
    },
  });
  suite.check(
    "an admin's unreadable captions are a 400 naming the line, and nothing is kept",
    broken.status === 400 &&
      broken.body?.message === 'Line 6: expected a cue timing such as 00:00:01,000 --> 00:00:04,000' &&
      (await keyOf()) === before,
    "400 'Line 6: …', captions unchanged",
    describe(broken),
  );
}
