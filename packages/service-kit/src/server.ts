import { serve } from '@hono/node-server';
import type { Env, Hono } from 'hono';
import type { Logger } from './logger';
import { startMetricsServer } from './metrics';

/**
 * Serves an app and shuts it down cleanly on SIGTERM/SIGINT: stop accepting, finish in-flight requests,
 * then run the closers (database pool, cache). `beforeClose` runs first: it ends what would keep the server
 * from closing (open event streams).
 */
export function startServer<E extends Env>(
  app: Hono<E>,
  {
    port,
    log,
    name,
    onClose = [],
    beforeClose = [],
  }: {
    port: number;
    log: Logger;
    name: string;
    onClose?: Array<() => Promise<unknown>>;
    beforeClose?: Array<() => unknown>;
  },
) {
  const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, (info) =>
    log.info({ port: info.port }, `${name} listening`),
  );
  // Keep-alive from the gateway: hold idle sockets a little longer than the gateway's agent does.
  (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 65_000;
  // Prometheus scrapes its own port (METRICS_PORT), never the service's.
  void startMetricsServer({ log }).catch((error: Error) => {
    log.fatal({ err: error.message }, 'metrics could not listen');
    process.exit(1);
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, `${name} shutting down`);
    const force = setTimeout(() => process.exit(1), 8_000);
    force.unref();
    for (const end of beforeClose) end();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const close of onClose)
      await close().catch((error) => log.warn({ err: String(error) }, 'close failed'));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return server;
}
