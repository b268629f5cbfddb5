/**
 * The media pipeline: how fast the worker turns a 720p upload into its HLS ladder (as a multiple of the
 * video's real time), how soon a member's product page shows the stream's first frame after Play (Chromium,
 * CPU 4× slower, loopback network), and how many segments a second the gateway serves next to the media
 * service itself.
 *
 * `benchMedia({ baseUrl, services })` runs against a product already started (bench/run.ts);
 * `npx tsx bench/media.ts [--seconds 5] [--smoke]` starts one of its own and prints the result.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTestVideo, uploadOverTus } from '@catalyst/service-kit/testing/media';
import { launchChromium } from '../scripts/lib/chromium';
import { signIn } from './backend';
import { CPU_SLOWDOWN } from './frontend';
import { measureLoad, type RouteLoad } from './load';

export interface MediaBenchResult {
  processing: {
    sourceSeconds: number;
    sourceHeight: number;
    renditions: number[];
    processingSeconds: number;
    multipleOfRealTime: number;
  };
  /** From pressing Play to the first frame shown; `fromNavigationMs`: the same moment counted from the page's navigation start. */
  firstFrame: { runsMs: number[]; medianMs: number; fromNavigationMs: number[] };
  segments: { gateway: RouteLoad; direct: RouteLoad; ratio: number; segmentBytes: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function api<T>(
  baseUrl: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const parsed = (await res.json()) as { success: boolean; data: T; message?: string };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${parsed.message}`);
  return parsed.data;
}

export async function benchMedia({
  baseUrl,
  services,
  durationSeconds,
  sourceSeconds = 60,
  firstFrameRuns = 3,
}: {
  baseUrl: string;
  services: Record<string, number>;
  durationSeconds: number;
  sourceSeconds?: number;
  firstFrameRuns?: number;
}): Promise<MediaBenchResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-media-'));
  try {
    const admin = await signIn(baseUrl, 'admin');
    const member = await signIn(baseUrl, 'member');
    const bytes = readFileSync(
      makeTestVideo(path.join(dir, 'bench-720p.mp4'), { seconds: sourceSeconds, fps: 30 }),
    );

    // Upload (tus), then time from the last byte to ready.
    const sent = await uploadOverTus(`${baseUrl}/api/v1`, admin, bytes, 'bench-720p.mp4');
    if (sent.patched !== 204) throw new Error(`upload failed: ${JSON.stringify(sent)}`);
    const id = sent.id!;
    const uploadedAt = Date.now();
    let asset: {
      status: string;
      durationSeconds: number;
      height: number;
      renditions: Array<{ height: number }>;
      reason: string | null;
    };
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      asset = await api(baseUrl, 'GET', `/media/assets/${id}`, admin);
      if (asset.status === 'failed') throw new Error(`processing failed: ${asset.reason}`);
      if (Date.now() - uploadedAt > 15 * 60_000) throw new Error('processing took over 15 minutes');
    } while (asset.status !== 'ready');
    const processingSeconds = (Date.now() - uploadedAt) / 1000;

    // A product plays it: the member opens its page and presses Play.
    const products = await api<{
      items: Array<
        Record<string, unknown> & { _id: string; slug: string; categoryId: string; creatorId: string }
      >;
    }>(baseUrl, 'GET', '/admin/products?limit=1&sort=title', admin);
    const product = products.items[0]!;
    await api(baseUrl, 'PUT', `/admin/products/${product._id}`, admin, { ...product, mediaAssetId: id });
    const page = await api<{ stream: { url: string } | null }>(
      baseUrl,
      'GET',
      `/content/premium/products/${product.slug}`,
      member,
    );
    if (!page.stream) throw new Error('the product page gives no stream');

    const browser = await launchChromium();
    const runsMs: number[] = [];
    const fromNavigationMs: number[] = [];
    try {
      for (let run = 0; run < firstFrameRuns; run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        await context.addInitScript(
          ([token]) => {
            sessionStorage.setItem('token', token!);
            sessionStorage.setItem('role', 'user');
            localStorage.setItem('cookieConsent', 'essential');
          },
          [member],
        );
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await tab.goto(`${baseUrl}/browse/premium/product/${product.slug}`, { waitUntil: 'networkidle' });
        const play = tab.getByRole('button', { name: 'Play video' });
        await play.waitFor();
        // A string, not a function: the TypeScript loader wraps named functions in helpers the page does not have.
        await tab.evaluate(`(() => {
          const v = document.querySelector('[data-testid="video-player"] video');
          window.__firstFrame = new Promise((resolve) => {
            const done = () => resolve(performance.now());
            if (v.requestVideoFrameCallback) v.requestVideoFrameCallback(done);
            else v.addEventListener('playing', done, { once: true });
          });
        })()`);
        const pressed = (await tab.evaluate('performance.now()')) as number;
        await play.click();
        const shown = (await tab.evaluate('window.__firstFrame')) as number;
        runsMs.push(Math.round(shown - pressed));
        fromNavigationMs.push(Math.round(shown));
        await context.close();
      }
    } finally {
      await browser.close();
    }

    // Segments: the same one over and over, through the gateway and from media directly.
    const segmentPath = `${new URL(page.stream.url, baseUrl).pathname.replace('master.m3u8', '720p/seg_001.ts')}${new URL(page.stream.url, baseUrl).search}`;
    // The member's token plays only beside the member's own media grant, which the product page hands.
    const pageAnswer = await fetch(`${baseUrl}/api/v1/content/premium/products/${product.slug}`, {
      headers: { authorization: `Bearer ${member}` },
    });
    await pageAnswer.arrayBuffer();
    const grant = pageAnswer.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((pair) => pair.startsWith('catalyst_media='));
    const headers = grant ? { cookie: grant } : undefined;
    const segmentBytes = (await (await fetch(`${baseUrl}${segmentPath}`, { headers })).arrayBuffer())
      .byteLength;
    const gateway = await measureLoad({
      name: 'segment through the gateway',
      url: `${baseUrl}${segmentPath}`,
      durationSeconds,
      connections: 50,
      headers,
    });
    const direct = await measureLoad({
      name: 'segment from media directly',
      url: `http://127.0.0.1:${services.media}${segmentPath.replace('/api/v1', '')}`,
      durationSeconds,
      connections: 50,
      headers,
    });
    return {
      processing: {
        sourceSeconds: asset.durationSeconds,
        sourceHeight: asset.height,
        renditions: asset.renditions.map((r) => r.height),
        processingSeconds: Math.round(processingSeconds * 10) / 10,
        multipleOfRealTime: Math.round((asset.durationSeconds / processingSeconds) * 100) / 100,
      },
      firstFrame: { runsMs, medianMs: median(runsMs), fromNavigationMs },
      segments: {
        gateway,
        direct,
        ratio: Math.round((gateway.requestsPerSecond / Math.max(1, direct.requestsPerSecond)) * 1000) / 1000,
        segmentBytes,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Standalone: start the product on a free port, run, print.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const smoke = process.argv.includes('--smoke');
  const i = process.argv.indexOf('--seconds');
  const { startProduct } = await import('../scripts/lib/product');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-media-product-'));
  const product = await startProduct({ dataDir, waitForMedia: true });
  try {
    const result = await benchMedia({
      baseUrl: product.url,
      services: product.runtime.services,
      durationSeconds: i > 0 ? Number(process.argv[i + 1]) : smoke ? 1 : 5,
      sourceSeconds: smoke ? 10 : 60,
      firstFrameRuns: smoke ? 1 : 3,
    });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
