import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, mediaInternalRoutes } from '@catalyst/contracts';
import { signStreamToken, type MediaViewer } from '@catalyst/service-kit';
import { DEMO_MEDIA_ROOT, DEMO_RESOURCE_FILES, demoAssetId } from '@catalyst/demo';
import { TEST_INTERNAL_SECRET, internalHeaders, testLog } from '@catalyst/service-kit/testing';
import { seedDemo } from '../seed';
import { createTestContext } from '../test-support';

const checklistFile = '/media/resources/ui-five-second-checklist.pdf';
const checklist = readFileSync(path.join(DEMO_MEDIA_ROOT, checklistFile));
const demoFile = DEMO_RESOURCE_FILES[0]!;
const demoBytes = readFileSync(path.join(DEMO_MEDIA_ROOT, demoFile));

describe('resource downloads', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  let pdf: string;
  beforeAll(async () => {
    t = await createTestContext();
    ({ id: pdf } = await t.upload(checklist, 'five-second-checklist.pdf', 'application/pdf'));
    expect(await t.process(pdf)).toBe('ready');
  }, 60_000);
  afterAll(() => t.close());

  const member: MediaViewer = { userId: '0123456789abcdef01234567', access: 'plan' };
  const token = (id: string) => signStreamToken(id, TEST_INTERNAL_SECRET, member);
  /** A download from the member's browser (their own media grant), unless other headers are given. */
  const download = (
    id: string,
    value: string | null = token(id),
    headers: Record<string, string> = {},
    method = 'GET',
  ) =>
    t.request(
      null,
      method,
      `/media/downloads/${id}${value === null ? '' : `?token=${encodeURIComponent(value)}`}`,
      { headers: { ...t.grant(member), ...headers } },
    );

  it('serves an uploaded PDF as uploaded, as an attachment under its original name', async () => {
    const res = await download(pdf);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="five-second-checklist.pdf"; filename*=UTF-8''five-second-checklist.pdf`,
    );
    expect(res.headers.get('content-length')).toBe(String(checklist.length));
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await res.arrayBuffer()).equals(checklist)).toBe(true);
  });

  it('answers one byte range of it (206), an unsatisfiable one with 416, and HEAD with the headers alone', async () => {
    const part = await download(pdf, token(pdf), { range: 'bytes=100-1123' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1123/${checklist.length}`);
    expect(part.headers.get('content-length')).toBe('1024');
    expect(part.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(Buffer.from(await part.arrayBuffer()).equals(checklist.subarray(100, 1124))).toBe(true);
    const tail = await download(pdf, token(pdf), { range: 'bytes=-5' });
    expect(Buffer.from(await tail.arrayBuffer()).toString('latin1')).toBe(
      checklist.subarray(-5).toString('latin1'),
    );
    const beyond = await download(pdf, token(pdf), { range: `bytes=${checklist.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${checklist.length}`);
    const head = await download(pdf, token(pdf), {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(checklist.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses a missing, forged, expired, stretched or another asset’s token with 403', async () => {
    const other = demoAssetId(demoFile);
    const expired = signStreamToken(pdf, TEST_INTERNAL_SECRET, member, 60, Date.now() - 3_600_000);
    const [, signature] = token(pdf).split('.');
    const stretched = `${Math.floor(Date.now() / 1000) + 365 * 86_400}.${signature}`;
    const forged = signStreamToken(pdf, 'another-secret-that-is-long-enough-0123456789', member);
    for (const bad of [null, '', 'nonsense', expired, stretched, forged, token(other)]) {
      const res = await download(pdf, bad);
      expect(res.status, String(bad)).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: MEDIA_MESSAGES.streamRefused });
    }
  });

  it("refuses the member's link with no grant, another account's grant or a grant made without the plan", async () => {
    const learner = t.grant({ userId: 'fedcba9876543210fedcba98', access: 'free' });
    const memberWithoutPlan = t.grant({ userId: member.userId, access: 'free' });
    for (const headers of [{ cookie: '' }, learner, memberWithoutPlan]) {
      const res = await download(pdf, token(pdf), headers);
      expect(res.status, headers.cookie).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: MEDIA_MESSAGES.streamRefused });
    }
    // a free preview's resource, given to a visitor: a link for anyone needs no grant
    const open = signStreamToken(pdf, TEST_INTERNAL_SECRET, 'anyone');
    expect((await download(pdf, open, { cookie: '' })).status).toBe(200);
  });

  it('gives no download of a video, of an asset still processing, or of one that does not exist (404)', async () => {
    const video = '0000000000000000000000a1';
    await t.db
      .insertInto('assets')
      .values({
        id: video,
        kind: 'video',
        original_name: 'lesson.mp4',
        mime_type: 'video/mp4',
        size: 10,
        received: 10,
        status: 'ready',
        output_prefix: `assets/${video}/run/`,
      })
      .execute();
    const { id: waiting } = await t.upload(checklist, 'waiting.pdf', 'application/pdf');
    for (const id of [video, waiting, '0000000000000000000000ff']) {
      const res = await download(id);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: MEDIA_MESSAGES.notFound });
    }
  });

  it('names a file with quotes, a line break and characters outside ASCII safely', async () => {
    const name = 'Résumé "final"\r\nSet-Cookie: a=b; 講義.pdf';
    const { id } = await t.upload(checklist, name, 'application/pdf');
    expect(await t.process(id)).toBe('ready');
    const res = await download(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toBe(
      `attachment; filename="Resume _final_Set-Cookie: a=b; __.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22Set-Cookie%3A%20a%3Db%3B%20%E8%AC%9B%E7%BE%A9.pdf`,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(
      'Résumé "final"Set-Cookie: a=b; 講義.pdf',
    );
    await res.arrayBuffer();
  });

  it('makes the demo resources ready documents read from their files, and downloads them as they are', async () => {
    await seedDemo(t.db, testLog);
    for (const file of DEMO_RESOURCE_FILES) {
      const id = demoAssetId(file);
      const row = await t.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        kind: 'document',
        mime_type: 'application/pdf',
        original_name: path.basename(file),
        source_path: file,
        status: 'processing',
      });
      expect(Number(row.size)).toBe(readFileSync(path.join(DEMO_MEDIA_ROOT, file)).length);
      expect(await t.process(id)).toBe('ready');
    }
    const id = demoAssetId(demoFile);
    const res = await download(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${path.basename(demoFile)}"; filename*=UTF-8''${path.basename(demoFile)}`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(demoBytes)).toBe(true);
    const part = await download(id, token(id), { range: 'bytes=0-4' });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('%PDF-');
    // Seeding again adds nothing and leaves the ready assets as they are.
    await seedDemo(t.db, testLog);
    expect(
      (await t.db.selectFrom('assets').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status,
    ).toBe('ready');
  });

  it('fails a document whose file is missing, saying so, instead of making it ready', async () => {
    const id = '0000000000000000000000b2';
    await t.db
      .insertInto('assets')
      .values({
        id,
        kind: 'document',
        original_name: 'gone.pdf',
        mime_type: 'application/pdf',
        size: 10,
        received: 10,
        status: 'processing',
        source_path: '/media/resources/gone.pdf',
      })
      .execute();
    expect(await t.process(id)).toBe('failed');
    const row = await t.db
      .selectFrom('assets')
      .select(['status', 'reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', reason: 'The file /media/resources/gone.pdf is missing' });
  });

  it('never serves a file outside the /media folder, whatever a row says', async () => {
    const id = '0000000000000000000000c3';
    await t.db
      .insertInto('assets')
      .values({
        id,
        kind: 'document',
        original_name: 'package.json',
        mime_type: 'application/json',
        size: 10,
        received: 10,
        status: 'ready',
        output_prefix: `assets/${id}/run/`,
        source_path: '/media/../package.json',
      })
      .execute();
    expect((await download(id)).status).toBe(404);
  });

  it('tells peers an asset’s original name, type and size', async () => {
    const res = await t.request(null, 'GET', `/internal/media/assets/${pdf}`, { headers: internalHeaders() });
    expect(res.status).toBe(200);
    const facts = mediaInternalRoutes.assetFacts.response.parse((await res.json()).data);
    expect(facts).toMatchObject({
      id: pdf,
      kind: 'document',
      status: 'ready',
      originalName: 'five-second-checklist.pdf',
      mimeType: 'application/pdf',
      size: checklist.length,
    });
  });
});
