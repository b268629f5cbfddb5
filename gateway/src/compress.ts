import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import Negotiator from 'negotiator';
import { localsOf, type Handler } from './chain';

type CompressionFilter = (req: unknown, res: { getHeader(name: string): unknown }) => boolean;

const isEventStream = (type: unknown) =>
  typeof type === 'string' && type.trimStart().toLowerCase().startsWith('text/event-stream');

/**
 * Whether the compression step encodes an answer: a compressible type, but never an event stream (its
 * events must reach the client as they are written, not when a compression window fills).
 */
export const compressible: CompressionFilter = (req, res) =>
  !isEventStream(res.getHeader('content-type')) && (compression.filter as CompressionFilter)(req, res);

/** Answers smaller than this go out as they are (compressing them saves too little). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The gateway's compression step (the pages'; the API puts it on with `ensureApiCompression`). */
export const compress = (): Handler =>
  compression({
    filter: compressible as compression.CompressionFilter,
    threshold: COMPRESSION_THRESHOLD_BYTES,
  }) as unknown as Handler;

const noop = () => undefined;
const apiStep = compress();

/**
 * Puts the compression step on an API response, once, before anything is written. The API does not put it on
 * every response: an answer the gateway makes from what it keeps (`/auth/me`, a kept audience answer) is encoded
 * and given its Vary by its maker, without the step's hooks (~5% of an `/auth/me`'s CPU); every other answer
 * goes out through this step, as the pages' answers go through `compress()`.
 */
export function ensureApiCompression(req: IncomingMessage, res: ServerResponse) {
  const locals = localsOf(res);
  if (locals.compressing) return;
  locals.compressing = true;
  apiStep(req, res, noop);
}

/** The encodings a kept answer is stored in, as the compression step would choose them (brotli first). */
export type StoredEncoding = 'br' | 'gzip';
const SUPPORTED: string[] = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED: string[] = ['br', 'gzip'];

const NEGOTIATED_MAX = 256;
const negotiated = new Map<string, StoredEncoding | undefined>();

/**
 * The encoding a client's Accept-Encoding asks for, negotiated as the compression step does (q-values
 * and all); undefined when that is none of ours (identity, deflate, or nothing acceptable).
 */
export function storedEncodingFor(req: IncomingMessage): StoredEncoding | undefined {
  const asked = req.headers['accept-encoding'];
  if (!asked) return undefined;
  // Browsers send one of a few spellings: each is negotiated once (a bounded memo, emptied when full).
  if (negotiated.has(asked)) return negotiated.get(asked);
  const chosen = new Negotiator(req).encoding(SUPPORTED, PREFERRED);
  const encoding = chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(asked, encoding);
  return encoding;
}

/** A body encoded once, to be sent many times (brotli at the compression step's quality, 4). */
export const encode = (body: Buffer, encoding: StoredEncoding): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body);
