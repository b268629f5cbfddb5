// The service worker and the install icons, built after the front-ends (scripts/build-frontends.ts runs
// it; a remote deployed on its own runs it again so the worker's precache names the new files):
//   tsx scripts/build-sw.ts [--static-root <dir>]
// 1. icons from the SVG logo (sharp): 192, 512, maskable 512, apple-touch 180, into shell/dist/icons;
// 2. shell/dist/offline.html, the page shown offline for a page that cannot be rendered;
// 3. shell/src/sw.ts bundled (esbuild) with the public catalogue's addresses from the route declarations
//    and every remote's content-hashed files (never the admin remote's: only admins download it), then
//    shell/dist/sw.js written with the shell's precache list in place of `self.__WB_MANIFEST` (as
//    workbox-build's injectManifest would: a content hash in a file's name is its revision, else the md5
//    of its bytes; files over 4 MiB left out).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';
import { allRouteTables } from '../packages/contracts/src/routes/all';
import { catalogPaths, HASHED_FILE } from '../shell/src/pwa/cachePolicy';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOGO = path.join(ROOT, 'packages/web-kit/assets/favicon.svg');
/** Remotes whose files every visitor may be given ahead of use (never the admin remote). */
const PRECACHED_REMOTES = ['catalog', 'player', 'account', 'community'] as const;
/** The install icons the web app manifest names (gateway/src/pwa.ts). */
const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
] as const;
const BRAND_BACKGROUND = '#0f172a';

/**
 * A 256-colour palette (dithered: side by side with the full-colour icon the gradient looks the same), at
 * the highest compression: icon-192.png, which browsers fetch with the manifest on a first visit, 6,196 →
 * 3,199 bytes; icon-512.png 27,030 → 7,144.
 */
const SMALLEST_PNG = { palette: true, compressionLevel: 9, effort: 10 } as const;

async function writeIcons(outDir: string) {
  mkdirSync(outDir, { recursive: true });
  const svg = readFileSync(LOGO);
  for (const icon of ICONS) {
    if (icon.maskable) {
      // A maskable icon keeps its picture inside the middle 80% (the safe zone) on a full-bleed background.
      const inner = Math.round(icon.size * 0.7);
      const logo = await sharp(svg, { density: 600 }).resize(inner, inner).png().toBuffer();
      await sharp({
        create: { width: icon.size, height: icon.size, channels: 4, background: BRAND_BACKGROUND },
      })
        .composite([{ input: logo, gravity: 'center' }])
        .png(SMALLEST_PNG)
        .toFile(path.join(outDir, icon.file));
    } else {
      await sharp(svg, { density: 600 })
        .resize(icon.size, icon.size)
        .png(SMALLEST_PNG)
        .toFile(path.join(outDir, icon.file));
    }
  }
}

