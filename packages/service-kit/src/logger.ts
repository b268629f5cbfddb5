import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs, one line an event; the launcher prefixes each process's lines. */
export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options = { name, level, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}
