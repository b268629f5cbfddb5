/**
 * Scenario 6: media under fault. The media worker killed mid-job (the job is taken back and completed
 * once), the media service killed (its routes answer 503 JSON, product pages keep working, and it serves
 * again after the supervisor restarts it), and the store unwritable (uploads answer 503, processing keeps
 * the asset unpublished until the store is back).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAccounts, MEDIA_MESSAGES, type MediaAsset } from '@catalyst/contracts';
import { makeTestVideo, uploadOverTus } from '@catalyst/service-kit/testing/media';
import { premiumProduct } from './lib/catalog';
import type { Checks } from './lib/checks';
import { login, type Environment } from './lib/environment';
import { RESTART_WAIT_MS, call, waitFor, type ApiBody } from './lib/http';

/** A 720p video long enough that its processing can be interrupted. */
const makeVideo = (seconds: number): Buffer =>
  readFileSync(
    makeTestVideo(path.join(os.tmpdir(), `catalyst-faults-${seconds}s.mp4`), { seconds, toneHz: 220 }),
  );

export async function mediaFaults(env: Environment, checks: Checks) {
  checks.begin('6. Media: the worker killed mid-job, the service killed, the store unwritable');
  const base = env.url;
  const upload = (token: string, bytes: Buffer, name: string) =>
    uploadOverTus(`${base}/api/v1`, token, bytes, name);
  const admin = await login(base, demoAccounts.admin.email, demoAccounts.admin.password);
  const member = await login(base, demoAccounts.member.email, demoAccounts.member.password);
  const asset = async (id: string) =>
    (await call<ApiBody<MediaAsset>>(base, 'GET', `/api/v1/media/assets/${id}`, { token: admin })).body?.data;
  const store = path.join(env.product.dataDir, 'media');

  // The worker killed mid-job.
  const sent = await upload(admin, makeVideo(30), 'interrupted.mp4');
  checks.check('a 30 s 720p video uploads', sent.patched === 204, JSON.stringify(sent));
  const id = sent.id!;
  const started = await waitFor(async () => ((await asset(id))?.progress ?? 0) > 5, 60_000, 100);
  checks.check('its processing starts', started !== undefined);
  const workerPid = env.runtime().pids['media-worker']!;
  process.kill(workerPid, 'SIGKILL');
  const restarted = await waitFor(async () => {
    const pid = env.runtime().pids['media-worker'];
    return !!pid && pid !== workerPid;
  }, 20_000);
  checks.check('the supervisor starts a new worker', restarted !== undefined);
  const readyIn = await waitFor(async () => (await asset(id))?.status === 'ready', 120_000, 500);
  checks.check(
    'the interrupted job is taken back and the asset becomes ready',
    readyIn !== undefined,
    readyIn === undefined
      ? JSON.stringify(await asset(id))
      : `${(readyIn / 1000).toFixed(1)} s after the restart`,
  );
  const runs = readdirSync(path.join(store, 'assets', id));
  checks.check(
    'exactly one processing run is published (nothing of the killed one)',
    runs.length === 1,
    runs.join(', '),
  );

  // The media service killed: its routes answer 503 in the error shape, product pages keep working.
  const product = await premiumProduct(base);
  const mediaPid = env.runtime().pids.media!;
  process.kill(mediaPid, 'SIGKILL');
  const down = await call(base, 'GET', '/api/v1/media/assets', { token: admin });
  checks.check(
    'media down: its routes answer 503 JSON at once',
    down.status === 503 && down.shaped && down.ms < 1_000,
    `${down.status} in ${Math.round(down.ms)} ms`,
  );
  const page = await call(base, 'GET', `/api/v1/content/premium/products/${product!.slug}`, {
    token: member,
  });
  checks.check('media down: the product page still answers', page.status === 200, String(page.status));
  const back = await waitFor(
    async () => (await call(base, 'GET', '/api/v1/media/assets', { token: admin })).status === 200,
    RESTART_WAIT_MS,
  );
  checks.check('media is restarted by the supervisor and serves again', back !== undefined);

  // The store unwritable: a folder of it replaced by a file.
  const uploads = path.join(store, 'uploads');
  const aside = `${uploads}.aside`;
  renameSync(uploads, aside);
  writeFileSync(uploads, 'not a folder');
  const refused = await upload(admin, makeVideo(2), 'nowhere.mp4');
  checks.check(
    'store unwritable: an upload is refused with 503 and the storage message',
    refused.created === 503 &&
      JSON.parse(refused.refusal ?? '{}').message === MEDIA_MESSAGES.storageUnavailable,
    JSON.stringify(refused),
  );
  rmSync(uploads);
  renameSync(aside, uploads);
  mkdirSync(uploads, { recursive: true });
  const again = await upload(admin, makeVideo(2), 'after.mp4');
  checks.check('store back: uploads work again', again.patched === 204, JSON.stringify(again));
}
