import { pino, type DestinationStream, type Logger } from 'pino';
import { activeTraceId } from './trace-context';

export type { Logger };

/** Every line written inside a traced request names its trace (the active span's trace id). */
const traceMixin = () => {
  const traceId = activeTraceId();
  return traceId ? { traceId } : {};
};

/** Structured JSON logs, one line an event; the launcher prefixes each process's lines. */
export function createLogger(
  name: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  const options = {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: traceMixin,
  };
  return destination ? pino(options, destination) : pino(options);
}
