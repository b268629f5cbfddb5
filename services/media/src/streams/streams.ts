import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { MEDIA_MESSAGES, type streamRoutes } from '@catalyst/contracts';
import {
  forbidden,
  notFound,
  TtlLru,
  audiencesOf,
  mediaGrantOfCookies,
  verifyStreamToken,
  type AppEnv,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { CAPTIONS_FILE, captionsKeyOf } from '../captions/captions';
import { contentTypeOf, storedSource, type ByteRange, type ByteSource, type MediaStorage } from '../storage';

type Handlers = RouteHandlers<typeof streamRoutes>;

/** Image copies never change once published (a new run publishes under a new prefix). */
const IMMUTABLE = 'max-age=31536000, immutable';

/**
 * A stream file's bytes are kept only in this viewer's browser, and no longer than the token that fetched
 * them lasts (its address names the viewer's token, so nothing after that asks for it again): a browser
 * signed out since keeps no long-lived copy.
 */
const privateUntil = (token: string, now = Date.now()) =>
  `private, max-age=${Math.max(0, Math.min(3600, Number(token.split('.')[0]) - Math.floor(now / 1000)))}`;

interface ReadyAsset {
  prefix: string;
  kind: string | null;
}

export interface StreamServer {
  handlers: Handlers;
  /** A deleted or reprocessed asset's files are no longer served from the memo. */
  forget(assetId: string): void;
}

/**
 * Serves what processing published: playlists and storyboards rewritten so every address in them carries
 * the caller's stream token (players resolve them relative to the playlist, dropping its query), segments
 * and pictures with HTTP ranges, kept by the viewer's browser while the token lasts (image copies: public,
 * a year). Every stream file needs a token signed
 * for exactly this asset and the viewer whose media grant comes with the request (requireStreamToken);
 * image copies are public.
 */
export function createStreamServer({
  db,
  storage,
  secret,
}: {
  db: Kysely<Database>;
  storage: MediaStorage;
  secret: string;
}): StreamServer {
  // Where a ready asset's files are: asked of Postgres once a minute per asset, not once per segment.
  const ready = new TtlLru<string, ReadyAsset | null>(5_000, 60_000);
  async function readyAsset(id: string): Promise<ReadyAsset> {
    let asset = ready.get(id);
    if (asset === undefined) {
      const row = await db
        .selectFrom('assets')
        .select(['output_prefix', 'kind', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      asset =
        row?.status === 'ready' && row.output_prefix ? { prefix: row.output_prefix, kind: row.kind } : null;
      // Only a ready asset is remembered: one still processing is asked again next time.
      if (asset) ready.set(id, asset);
    }
    if (!asset) throw notFound(MEDIA_MESSAGES.notFound);
    return asset;
  }

  const requireToken = (c: Context<AppEnv>, id: string) => requireStreamToken(c, id, secret);

  const serveFile = (c: Context<AppEnv>, key: string, file: string, cacheControl: string) =>
    serveBytes(c, storedSource(storage, key), {
      'content-type': contentTypeOf(file),
      'cache-control': cacheControl,
    });

  async function serveText(c: Context<AppEnv>, key: string, file: string, token: string) {
    const text = await storage.readText(key);
    if (text === null) throw notFound(MEDIA_MESSAGES.notFound);
    const body = file.endsWith('.m3u8')
      ? withTokenInPlaylist(text, token)
      : withTokenInStoryboard(text, token);
    // The token is in the text: kept by this browser only, and briefly.
    return c.body(body, 200, { 'content-type': contentTypeOf(file), 'cache-control': 'private, max-age=60' });
  }

  const isText = (file: string) => file.endsWith('.m3u8') || file.endsWith('.vtt');

  return {
    forget: (id) => ready.delete(id),
    handlers: {
      async streamFile({ params: { id, file } }, c) {
        const token = requireToken(c, id);
        // an admin's captions: as uploaded (no addresses in them), whatever the asset's status, and briefly
        // kept (a new upload replaces them)
        if (file === CAPTIONS_FILE)
          return serveFile(c, await captionsKeyOf(db, id), file, 'private, max-age=60');
        const asset = await readyAsset(id);
        const key = `${asset.prefix}${file}`;
        return isText(file) ? serveText(c, key, file, token) : serveFile(c, key, file, privateUntil(token));
      },
      async renditionFile({ params: { id, rendition, file } }, c) {
        const token = requireToken(c, id);
        const asset = await readyAsset(id);
        const key = `${asset.prefix}${rendition}/${file}`;
        return isText(file) ? serveText(c, key, file, token) : serveFile(c, key, file, privateUntil(token));
      },
      async imageFile({ params: { id, file } }, c) {
        const asset = await readyAsset(id);
        // an image's copies, or an uploaded video's poster kept as image copies (a product's thumbnail)
        if (asset.kind !== 'image' && asset.kind !== 'video') throw notFound(MEDIA_MESSAGES.notFound);
        return serveFile(c, `${asset.prefix}${file}`, file, `public, ${IMMUTABLE}`);
      },
    },
  };
}

/**
 * The caller's `?token=`, when it was signed for exactly this asset, for the viewer whose own media grant
 * (cookie) the request carries and for what that grant opens (a `plan` token needs a grant made with the
 * plan active), or for anyone (a visitor's free preview), and has not expired; 403 otherwise. A link copied
 * into another browser, another account or a signed-out tab opens nothing.
 */
export function requireStreamToken(c: Context<AppEnv>, assetId: string, secret: string): string {
  const token = c.req.query('token');
  const grant = mediaGrantOfCookies(c.req.header('cookie'), secret);
  if (!verifyStreamToken(token, assetId, secret, audiencesOf(grant)))
    throw forbidden(MEDIA_MESSAGES.streamRefused);
  return token!;
}

/**
 * Answers a file's bytes with HTTP ranges (206 for one satisfiable `bytes=` range, 416 for one that is
 * not), its length, and the given headers; HEAD answers the headers alone. A missing file is a 404.
 */
export async function serveBytes(c: Context<AppEnv>, source: ByteSource, headers: Record<string, string>) {
  const header = c.req.header('range');
  let range: ByteRange | undefined;
  if (header) {
    const size = await source.size();
    if (size === null) throw notFound(MEDIA_MESSAGES.notFound);
    range = parseRange(header, size);
    if (!range) return c.body(null, 416, { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' });
  }
  const stored = await source.read(range);
  if (!stored) throw notFound(MEDIA_MESSAGES.notFound);
  const answer: Record<string, string> = { ...headers, 'accept-ranges': 'bytes' };
  answer['content-length'] = String(range ? range.end - range.start + 1 : stored.size);
  if (range) answer['content-range'] = `bytes ${range.start}-${range.end}/${stored.size}`;
  if (c.req.method === 'HEAD') {
    stored.stream.destroy();
    return c.body(null, range ? 206 : 200, answer);
  }
  return c.body(Readable.toWeb(stored.stream) as ReadableStream, range ? 206 : 200, answer);
}

/** Adds the token to every address in a playlist (URI lines and URI="…" attributes). */
export function withTokenInPlaylist(playlist: string, token: string): string {
  const withToken = (uri: string) =>
    /^[a-z]+:|^\//i.test(uri)
      ? uri
      : `${uri}${uri.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  return playlist
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (!trimmed) return line;
      if (trimmed.startsWith('#'))
        return line.replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${withToken(uri)}"`);
      return withToken(trimmed);
    })
    .join('\n');
}

/** Adds the token to each thumbnail address of a storyboard (before its #xywh fragment). */
export function withTokenInStoryboard(vtt: string, token: string): string {
  return vtt.replace(
    /^(sheet-\d+\.jpg)(#xywh=)/gm,
    (_, file: string, fragment: string) => `${file}?token=${encodeURIComponent(token)}${fragment}`,
  );
}

/** One `bytes=` range within a file of `size` bytes (both ends included), or undefined when unsatisfiable. */
export function parseRange(header: string, size: number): ByteRange | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '') || size === 0) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return undefined;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : undefined;
}
