import { startTelemetry } from '@catalyst/service-kit/telemetry';
import {
  CACHE_PURGE_CHANNEL,
  createBroadcast,
  createCache,
  createLogger,
  startMetricsServer,
} from '@catalyst/service-kit';
import { serviceUrls } from './api';
import { createConfiguredEdgeCache, createGateway, createUpstreamAgent } from './app';
import { loadConfig } from './config';
import { createGatewayReleases } from './releases';
import { listenGateway } from './listen';
import { createStreamAgent } from './proxy';
import { UPSTREAMS, type Upstream } from './routes';

// First: spans for Redis and outgoing fetch, the tracer the API path uses (OTEL_EXPORTER_OTLP_ENDPOINT: export).
// The edge: a caller's sampled flag does not force recording here (samplerFrom).
const telemetry = startTelemetry({ serviceName: 'gateway', edge: true });
const config = loadConfig();
const log = createLogger('gateway', config.LOG_LEVEL);
// Prometheus scrapes METRICS_PORT (never the public port; METRICS_TOKEN: a bearer token required).
await startMetricsServer({ log }).catch((error: Error) => {
  log.fatal({ err: error.message }, 'metrics could not listen');
  process.exit(1);
});
const cache = createCache({ redisUrl: config.REDIS_URL, prefix: 'gateway', log });
const agent = createUpstreamAgent();
const streamAgent = createStreamAgent();
const edge = createConfiguredEdgeCache(config);
// Other gateways' writes reach this one's edge cache through the services' purge broadcasts (REDIS_URL);
// a (re)subscription forgets everything, since purges sent meanwhile were missed.
const broadcast = createBroadcast({ redisUrl: config.REDIS_URL, log });
if (edge.enabled) {
  broadcast.subscribe(
    CACHE_PURGE_CHANNEL,
    (service) => (UPSTREAMS as readonly string[]).includes(service) && edge.purge(service as Upstream),
    () => edge.purge(),
  );
}
// The release registry: migrated, and each built dist recorded as a first release; a database that cannot be
// reached now leaves every remote on its built dist until the registry can be read (it is read every second).
const releases = createGatewayReleases(config, log);
const prepareReleases = (): Promise<void> =>
  releases.prepare().catch((error: unknown) => {
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'release registry not prepared: serving the built dists, trying again in 5 s',
    );
    setTimeout(() => void prepareReleases(), 5_000).unref();
  });
await prepareReleases();
const app = createGateway(config, { log, cache, agent, streamAgent, edge, releases, broadcast });

const { servers, port } = await listenGateway(
  app,
  {
    port: config.PORT,
    host: config.HOST,
    headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    maxConnectionsPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
  },
  log,
).catch((error: NodeJS.ErrnoException) => {
  log.fatal({ err: error.message, code: error.code, port: config.PORT }, 'gateway could not listen');
  process.exit(1);
});
log.info(
  { port, host: config.HOST ?? 'loopback', ...serviceUrls(config) },
  `gateway listening on http://localhost:${port}`,
);

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'gateway shutting down');
  const force = setTimeout(() => process.exit(1), 8_000);
  force.unref();
  void Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  ).then(async () => {
    agent.destroy();
    await cache.close().catch(() => undefined);
    await broadcast.close().catch(() => undefined);
    await telemetry.shutdown().catch(() => undefined);
    process.exit(0);
  });
  for (const server of servers) server.closeIdleConnections();
  // Open event streams never finish on their own: ending them lets the servers close, and each client's
  // EventSource reconnects (to another replica, behind a load balancer).
  streamAgent.destroy();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
