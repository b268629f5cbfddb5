import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { AUDIENCE_HEADER, audienceHeaderSeconds, type Audience } from '@catalyst/contracts';
import { TRACE_ID_HEADER, TtlLru } from '@catalyst/service-kit';
import {
  compressible,
  COMPRESSION_THRESHOLD_BYTES,
  encode,
  storedEncodingFor,
  type StoredEncoding,
} from './compress';
import { UPSTREAMS, type Upstream } from './routes';
import { appendVary } from './security';

/**
 * The gateway's edge cache: answers that the owning service marked `Cache-Control: public, s-maxage=N`
 * (the answer does not depend on who asks) are kept, serialised with their headers, for
 * min(N, maxTtlSeconds) and served without identity resolution or an upstream call. Never stored:
 * anything but a 200 to a GET, `private`/`no-store`/`no-cache`, Set-Cookie, a Vary beyond
 * Origin/Accept-Encoding, an encoded body, or an answer without public + s-maxage (so an answer to a
 * signed-in caller is stored only when the service said it is the same for everyone).
 * Invalidation: a successful write to a service purges that service's entries (see api.ts), a purge
 * broadcast from a service does the same (main.ts), and the short TTL bounds staleness without either.
 * Apart from those, under keys of their own: answers a service marked the same for every caller of an
 * audience (AUDIENCE_HEADER, `premium; max-age=N`), looked up only for a caller the gateway has found to be
 * of that audience (api.ts, audience.ts) and purged with their service's entries.
 * A client that asks for brotli or gzip gets the entry's body encoded once, on first need, and kept beside it
 * (counted in the cache's bytes), instead of compressed anew for every hit.
 */
export interface EdgeEntry {
  key: string;
  upstream: Upstream;
  /** Upstream headers replayed on every hit (no hop-by-hop, request id, date, length or validator). */
  headers: Array<[string, string | string[]]>;
  body: Buffer;
  contentLength: string;
  etag: string;
  /** Whether the compression step would add `Vary: Accept-Encoding` to this answer (compressible type). */
  varyAcceptEncoding: boolean;
  /** The body encoded for clients that ask for it, made on first need (compressible answers of 1 KiB and more). */
  encoded: Partial<Record<StoredEncoding, Buffer>>;
}

/** Taken when a GET goes upstream: an answer is stored only if nothing was purged while it was on its way. */
export interface EdgeTicket {
  key: string;
  upstream: Upstream;
  generation: number;
  /** The audience whose answer this may be (its own keys and admission rule); none: a public answer. */
  audience?: Audience;
}

export interface EdgeCacheOptions {
  /** Upper bound of any entry's lifetime; 0 turns the cache off. */
  maxTtlSeconds: number;
  maxEntries: number;
  /** Largest body kept; larger answers are relayed as usual. */
  maxEntryBytes: number;
  /** Bound on the bytes of all bodies together. */
  maxTotalBytes: number;
  now?: () => number;
}

/** Connection-level and per-request headers: never part of a stored answer. */
const NOT_STORED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
  'date',
  'x-request-id',
  'content-length',
  'etag',
  'age',
  'x-cache',
  // The trace the stored answer was made in: a hit names its own (telemetry.ts set it before the entry is sent).
  TRACE_ID_HEADER,
  AUDIENCE_HEADER,
]);

const CACHEABLE_VARY = new Set(['origin', 'accept-encoding']);

/** Whether an answer can be kept and replayed at all: a 200 without a cookie, an encoding, or a Vary beyond Origin/Accept-Encoding. */
function replayable(status: number, headers: IncomingHttpHeaders): boolean {
  if (status !== 200 || headers['set-cookie'] !== undefined) return false;
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding !== 'identity') return false;
  const vary = headers.vary;
  return (
    vary === undefined || vary.split(',').every((field) => CACHEABLE_VARY.has(field.trim().toLowerCase()))
  );
}

/** Seconds a shared cache may reuse this answer (0: it may not), from the service's own Cache-Control. */
export function sharedMaxAge(status: number, headers: IncomingHttpHeaders): number {
  if (!replayable(status, headers)) return 0;
  const control = headers['cache-control'];
  if (!control) return 0;
  let isPublic = false;
  let seconds = 0;
  for (const part of control.toLowerCase().split(',')) {
    const [name = '', value] = part.trim().split('=', 2);
    if (name === 'private' || name === 'no-store' || name === 'no-cache') return 0;
    if (name === 'public') isPublic = true;
    else if (name === 's-maxage') seconds = /^\d{1,9}$/.test(value ?? '') ? Number(value) : 0;
  }
  return isPublic ? seconds : 0;
}

/** Seconds the gateway may give this answer to other callers of `audience` (0: it may not), from the service's AUDIENCE_HEADER. */
function audienceMaxAge(status: number, headers: IncomingHttpHeaders, audience: Audience): number {
  if (!replayable(status, headers)) return 0;
  return audienceHeaderSeconds(headers[AUDIENCE_HEADER], audience);
}

