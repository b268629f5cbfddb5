import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, type Identity } from '@catalyst/contracts';
import { DEMO_MEDIA_ROOT } from '@catalyst/demo';
import { testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, TUS, uploadMetadata } from '../test-support';

const lesson = readFileSync(path.join(DEMO_MEDIA_ROOT, 'media/videos/lesson-2.mp4'));
const thumbnail = readFileSync(path.join(DEMO_MEDIA_ROOT, 'media/thumbnails', 'ab-testing-playbook.jpg'));
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A request body that sends `bytes` and then breaks, as a dropped connection does: once the server has
 * stored some of them (`stored`), so a busy machine cannot cut it before anything arrived (2 s at most).
 */
const cutAfter = (bytes: Uint8Array, stored: () => boolean) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      const givesUpAt = Date.now() + 2_000;
      const cut = () =>
        stored() || Date.now() > givesUpAt
          ? controller.error(new Error('connection reset'))
          : setTimeout(cut, 10);
      setTimeout(cut, 20);
    },
  });

describe('resumable uploads (tus)', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('resumes after a cut connection from the offset the server kept, and the stored file is the original byte for byte', async () => {
    const id = await t.createUpload(lesson.length, 'lesson-2.mp4', 'video/mp4');
    const first = lesson.subarray(0, 80_000);
    const storedSoFar = () =>
      existsSync(path.join(t.dataDir, 'media/uploads', id))
        ? statSync(path.join(t.dataDir, 'media/uploads', id)).size
        : 0;
    await Promise.resolve(
      t.patch(
        id,
        0,
        cutAfter(first, () => storedSoFar() > 0),
      ),
    ).catch(() => undefined);

    const head = await t.request(testUsers.admin, 'HEAD', `/media/uploads/${id}`, { headers: TUS });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(first.length);
    expect(Number(head.headers.get('upload-length'))).toBe(lesson.length);

    const rest = await t.patch(id, offset, new Uint8Array(lesson.subarray(offset)));
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(lesson.length);

    const stored = readFileSync(path.join(t.dataDir, 'media/uploads', id));
    expect(sha(stored)).toBe(sha(lesson));
    const asset = await (await t.request(testUsers.admin, 'GET', `/media/assets/${id}`)).json();
    expect(asset.data).toMatchObject({
      id,
      kind: 'video',
      status: 'processing',
      size: lesson.length,
      originalName: 'lesson-2.mp4',
      mimeType: 'video/mp4',
    });
  });

  it('refuses a PATCH at the wrong offset with 409, keeping what was stored', async () => {
    const id = await t.createUpload(lesson.length, 'x.mp4', 'video/mp4');
    expect((await t.patch(id, 0, new Uint8Array(lesson.subarray(0, 1000)))).status).toBe(204);
    const wrong = await t.patch(id, 5, new Uint8Array(lesson.subarray(5, 2000)));
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toEqual({ success: false, message: expect.any(String) });
    const head = await t.request(testUsers.admin, 'HEAD', `/media/uploads/${id}`, { headers: TUS });
    expect(head.headers.get('upload-offset')).toBe('1000');
  });

  it('sniffs the real type from the bytes: a picture named as a video is refused, nothing is kept', async () => {
    const { id, res } = await t.upload(thumbnail, 'holiday.mp4', 'video/mp4');
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe(MEDIA_MESSAGES.typeMismatch('a video', 'an image'));
    expect((await t.request(testUsers.admin, 'GET', `/media/assets/${id}`)).status).toBe(404);
  });

  it('refuses anything that is not a video, image, PDF or zip, by name at creation and by bytes at the end', async () => {
    const exe = await t.request(testUsers.admin, 'POST', '/media/uploads', {
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': uploadMetadata('setup.exe') },
    });
    expect(exe.status).toBe(415);
    expect((await exe.json()).message).toBe(MEDIA_MESSAGES.unsupportedType);
    // in the admin page's language (tus's own protocol refusals stay as tus writes them)
    const german = await t.request(testUsers.admin, 'POST', '/media/uploads', {
      headers: {
        ...TUS,
        'upload-length': '10',
        'upload-metadata': uploadMetadata('a'.repeat(256) + '.mp4'),
        'accept-language': 'de',
      },
    });
    expect(german.status).toBe(400);
    expect((await german.json()).message).toBe('Der Dateiname darf höchstens 255 Zeichen lang sein');
    const { res } = await t.upload(Buffer.from('just some text, not a video at all'), 'notes.mp4');
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe(MEDIA_MESSAGES.unsupportedType);
  });

  it('takes an image and a PDF for what they are', async () => {
    const image = await t.upload(thumbnail, 'cover.jpg', 'image/jpeg');
    expect(image.res.status).toBe(204);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const doc = await t.upload(pdf, 'notes.pdf', 'application/pdf');
    expect(doc.res.status).toBe(204);
    const asset = await (await t.request(testUsers.admin, 'GET', `/media/assets/${doc.id}`)).json();
    expect(asset.data).toMatchObject({ kind: 'document', mimeType: 'application/pdf', status: 'processing' });
  });

  it('refuses a file over the size limit, a missing name and a deferred length, each saying why', async () => {
    const big = await t.request(testUsers.admin, 'POST', '/media/uploads', {
      headers: {
        ...TUS,
        'upload-length': String(65 * 1024 * 1024),
        'upload-metadata': uploadMetadata('big.mp4'),
      },
    });
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe(MEDIA_MESSAGES.tooLarge('64 MiB'));
    const unnamed = await t.request(testUsers.admin, 'POST', '/media/uploads', {
      headers: { ...TUS, 'upload-length': '10' },
    });
    expect(unnamed.status).toBe(400);
    expect((await unnamed.json()).message).toMatch(/filename/);
    const deferred = await t.request(testUsers.admin, 'POST', '/media/uploads', {
      headers: { ...TUS, 'upload-defer-length': '1', 'upload-metadata': uploadMetadata('a.mp4') },
    });
    expect(deferred.status).toBe(400);
  });

  it('lets a creator upload, list and open their own media only; an admin sees every one', async () => {
    const maya: Identity = {
      id: '00000000000000000000f201',
      role: 'creator',
      email: 'm@test.example',
      name: 'Maya',
    };
    const dan: Identity = {
      id: '00000000000000000000f202',
      role: 'creator',
      email: 'd@test.example',
      name: 'Dan',
    };
    const headers = {
      ...TUS,
      'upload-length': String(thumbnail.length),
      'upload-metadata': uploadMetadata('t.jpg', 'image/jpeg'),
    };
    const created = await t.request(maya, 'POST', '/media/uploads', { headers });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')!.split('/').pop()!;
    // Another creator cannot resume, send to or abandon it, nor open it.
    expect((await t.request(dan, 'HEAD', `/media/uploads/${id}`, { headers: TUS })).status).toBe(404);
    const theirs = await t.request(dan, 'PATCH', `/media/uploads/${id}`, {
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(thumbnail),
    });
    expect(theirs.status).toBe(404);
    expect((await t.request(dan, 'DELETE', `/media/uploads/${id}`, { headers: TUS })).status).toBe(404);
    const sent = await t.request(maya, 'PATCH', `/media/uploads/${id}`, {
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(thumbnail),
    });
    expect(sent.status).toBe(204);
    expect((await t.request(dan, 'GET', `/media/assets/${id}`)).status).toBe(404);
    expect((await t.request(maya, 'GET', `/media/assets/${id}`)).status).toBe(200);
    const list = async (who: Identity) =>
      (
        (await (await t.request(who, 'GET', '/media/assets?limit=100')).json()).data.items as { id: string }[]
      ).map((a) => a.id);
    expect(await list(maya)).toEqual([id]);
    expect(await list(dan)).toEqual([]);
    expect(await list(testUsers.admin)).toContain(id);
    // Processing again and deleting stay the admin's.
    expect((await t.request(maya, 'DELETE', `/media/assets/${id}`)).status).toBe(403);
  });

  it('lets only admins and creators upload', async () => {
    const headers = { ...TUS, 'upload-length': '10', 'upload-metadata': uploadMetadata('a.mp4') };
    expect((await t.request(null, 'POST', '/media/uploads', { headers })).status).toBe(401);
    expect((await t.request(testUsers.subscriber, 'POST', '/media/uploads', { headers })).status).toBe(403);
    const id = await t.createUpload(10, 'a.mp4');
    expect(
      (await t.request(testUsers.learner, 'HEAD', `/media/uploads/${id}`, { headers: TUS })).status,
    ).toBe(403);
    expect(
      (await t.request(testUsers.learner, 'PATCH', `/media/uploads/${id}`, { headers: TUS, body: 'x' }))
        .status,
    ).toBe(403);
  });

  it('cancels an unfinished upload: its bytes and its asset go', async () => {
    const id = await t.createUpload(lesson.length, 'gone.mp4', 'video/mp4');
    await t.patch(id, 0, new Uint8Array(lesson.subarray(0, 1000)));
    const res = await t.request(testUsers.admin, 'DELETE', `/media/uploads/${id}`, { headers: TUS });
    expect(res.status).toBe(204);
    expect((await t.request(testUsers.admin, 'GET', `/media/assets/${id}`)).status).toBe(404);
  });
});
