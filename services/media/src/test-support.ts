// Test world for the media service: a real Postgres database, real pg-boss jobs in it, disk storage in a
// temporary folder, and a stand-in for content's /internal route that says which products use an asset.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentInternalRoutes, type Identity, type MediaUsage } from '@catalyst/contracts';
import { createDb, mediaToolPath, signMediaGrant, type MediaViewer } from '@catalyst/service-kit';
import { makeTestVideo, TUS_HEADERS, uploadMetadata } from '@catalyst/service-kit/testing/media';
import {
  TEST_INTERNAL_SECRET,
  createPeerStandIn,
  createTestCache,
  createTestDatabase,
  identityHeaders,
  testLog,
  testUsers,
} from '@catalyst/service-kit/testing';
import { createApp } from './app';
import { configSchema } from './config';
import type { Database } from './db/schema';
import { createDeps } from './deps';
import { startJobs } from './jobs/queue';
import { processAsset } from './processing/process-asset';
import { SCHEMA, prepareDatabase } from './setup';
import { createDiskStorage } from './storage/disk';
import type { MediaStorage } from './storage';

export { TUS_HEADERS as TUS, uploadMetadata } from '@catalyst/service-kit/testing/media';

/** A real video made by ffmpeg in `dir`: `seconds` of a test pattern with a tone, at `height` (16:9). */
export const makeVideo = (dir: string, { seconds = 6, height = 720, name = 'source.mp4' } = {}): string =>
  makeTestVideo(path.join(dir, name), { seconds, height });

export async function createTestContext({
  storage: makeStorage,
}: { storage?: (dataDir: string) => MediaStorage } = {}) {
  const database = await createTestDatabase();
  const db = createDb<Database>({ connectionString: database.url, schema: SCHEMA, poolSize: 10 });
  await prepareDatabase(db, { seed: false, log: testLog });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-media-test-'));
  const storage = makeStorage ? makeStorage(dataDir) : createDiskStorage(path.join(dataDir, 'media'));
  const jobs = await startJobs({ connectionString: database.url, log: testLog });

  /** Which products use which asset, as content would answer. */
  const usage = new Map<string, MediaUsage[]>();
  const content = (await createPeerStandIn()).answer(contentInternalRoutes.mediaUsage, ({ body }) =>
    Object.fromEntries((body.assetIds as string[]).map((id) => [id, usage.get(id) ?? []])),
  );

  const env = {
    PORT: '4005',
    DATABASE_URL: database.url,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    CONTENT_URL: content.baseUrl,
    DATA_DIR: dataDir,
    MEDIA_MAX_UPLOAD_BYTES: String(64 * 1024 * 1024),
  };
  const config = configSchema.parse(env);
  const deps = createDeps({ config, db, cache: createTestCache(), log: testLog, storage, jobs });
  const app = createApp(deps);

  /** A request as the gateway would forward it for this caller (or anonymously with null). */
  const request = (
    as: Identity | null,
    method: string,
    url: string,
    init: { headers?: Record<string, string>; body?: BodyInit } = {},
  ) =>
    app.request(url, {
      method,
      headers: { ...(as ? identityHeaders(as) : {}), ...init.headers },
      body: init.body,
      ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);

  /** Starts an upload as the admin; answers the asset id. */
  async function createUpload(size: number, filename: string, filetype?: string) {
    const res = await request(testUsers.admin, 'POST', '/media/uploads', {
      headers: {
        ...TUS_HEADERS,
        'upload-length': String(size),
        'upload-metadata': uploadMetadata(filename, filetype),
      },
    });
    if (res.status !== 201) throw new Error(`upload not created: ${res.status} ${await res.text()}`);
    return res.headers.get('location')!.split('/').pop()!;
  }

  const patch = (id: string, offset: number, body: BodyInit) =>
    request(testUsers.admin, 'PATCH', `/media/uploads/${id}`, {
      headers: {
        ...TUS_HEADERS,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body,
    });

  /** Uploads a whole file in one PATCH; answers the asset id and the PATCH's answer. */
  async function upload(bytes: Buffer, filename: string, filetype?: string) {
    const id = await createUpload(bytes.length, filename, filetype);
    return { id, res: await patch(id, 0, new Uint8Array(bytes)) };
  }

  /** The Cookie header a viewer's browser sends with their stream files: their own media grant. */
  const grant = (viewer: MediaViewer) => ({
    cookie: `catalyst_media=${signMediaGrant(viewer, TEST_INTERNAL_SECRET)}`,
  });

  const tools = { ffmpeg: mediaToolPath('ffmpeg'), ffprobe: mediaToolPath('ffprobe') };
  /** Runs the worker's processing of one asset in this process. */
  const process = (id: string) =>
    processAsset({ db, storage, log: testLog, ...tools, retire: jobs.retire }, id);

  return {
    app,
    db,
    grant,
    storage,
    jobs,
    config,
    env,
    dataDir,
    databaseUrl: database.url,
    usage,
    /** content's stand-in: a test answers more of its routes (a course card's product). */
    content,
    request,
    createUpload,
    patch,
    upload,
    process,
    close: async () => {
      await jobs.stop();
      await content.close();
      await db.destroy();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
