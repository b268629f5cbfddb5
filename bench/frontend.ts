import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageWeight {
  page: string;
  jsFiles: number;
  jsBytes: number;
  jsGzipBytes: number;
  requestedAdminRemote: boolean;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/**
 * The JavaScript a first visit downloads: every script response of a fresh browser context, its raw
 * size and its gzip size (what a compressed transfer costs).
 */
export async function measurePageJs(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  prepare?: (ctx: { token?: string }) => Promise<{ token?: string }>,
): Promise<PageWeight> {
  const context = await browser.newContext();
  const auth = prepare ? await prepare({}) : {};
  if (auth.token) {
    await context.addInitScript((token) => sessionStorage.setItem('token', token), auth.token);
  }
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
  const page = await context.newPage();
  let jsBytes = 0;
  let jsGzipBytes = 0;
  let jsFiles = 0;
  let requestedAdminRemote = false;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/mf/admin/')) requestedAdminRemote = true;
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    pending.push(
      response
        .body()
        .then((body) => {
          jsFiles += 1;
          jsBytes += body.length;
          jsGzipBytes += gzipSync(body, { level: 6 }).length;
        })
        .catch(() => undefined),
    );
  });
  await page.goto(new URL(pagePath, baseUrl).toString(), { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  return { page: pagePath, jsFiles, jsBytes, jsGzipBytes, requestedAdminRemote };
}
