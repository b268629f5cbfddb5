import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type RequestHandler, type Response } from 'express';
import {
  audiencesOf,
  mediaGrantOfCookies,
  needsMediaGrant,
  verifyMediaUrl,
  type Logger,
} from '@catalyst/service-kit';
import { APP_FRAME } from '@catalyst/web-kit/first-paint';
import { REMOTE_NAMES, mediaDir, type GatewayConfig } from './config';
import { sendError } from './errors';
import type { GatewayReleases } from './releases';
import { createRemotesRegistry, sendRemotesAnswer } from './releases/registry';
import { createRouteBook } from './releases/routes';
import { releaseFilesHandler } from './releases/files';
import {
  FIRST_PAINT_FILE,
  firstPaintPages,
  firstPaintSchema,
  injectFirstPaint,
  type FirstPaint,
} from './first-paint';
import { injectInstallTags, manifestHandler, serviceWorkerHeaders } from './pwa';
import { originalName, precompressedFiles } from './precompressed';
import {
  COURSE_PAGE_PREFIX,
  courseBody,
  courseHead,
  injectCoursePage,
  originOf,
  robotsHandler,
  sitemapHandler,
  type CoursePages,
} from './course-pages';

const SITE_TAGLINE = 'Where the change happens.';

/** Files that name a build and must be revalidated every time so a new deploy is seen at once. */
const ALWAYS_REVALIDATE = new Set([
  'index.html',
  'mf-manifest.json',
  'remoteEntry.js',
  'remotes.json',
  'mf-stats.json',
]);
// A content hash in the file name: 8+ hex characters holding at least one digit, e.g. main.3f9a1c07.js.
const HASHED_NAME = /[.-](?=[0-9a-f]*\d)[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Cache-Control for a built file: immutable when its name carries a content hash, revalidated otherwise. */
export function buildFileCacheControl(filePath: string): string {
  // A compressed copy (main.3f9a1c07.js.br) is cached as its file is.
  const name = originalName(path.basename(filePath));
  if (ALWAYS_REVALIDATE.has(name)) return 'no-cache';
  return HASHED_NAME.test(name) ? IMMUTABLE : 'no-cache';
}

export interface SiteConfig {
  name: string;
  tagline: string;
  contactEmail: string;
  contactPhone: string;
  supportEmail: string;
}

export const siteConfigOf = (
  config: Pick<GatewayConfig, 'SITE_NAME' | 'CONTACT_EMAIL' | 'CONTACT_PHONE' | 'SUPPORT_EMAIL'>,
): SiteConfig => ({
  name: config.SITE_NAME,
  tagline: SITE_TAGLINE,
  contactEmail: config.CONTACT_EMAIL,
  contactPhone: config.CONTACT_PHONE,
  supportEmail: config.SUPPORT_EMAIL,
});

/** JSON that is safe inside a <script> element: nothing in it can close the element or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const CONFIG_SCRIPT = /<script\b[^>]*\bid=["']catalyst-config["'][^>]*>[\s\S]*?<\/script>/i;

/** index.html with the site config as <script type="application/json" id="catalyst-config">, replacing any placeholder. */
export function injectSiteConfig(html: string, site: SiteConfig): string {
  const tag = `<script type="application/json" id="catalyst-config">${scriptSafeJson(site)}</script>`;
  if (CONFIG_SCRIPT.test(html)) return html.replace(CONFIG_SCRIPT, () => tag);
  const head = /<head\b[^>]*>/i.exec(html);
  if (head)
    return `${html.slice(0, head.index + head[0].length)}${tag}${html.slice(head.index + head[0].length)}`;
  return `${tag}${html}`;
}

const VIDEO_LINK_REFUSED = 'This video link is invalid or has expired. Reload the page to get a new one.';

/** Only media are served from /media: the folder's notes and scripts (README.md, generate.sh) never are. */
const MEDIA_FILE = /\.(mp4|webm|m4v|mov|vtt|jpe?g|png|webp|avif|gif)$/i;

/**
 * Premium videos (/media/videos/…, however spelt) and their captions are served only with the signed,
 * expiring address the content service gives a viewer who may watch them (architecture rule 3), signed for
 * that viewer, and only to a browser holding that viewer's own media grant (an HttpOnly cookie content sets
 * with the page): a copied link plays in no other browser or account, a `plan` address needs a grant made
 * while the viewer's plan was active (a free preview's grant opens nothing premium), and it all stops minutes
 * after sign-out or cancellation. A video's signed address opens its captions too; a free preview's captions
 * come signed for anyone (visitors hold no grant). Thumbnails and the promo stay public.
 */
function requireSignedVideo(secret: string): RequestHandler {
  return (req, res, next) => {
    const mediaPath = `/media${req.path}`;
    if (!MEDIA_FILE.test(req.path)) return notFound(res);
    if (!needsMediaGrant(mediaPath)) return next();
    const grant = mediaGrantOfCookies(req.headers.cookie, secret);
    const { exp, sig } = req.query;
    if (!verifyMediaUrl(mediaPath, exp, sig, secret, audiencesOf(grant)))
      return sendError(res, 403, VIDEO_LINK_REFUSED);
    res.locals.signedMediaExpiresAt = Number(exp);
    return next();
  };
}

/** Cache-Control of a media file: a signed video only in the viewer's own cache, and not past its link's expiry. */
function mediaCacheControl(res: Response, file: string): string {
  const expiresAt = res.locals.signedMediaExpiresAt as number | undefined;
  if (expiresAt !== undefined)
    return `private, max-age=${Math.max(0, Math.min(3600, expiresAt - Math.floor(Date.now() / 1000)))}`;
  return HASHED_NAME.test(path.basename(file)) ? IMMUTABLE : 'public, max-age=3600';
}

const notFound = (res: Response) => {
  res.status(404).type('text/plain').setHeader('cache-control', 'no-cache');
  res.send('Not found');
};

const plainNotFound: RequestHandler = (_req, res) => notFound(res);

const staticFiles = (root: string, cacheControl: (file: string, res: Response) => string) =>
  express.static(root, {
    index: false,
    redirect: false,
    fallthrough: true,
    cacheControl: false,
    setHeaders: (res, file) => res.setHeader('cache-control', cacheControl(file, res as Response)),
  });

/** A build's files, each as its compressed copy to a client that accepts it (precompressed.ts). */
const buildFiles = (root: string) => precompressedFiles(root, staticFiles(root, buildFileCacheControl));

// Client routes are paths without a file extension; "/assets/missing.js" is a 404, not the app.
const looksLikeFile = (p: string) => /\/[^/]*\.[a-z0-9]{1,8}$/i.test(p);

/**
 * The front ends: the shell at / (index.html, with the site config, for every client route), each remote
 * under /mf/<name>/, /mf/remotes.json, and /media/ (Range requests for seeking; premium videos need a signed link).
 */
export function createStaticRouter(
  config: GatewayConfig,
  log: Logger,
  releases?: Pick<GatewayReleases, 'registry' | 'store'>,
  coursePages?: CoursePages,
): Router {
  const router = Router();
  const shellDist = path.join(config.STATIC_ROOT, 'shell', 'dist');
  // The shell runs its current release (its built dist until one is promoted): index.html and files from there.
  const shellDir = () =>
    releases ? releases.store.dirOf('shell', releases.registry.current('shell')) : shellDist;
  let indexPath = path.join(shellDist, 'index.html');
  let indexOf = indexPath;
  const site = siteConfigOf(config);
  const registry =
    releases?.registry ??
    createRemotesRegistry({
      repo: null,
      overrides: config.MF_REMOTES,
      log,
      // every remote is its built dist: its pages are read from there
      routes: createRouteBook({
        distDir: (remote) => path.join(config.STATIC_ROOT, `mfe-${remote}`, 'dist'),
        read: async () => null,
        log,
      }),
    });
  let cachedIndex:
    | { version: string; html: string; firstPaints: Map<string, string>; frame: string | undefined }
    | undefined;

  /** The build's first paint (first-paint.json beside index.html), when it has one that reads. */
  async function firstPaintIn(dir: string): Promise<FirstPaint | undefined> {
    try {
      return firstPaintSchema.parse(JSON.parse(await readFile(path.join(dir, FIRST_PAINT_FILE), 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        log.warn({ dir, err: error }, 'first paint unreadable: pages are served without it');
      return undefined;
    }
  }

  // Read again only when the shell is rebuilt (index.html or its first paint), so a new deploy needs no restart.
  async function indexHtml(pathname: string): Promise<string | undefined> {
    try {
      indexPath = path.join(shellDir(), 'index.html');
      if (indexOf !== indexPath) [cachedIndex, indexOf] = [undefined, indexPath];
      const dir = path.dirname(indexPath);
      const [info, paintInfo] = await Promise.all([
        stat(indexPath),
        stat(path.join(dir, FIRST_PAINT_FILE)).catch(() => undefined),
      ]);
      const version = `${info.mtimeMs}:${paintInfo?.mtimeMs ?? '-'}`;
      if (cachedIndex?.version !== version) {
        const html = injectInstallTags(injectSiteConfig(await readFile(indexPath, 'utf8'), site));
        const firstPaint = paintInfo ? await firstPaintIn(dir) : undefined;
        const firstPaints = new Map<string, string>();
        const pages = firstPaintPages(firstPaint, site);
        for (const [page, content] of Object.entries(pages))
          firstPaints.set(page, injectFirstPaint(html, page, content));
        cachedIndex = { version, html, firstPaints, frame: pages[APP_FRAME] };
      }
      // a page's own first paint, else the app's frame (every page that needs data or a session)
      return (
        cachedIndex.firstPaints.get(pathname) ?? cachedIndex.firstPaints.get(APP_FRAME) ?? cachedIndex.html
      );
    } catch {
      return undefined;
    }
  }

  const serveIndex: RequestHandler = async (req, res) => {
    const html = await indexHtml(req.path);
    if (html === undefined) {
      log.warn({ indexPath }, 'shell build missing');
      res.status(503).type('text/plain').setHeader('cache-control', 'no-store');
      return void res.send('The Catalyst front end has not been built yet. Run "npm run build" and reload.');
    }
    res.setHeader('cache-control', 'no-cache');
    res.type('html').send(html);
  };

  // The registry decides what each browser loads (releases, canaries); see gateway/src/releases.
  router.get('/mf/remotes.json', (req, res) =>
    sendRemotesAnswer(registry, req.headers.cookie, res, req.secure, config.INTERNAL_SECRET),
  );
  // A release's files (forever cached) from the release store: its folder on disk, or the bucket.
  if (releases)
    for (const name of REMOTE_NAMES)
      router.use(`/mf/${name}/:version`, releaseFilesHandler(releases.store, name, log));
  for (const name of REMOTE_NAMES)
    router.use(`/mf/${name}`, buildFiles(path.join(config.STATIC_ROOT, `mfe-${name}`, 'dist')));
  router.use('/mf', plainNotFound);

  router.use(
    '/media',
    requireSignedVideo(config.INTERNAL_SECRET),
    staticFiles(mediaDir(config), (file, res) => mediaCacheControl(res, file)),
    plainNotFound,
  );

  router.get(['/', '/index.html'], serveIndex);
  // Public course pages rendered with their content, and what crawlers read first (course-pages.ts).
  if (coursePages) {
    router.get('/robots.txt', robotsHandler);
    router.get('/sitemap.xml', sitemapHandler(coursePages));
    router.get(`${COURSE_PAGE_PREFIX}:slug`, async (req, res, next) => {
      try {
        const data = await coursePages.course(String(req.params.slug));
        // An unknown course: the app's frame (its own 404 page renders there) with a 404 status.
        if (!data) return void serveIndex(req, res.status(404), next);
        await indexHtml(req.path);
        if (!cachedIndex) return void serveIndex(req, res, next);
        res.setHeader('cache-control', 'no-cache');
        const head = courseHead(data, originOf(req), site.name);
        res.type('html').send(injectCoursePage(cachedIndex.html, head, courseBody(data), cachedIndex.frame));
      } catch (error) {
        log.warn({ err: error, path: req.path }, 'course page unrendered: served with the app frame');
        serveIndex(req, res, next);
      }
    });
  }
  // The installable app: its manifest (from the site config) and its service worker (scripts/build-sw.ts).
  router.get('/manifest.webmanifest', manifestHandler(site));
  router.get('/sw.js', serviceWorkerHeaders);
  // The shell's files: its current release's, then its built dist's (a page opened before a promotion may still ask for its chunks).
  const shellFiles = new Map<string, RequestHandler>();
  const filesOf = (dir: string) => shellFiles.get(dir) ?? shellFiles.set(dir, buildFiles(dir)).get(dir)!;
  router.use((req, res, next) => {
    const dir = shellDir();
    if (dir === shellDist) return filesOf(shellDist)(req, res, next);
    return filesOf(dir)(req, res, () => filesOf(shellDist)(req, res, next));
  });
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (looksLikeFile(req.path)) return notFound(res);
    return serveIndex(req, res, next);
  });
  router.use(plainNotFound);
  return router;
}
