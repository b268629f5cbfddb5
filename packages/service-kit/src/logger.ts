import { pino, type DestinationStream, type Logger } from 'pino';
import { activeTraceId } from './trace-context';

export type { Logger };

const NO_TRACE = Object.freeze({});

/**
 * Every line written inside a traced request names its trace (the active span's trace id); a line that names it
 * already (the gateway's access log) is written as given.
 */
const traceMixin = (line: object) => {
  if ('traceId' in line) return NO_TRACE;
  const traceId = activeTraceId();
  return traceId ? { traceId } : NO_TRACE;
};

/** The line's own fields after the trace id; a line outside any trace is written as given, not copied first. */
const mergeTrace = (line: object, mixed: object) => (mixed === NO_TRACE ? line : Object.assign(mixed, line));

let timeMs = -1;
let timeField = '';
/** pino's isoTime, formatted once a millisecond: under load many lines share one. */
const isoTime = () => {
  const now = Date.now();
  if (now !== timeMs) {
    timeMs = now;
    timeField = `,"time":"${new Date(now).toISOString()}"`;
  }
  return timeField;
};

/** How long a line may wait for others before it is written. */
const FLUSH_EVERY_MS = 100;
/** Lines are handed to sonic-boom in chunks of at least this many characters (or when FLUSH_EVERY_MS passes). */
const CHUNK_CHARS = 32 * 1024;

/**
 * stdout through pino's asynchronous destination (sonic-boom), handed whole chunks of lines rather than each
 * line: sonic-boom measures the UTF-8 length of the text it holds on every write it is given, a pass over up to
 * 16 KiB for a 250-byte line (an access line cost 5.5–6.6 µs in a loop handed one by one, 2.9–3.2 µs in chunks).
 * Here a line is appended to a string, and the chunk is handed on (and measured once) when it reaches CHUNK_CHARS;
 * whatever is held is handed on and written every FLUSH_EVERY_MS, and before the process exits (pino's exit handler
 * calls flushSync). Fewer, larger writes also cut the launcher's relay, whose cost is per chunk, not per line.
 * sonic-boom's own `periodicFlush` writes an empty string when it holds nothing: ten system calls a second in
 * every process of the product, most of an idle service's CPU; this flush writes only what is held.
 */
function stdoutDestination(): DestinationStream {
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: CHUNK_CHARS,
    maxWrite: 4 * CHUNK_CHARS,
  });
  const writeChunk = destination.write.bind(destination);
  const flushSync = destination.flushSync.bind(destination);
  let gathered = '';
  /** Bytes handed to sonic-boom and not yet written. */
  let handed = 0;
  const handOver = () => {
    const chunk = gathered;
    gathered = '';
    handed += Buffer.byteLength(chunk);
    writeChunk(chunk);
  };
  destination.write = (line: string) => {
    gathered += line;
    if (gathered.length >= CHUNK_CHARS) handOver();
    return true;
  };
  destination.flushSync = () => {
    if (gathered) handOver();
    flushSync();
  };
  destination.on('write', (bytes: number) => (handed = Math.max(0, handed - bytes)));
  setInterval(() => {
    if (gathered) handOver();
    if (handed > 0) destination.flush();
  }, FLUSH_EVERY_MS).unref();
  return destination;
}

/**
 * Structured JSON logs, one line an event, on stdout (the launcher passes them on; `--dev` makes them readable).
 * Written off the request path by pino's asynchronous destination: lines gather up to 32 KiB, or for 100 ms, and go
 * out in one write (a write a line cost more than the line); what is held is written when the process exits or crashes.
 */
export function createLogger(
  name: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  const options = {
    name,
    level,
    base: { service: name },
    timestamp: isoTime,
    mixin: traceMixin,
    mixinMergeStrategy: mergeTrace,
  };
  return pino(options, destination ?? stdoutDestination());
}

/** The fields of an access-log line (message `request`), in the order they are written. */
export interface RequestLine {
  requestId: string;
  method: string;
  /** Without the query string (it may hold tokens). */
  path: string;
  status: number;
  ms: number;
  /** The service that answered; null when none did (the gateway's own answer). */
  upstream: string | null;
  traceId?: string;
  /** An answer from the edge cache says so. */
  cache?: string;
}

const { lsCacheSym, timeSym, chindingsSym, streamSym } = pino.symbols;
type LineParts = Record<symbol, unknown> & Logger;

/**
 * Writes the access-log line `log[level](fields, 'request')` would write, byte for byte (logger.test.ts compares
 * them), built in one template from the logger's own parts (its level prefix, time, bindings and destination)
 * instead of pino's walk over the fields, which quotes each key and each value a character at a time: that walk
 * was most of an access line's cost in the gateway's profile. The caller checks the level is enabled.
 */
export function writeRequestLine(log: Logger, level: 'debug' | 'info' | 'error', line: RequestLine): void {
  const parts = log as LineParts;
  const prefix = (parts[lsCacheSym] as Record<number, string>)[log.levels.values[level]!]!;
  const time = (parts[timeSym] as () => string)();
  let text = `${prefix}${time}${parts[chindingsSym] as string},"requestId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms},"upstream":${line.upstream === null ? 'null' : JSON.stringify(line.upstream)}`;
  if (line.traceId !== undefined) text += `,"traceId":${JSON.stringify(line.traceId)}`;
  if (line.cache !== undefined) text += `,"cache":${JSON.stringify(line.cache)}`;
  (parts[streamSym] as DestinationStream).write(`${text},"msg":"request"}\n`);
}
