import compression from 'compression';
import type { Handler } from './chain';

type CompressionFilter = (req: unknown, res: { getHeader(name: string): unknown }) => boolean;

const isEventStream = (type: unknown) => typeof type === 'string' && type.trimStart().toLowerCase().startsWith('text/event-stream');

/**
 * Whether the compression step encodes an answer: a compressible type, but never an event stream (its
 * events must reach the client as they are written, not when a compression window fills).
 */
export const compressible: CompressionFilter = (req, res) => !isEventStream(res.getHeader('content-type')) && (compression.filter as CompressionFilter)(req, res);

/** The gateway's compression step (pages and API alike). */
export const compress = (): Handler => compression({ filter: compressible as compression.CompressionFilter }) as unknown as Handler;