const keyOf = (url: string, audience?: Audience) => (audience ? `${audience} ${edgeKey(url)}` : edgeKey(url));

/**
 * The cache key of a request URL: method, path and the query with its parameters in key order (the
 * order of repeated keys kept, the raw spelling untouched, so no two different questions share a key).
 */
export function edgeKey(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return `GET ${url}`;
  // One parameter (the premium list's `?limit=20`): nothing to order.
  if (url.indexOf('&', q) < 0) return q === url.length - 1 ? `GET ${url.slice(0, q)}` : `GET ${url}`;
  const params = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean);
  if (params.length === 0) return `GET ${url.slice(0, q)}`;
  if (params.length > 1) {
    const name = (param: string) => {
      const eq = param.indexOf('=');
      return eq < 0 ? param : param.slice(0, eq);
    };
    params.sort((a, b) => {
      const x = name(a);
      const y = name(b);
      return x < y ? -1 : x > y ? 1 : 0;
    });
  }
  return `GET ${url.slice(0, q)}?${params.join('&')}`;
}

/** A weak validator over the body, as express's `etag` spells it. */
const etagOf = (body: Buffer) =>
  `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`;

/** If-None-Match against an entity tag, with the weak comparison HTTP prescribes for GET. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return (t.startsWith('W/') ? t.slice(2) : t) === opaque;
  });
}

// Whether the compression step treats this type as compressible (it then adds Vary: Accept-Encoding).
const compressibleType = (type: string | string[] | undefined) => compressible({}, { getHeader: () => type });

export interface EdgeCache {
  readonly enabled: boolean;
  readonly size: number;
  /** The fresh entry for a GET or HEAD request URL, if any (of `audience`: only for a caller of it). */
  lookup(url: string, audience?: Audience): EdgeEntry | undefined;
  /** A ticket for a GET about to go upstream (undefined when the cache is off); with `audience`, for that audience's answer. */
  ticket(url: string, upstream: Upstream, audience?: Audience): EdgeTicket | undefined;
  /**
   * While a ticket's answer is on its way (see `departed`): a promise that settles once it has been written, kept or
   * not. A caller who would ask the service the same question waits for it and looks the entry up again.
   */
  arriving(url: string, audience?: Audience): Promise<void> | undefined;
  /**
   * Marks a ticket's answer as on its way until the returned function is called (when its response closes). The
   * first ticket of a key is the one waited for; a later one while it is out (a caller who found nothing kept after
   * waiting) marks nothing.
   */
  departed(ticket: EdgeTicket): () => void;
  /** Whether an upstream answer may be stored (decided from its status and headers, before its body is read). */
  admit(status: number, headers: IncomingHttpHeaders, audience?: Audience): boolean;
  /** The entry for an admitted answer, kept unless a purge of its service came while it was on its way. */
  store(ticket: EdgeTicket, headers: IncomingHttpHeaders, body: Buffer): EdgeEntry;
  /** Drops every entry of one service (or all), and refuses answers that were on their way. */
  purge(upstream?: Upstream): number;
  /**
   * Writes an entry: its headers, its validator, `x-cache`, then the body (or a 304 when the caller already
   * holds it, or no body for HEAD), encoded when the client asks for brotli or gzip and the compression
   * step would encode it. The steps before it (request id, security headers, CORS) have already set theirs,
   * as on the uncached path.
   */
  send(req: IncomingMessage, res: ServerResponse, entry: EdgeEntry, cache: 'HIT' | 'MISS'): void;
}