const OFFLINE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="${BRAND_BACKGROUND}" />
    <title>Offline</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; }
      main { max-width: 28rem; padding: 2rem; text-align: center; }
      h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
      p { line-height: 1.5; color: #334155; }
      a { color: #4f46e5; font-weight: 600; }
    </style>
  </head>
  <body>
    <main>
      <h1>You're offline</h1>
      <p>This page isn't available without a connection. Pages you opened recently and lessons you downloaded still work.</p>
      <p><a href="/">Go to your dashboard</a></p>
    </main>
  </body>
</html>
`;

async function bundleWorker(remoteFiles: string[]): Promise<string> {
  const out = path.join(tmpdir(), `catalyst-sw-${process.pid}.js`);
  await build({
    entryPoints: [path.join(ROOT, 'shell/src/sw.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    outfile: out,
    define: {
      __CATALOG_PATHS__: JSON.stringify(catalogPaths(allRouteTables as never)),
      __REMOTE_FILES__: JSON.stringify(remoteFiles),
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'warning',
  });
  return out;
}

/** A file the worker precaches: its address, and null when the address itself changes with the content. */
interface PrecacheEntry {
  revision: string | null;
  url: string;
}
/** Larger files are never precached (a first visit would download them all). */
const MAX_PRECACHED_BYTES = 4 * 1024 * 1024;
/** Where the bundled worker takes its precache list (workbox-precaching's convention). */
const INJECTION_POINT = 'self.__WB_MANIFEST';

/**
 * The files below `dir` with one of `extensions` (dot-files and `ignore` left out), as addresses relative to
 * it, sorted, with their revision and size; files over MAX_PRECACHED_BYTES left out.
 */
export function precacheEntries(
  dir: string,
  extensions: string[],
  ignore: (file: string) => boolean = () => false,
): { entries: PrecacheEntry[]; bytes: number } {
  const entries: PrecacheEntry[] = [];
  let bytes = 0;
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => extensions.includes(path.extname(file).slice(1)))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')) && !ignore(file))
    .sort();
  for (const file of files) {
    const stat = statSync(path.join(dir, file));
    if (!stat.isFile() || stat.size > MAX_PRECACHED_BYTES) continue;
    const revision = HASHED_FILE.test(file)
      ? null
      : createHash('md5')
          .update(readFileSync(path.join(dir, file)))
          .digest('hex');
    entries.push({ revision, url: file });
    bytes += stat.size;
  }
  return { entries, bytes };
}

/** A remote's content-hashed files as the gateway serves them (/mf/<name>/<file>). */
function remoteFilesOf(staticRoot: string): string[] {
  const urls: string[] = [];
  for (const name of PRECACHED_REMOTES) {
    const dist = path.join(staticRoot, `mfe-${name}`, 'dist');
    if (!existsSync(dist)) continue;
    const { entries } = precacheEntries(dist, ['js', 'css', 'woff2', 'svg', 'png', 'webp']);
    // Only content-hashed names: remoteEntry.js and the manifests are asked of the network every time.
    for (const entry of entries) if (entry.revision === null) urls.push(`/mf/${name}/${entry.url}`);
  }
  return urls;
}

export interface ServiceWorkerReport {
  precached: number;
  bytes: number;
  /** Remote files the worker fetches at install (best effort). */
  remoteFiles: number;
}

/** Writes icons, offline.html and sw.js into <staticRoot>/shell/dist (the repository by default). */
export async function buildServiceWorker(staticRoot = ROOT): Promise<ServiceWorkerReport> {
  const shellDist = path.join(staticRoot, 'shell', 'dist');
  if (!existsSync(path.join(shellDist, 'index.html')))
    throw new Error(`No shell build in ${shellDist}: build the front-ends first`);
  await writeIcons(path.join(shellDist, 'icons'));
  writeFileSync(path.join(shellDist, 'offline.html'), OFFLINE_PAGE);
  // The remotes' files are fetched at install as a best effort, not precached: a remote redeployed on
  // its own (before this step runs again) must never make the worker's install fail on a missing file.
  const remoteFiles = remoteFilesOf(staticRoot);
  const swSrc = await bundleWorker(remoteFiles);
  try {
    // index.html is the gateway's to render (site config); the worker keeps the rendered copy instead.
    const { entries, bytes } = precacheEntries(
      shellDist,
      ['js', 'css', 'svg', 'png', 'woff2', 'html'],
      (file) => file === 'sw.js' || file === 'index.html',
    );
    const source = readFileSync(swSrc, 'utf8');
    const injectionPoints = source.split(INJECTION_POINT).length - 1;
    if (injectionPoints !== 1)
      throw new Error(`shell/src/sw.ts bundled has ${injectionPoints} ${INJECTION_POINT}, not one`);
    writeFileSync(path.join(shellDist, 'sw.js'), source.replace(INJECTION_POINT, JSON.stringify(entries)));
    return { precached: entries.length, bytes, remoteFiles: remoteFiles.length };
  } finally {
    rmSync(swSrc, { force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--static-root');
  buildServiceWorker(at > 0 ? path.resolve(process.argv[at + 1]!) : ROOT)
    .then(({ precached, bytes, remoteFiles }) =>
      console.log(
        `service worker: ${precached} shell files precached (${(bytes / 1024).toFixed(0)} KiB), ${remoteFiles} remote files fetched at install`,
      ),
    )
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
