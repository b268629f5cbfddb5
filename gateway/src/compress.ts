import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import compression from 'compression';
import Negotiator from 'negotiator';
import type { Handler } from './chain';

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

/** The gateway's compression step (pages and API alike). */
export const compress = (): Handler =>
  compression({
    filter: compressible as compression.CompressionFilter,
    threshold: COMPRESSION_THRESHOLD_BYTES,
  }) as unknown as Handler;

/** The encodings a kept answer is stored in, as the compression step would choose them (brotli first). */
export type StoredEncoding = 'br' | 'gzip';
const SUPPORTED: string[] = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED: string[] = ['br', 'gzip'];

/**
 * The encoding a client's Accept-Encoding asks for, negotiated as the compression step does (q-values
 * and all); undefined when that is none of ours (identity, deflate, or nothing acceptable).
 */
export function storedEncodingFor(req: IncomingMessage): StoredEncoding | undefined {
  if (!req.headers['accept-encoding']) return undefined;
  const chosen = new Negotiator(req).encoding(SUPPORTED, PREFERRED);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/** A body encoded once, to be sent many times (brotli at the compression step's quality, 4). */
export const encode = (body: Buffer, encoding: StoredEncoding): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body);