export function createEdgeCache({
  maxTtlSeconds,
  maxEntries,
  maxEntryBytes,
  maxTotalBytes,
  now = Date.now,
}: EdgeCacheOptions): EdgeCache {
  const generations = new Map<Upstream, number>();
  const counts = new Map<Upstream, number>();
  /** Answers on their way from a service, by key, each with what settles its waiters' promise. */
  const onTheirWay = new Map<string, { promise: Promise<void>; arrived: () => void }>();
  const enabled = maxTtlSeconds > 0 && maxEntries > 0;

  // service-kit's LRU: used entries move to the young end, the oldest go first while either bound is passed.
  const entries = new TtlLru<string, EdgeEntry>(
    maxEntries,
    maxTtlSeconds * 1000,
    (_key, entry) => counts.set(entry.upstream, (counts.get(entry.upstream) ?? 1) - 1),
    {
      maxSize: maxTotalBytes,
      sizeOf: (entry) =>
        entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0),
      now,
    },
  );

  /** The entry's body in `encoding`, made once; a kept entry's copy counts in the cache's bytes. */
  const encodedBody = (entry: EdgeEntry, encoding: StoredEncoding): Buffer => {
    let body = entry.encoded[encoding];
    if (!body) {
      body = entry.encoded[encoding] = encode(entry.body, encoding);
      entries.resize(entry.key, entry);
    }
    return body;
  };

  return {
    enabled,
    get size() {
      return entries.size;
    },

    lookup(url, audience) {
      if (entries.size === 0) return undefined;
      return entries.get(keyOf(url, audience));
    },

    ticket(url, upstream, audience) {
      if (!enabled) return undefined;
      return {
        key: keyOf(url, audience),
        upstream,
        generation: generations.get(upstream) ?? 0,
        ...(audience ? { audience } : {}),
      };
    },

    arriving(url, audience) {
      if (onTheirWay.size === 0) return undefined;
      return onTheirWay.get(keyOf(url, audience))?.promise;
    },

    departed(ticket) {
      if (onTheirWay.has(ticket.key)) return () => undefined;
      let arrived!: () => void;
      const flight = { promise: new Promise<void>((resolve) => (arrived = resolve)), arrived };
      onTheirWay.set(ticket.key, flight);
      return () => {
        if (onTheirWay.get(ticket.key) === flight) onTheirWay.delete(ticket.key);
        flight.arrived();
      };
    },

    admit(status, headers, audience) {
      if ((audience ? audienceMaxAge(status, headers, audience) : sharedMaxAge(status, headers)) <= 0)
        return false;
      const length = Number(headers['content-length']);
      return Number.isInteger(length) && length >= 0 && length <= maxEntryBytes;
    },

    store(ticket, headers, body) {
      // The same answer again (callers that missed together when an entry expired, each sent upstream): the entry
      // kept for the first is theirs too, with the encoded copies it already made, and its lifetime unchanged.
      const same = entries.get(ticket.key);
      if (
        same?.upstream === ticket.upstream &&
        same.body.equals(body) &&
        (generations.get(ticket.upstream) ?? 0) === ticket.generation
      )
        return same;
      const kept: Array<[string, string | string[]]> = [];
      for (const name in headers) {
        const value = headers[name];
        if (value !== undefined && !NOT_STORED.has(name)) kept.push([name, value]);
      }
      const control = headers['cache-control'] ?? '';
      const seconds = Math.min(
        ticket.audience ? audienceMaxAge(200, headers, ticket.audience) : sharedMaxAge(200, headers),
        maxTtlSeconds,
      );
      const entry: EdgeEntry = {
        key: ticket.key,
        upstream: ticket.upstream,
        headers: kept,
        body,
        contentLength: String(body.length),
        etag: typeof headers.etag === 'string' ? headers.etag : etagOf(body),
        varyAcceptEncoding:
          compressibleType(headers['content-type']) && !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(control),
        encoded: {},
      };
      // A purge while this answer was on its way means it may predate the change: serve it once, keep nothing.
      if (
        seconds > 0 &&
        body.length <= maxEntryBytes &&
        (generations.get(ticket.upstream) ?? 0) === ticket.generation &&
        entries.set(entry.key, entry, now(), seconds * 1000)
      )
        counts.set(entry.upstream, (counts.get(entry.upstream) ?? 0) + 1);
      return entry;
    },

    purge(upstream) {
      for (const name of upstream ? [upstream] : UPSTREAMS) {
        generations.set(name, (generations.get(name) ?? 0) + 1);
      }
      // Writes to a service with nothing stored (progress saves, sign-ins) cost a counter, not a scan.
      if (upstream && !counts.get(upstream)) return 0;
      return entries.deleteWhere((entry) => !upstream || entry.upstream === upstream);
    },

    send(req, res, entry, cache) {
      // The Vary the compression step would add (the step is not on a kept answer's response, or adds nothing).
      if (entry.varyAcceptEncoding) appendVary(res, 'Accept-Encoding');
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      res.setHeader('etag', entry.etag);
      res.setHeader('x-cache', cache);
      // The same connection terms as a relayed answer (node then adds no Keep-Alive of its own).
      res.setHeader(
        'connection',
        req.headers.connection ?? (req.httpVersion === '1.0' ? 'close' : 'keep-alive'),
      );
      if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
        res.removeHeader('content-type');
        res.statusCode = 304;
        return void res.end();
      }
      res.statusCode = 200;
      // Encoded as the compression step would (which then leaves it as it is), but once per entry.
      const encoding =
        req.method === 'GET' && entry.varyAcceptEncoding && entry.body.length >= COMPRESSION_THRESHOLD_BYTES
          ? storedEncodingFor(req)
          : undefined;
      const body = encoding ? encodedBody(entry, encoding) : entry.body;
      if (encoding) res.setHeader('content-encoding', encoding);
      res.setHeader('content-length', encoding ? String(body.length) : entry.contentLength);
      if (req.method === 'HEAD') return void res.end();
      res.end(body);
    },
  };
}
