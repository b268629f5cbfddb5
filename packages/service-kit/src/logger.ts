import { pino, type DestinationStream, type Logger } from 'pino';
import { activeTraceId } from './trace-context';

export type { Logger };

const NO_TRACE = Object.freeze({});

/** Every line written inside a traced request names its trace (the active span's trace id). */
const traceMixin = () => {
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

/**
 * stdout through pino's asynchronous destination, flushed every FLUSH_EVERY_MS only while it holds something.
 * sonic-boom's own `periodicFlush` writes an empty string when it holds nothing: ten system calls a second in
 * every process of the product, most of an idle service's CPU.
 */
function stdoutDestination(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  let held = 0;
  const write = destination.write.bind(destination);
  destination.write = (line: string) => {
    held += Buffer.byteLength(line);
    return write(line);
  };
  destination.on('write', (bytes: number) => (held = Math.max(0, held - bytes)));
  setInterval(() => {
    if (held > 0) destination.flush();
  }, FLUSH_EVERY_MS).unref();
  return destination;
}

/**
 * Structured JSON logs, one line an event, on stdout (the launcher passes them on; `--dev` makes them readable).
 * Written off the request path by pino's asynchronous destination: lines gather up to 4 KiB, or for 100 ms, and go
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
