import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from './logger';

/**
 * The process's Prometheus metrics: one registry, every metric below registered in it. Labels are
 * bounded by design: routes are declared templates (never a raw URL), services, outcomes, queues.
 */
export const metricsRegistry = new Registry();
let defaultsCollected = false;

/** Latency buckets (seconds) for API requests: a few ms for cached reads up to the 30 s upload bound. */
const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const UNMATCHED_ROUTE = 'unmatched';

/** One (method, route) pair's request figures, in plain numbers: counting a request allocates nothing. */
interface RouteSeries {
  readonly labels: { method: string; route: string };
  /** Observations per bucket of REQUEST_BUCKETS (not cumulative); above the last one only count grows. */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
  /** Answers by status code. */
  readonly statuses: Map<
    number,
    { readonly labels: { method: string; route: string; status: string }; count: number }
  >;
}

/** route → method → its series; labels are bounded (declared templates, HTTP methods, status codes). */
const requestSeries = new Map<string, Map<string, RouteSeries>>();
const edgeCacheCounts = new Map<string, number>();

function routeSeries(method: string, route: string): RouteSeries {
  let byMethod = requestSeries.get(route);
  if (!byMethod) requestSeries.set(route, (byMethod = new Map()));
  let series = byMethod.get(method);
  if (!series) {
    series = {
      labels: { method, route },
      buckets: new Float64Array(REQUEST_BUCKETS.length),
      sum: 0,
      count: 0,
      statuses: new Map(),
    };
    byMethod.set(method, series);
  }
  return series;
}

/** prom-client's per-label-set entry of a histogram (its `hashMap`), written from the series when Prometheus scrapes. */
interface HistogramEntry {
  labels: Record<string, string>;
  bucketValues: Record<number, number>;
  sum: number;
  count: number;
}

export const metrics = {
  // The request metrics are kept in plain numbers (observeRequest) and handed to prom-client only when scraped:
  // prom-client hashes the label object on every inc/observe, a few µs a request. Count them only through observeRequest.
  httpRequests: new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [metricsRegistry],
    collect() {
      this.reset();
      for (const byMethod of requestSeries.values())
        for (const series of byMethod.values())
          for (const answered of series.statuses.values()) this.inc(answered.labels, answered.count);
    },
  }),
  httpDuration: new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests (headers and body handed to the socket), by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [metricsRegistry],
    collect() {
      const entries: Record<string, HistogramEntry> = {};
      for (const byMethod of requestSeries.values())
        for (const series of byMethod.values()) {
          const bucketValues: Record<number, number> = {};
          REQUEST_BUCKETS.forEach((bound, i) => (bucketValues[bound] = series.buckets[i]!));
          entries[`${series.labels.method} ${series.labels.route}`] = {
            labels: series.labels,
            bucketValues,
            sum: series.sum,
            count: series.count,
          };
        }
      // No public way to hand a histogram whole buckets: its entries are replaced (metrics.test.ts reads them back).
      (this as unknown as { hashMap: Record<string, HistogramEntry> }).hashMap = entries;
    },
  }),
  cacheLookups: new Counter({
    name: 'cache_lookups_total',
    help: 'Cache reads (service-kit cache), by cache prefix and result (hit or miss).',
    labelNames: ['cache', 'result'] as const,
    registers: [metricsRegistry],
  }),
  edgeCache: new Counter({
    name: 'gateway_edge_cache_total',
    help: "Public API answers at the gateway's edge cache, by result (HIT, MISS, STORE).",
    labelNames: ['result'] as const,
    registers: [metricsRegistry],
    collect() {
      this.reset();
      for (const [result, count] of edgeCacheCounts) this.inc({ result }, count);
    },
  }),
  jobDuration: new Histogram({
    name: 'job_duration_seconds',
    help: 'Background job run time, by queue and outcome (completed or failed).',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
    registers: [metricsRegistry],
  }),
  webhooks: new Counter({
    name: 'webhooks_total',
    help: 'Incoming payment webhooks, by outcome (processed, duplicate, ignored, rejected, failed).',
    labelNames: ['outcome'] as const,
    registers: [metricsRegistry],
  }),
  progressBatchSize: new Histogram({
    name: 'progress_save_batch_size',
    help: 'Progress saves written to Postgres in one batch.',
    buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500],
    registers: [metricsRegistry],
  }),
  signUps: new Counter({ name: 'signups_total', help: 'Accounts created.', registers: [metricsRegistry] }),
  checkouts: new Counter({
    name: 'checkouts_total',
    help: 'Checkouts, by stage (started, completed, failed).',
    labelNames: ['stage'] as const,
    registers: [metricsRegistry],
  }),
};

/** Node's own figures (event loop lag, heap, GC, CPU) as well, once per process. */
export function collectProcessMetrics(prefix = '') {
  if (defaultsCollected) return;
  defaultsCollected = true;
  // Event loop lag sampled every 100 ms (prom-client's 10 ms costs each process ~2-4 ms of CPU a second, idle).
  collectDefaultMetrics({ register: metricsRegistry, prefix, eventLoopMonitoringPrecision: 100 });
}

/** A gauge read when Prometheus scrapes (pool sizes, queue depth, active subscriptions): nothing runs between scrapes. */
export function gaugeAtScrape(
  name: string,
  help: string,
  labelNames: string[],
  read: (set: (labels: Record<string, string>, value: number) => void) => void | Promise<void>,
) {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) metricsRegistry.removeSingleMetric(name);
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      // A source that cannot answer (the database down) leaves its gauge empty; the rest of the scrape still works.
      await Promise.resolve()
        .then(() => read((labels, value) => this.set(labels, value)))
        .catch(() => undefined);
    },
  });
}

const streamSources = new Map<string, () => number>();

/**
 * Open Server-Sent Events streams (sse_connections{stream}), read from `read` when Prometheus scrapes: the
 * community's event hub, the gateway's relayed streams.
 */
export function countStreams(stream: string, read: () => number) {
  if (streamSources.size === 0) {
    gaugeAtScrape('sse_connections', 'Open Server-Sent Events streams, by stream.', ['stream'], (set) => {
      for (const [name, count] of streamSources) set({ stream: name }, count());
    });
  }
  streamSources.set(stream, read);
}

/** The status answered to a request whose route matched nothing (404s of unknown paths share one label). */
export const routeLabel = (template: string | undefined) => template || UNMATCHED_ROUTE;

/** METRICS_DISABLED=true: requests are not counted (the bench's baseline); the rare business counters still are. */
const recordingRequests = process.env.METRICS_DISABLED !== 'true';

/** Records one answered request: a few additions to numbers kept for its label set (no object made, nothing hashed). */
export function observeRequest(method: string, route: string, status: number, seconds: number) {
  if (!recordingRequests) return;
  const series = routeSeries(method, route);
  series.count += 1;
  series.sum += seconds;
  // The first bucket whose bound holds the value (prom-client's own rule: le is "less than or equal").
  for (let i = 0; i < REQUEST_BUCKETS.length; i += 1)
    if (seconds <= REQUEST_BUCKETS[i]!) {
      series.buckets[i]! += 1;
      break;
    }
  let answered = series.statuses.get(status);
  if (!answered) {
    answered = { labels: { ...series.labels, status: String(status) }, count: 0 };
    series.statuses.set(status, answered);
  }
  answered.count += 1;
}

/** Counts one public API answer at the gateway's edge cache, by its x-cache result. */
export function countEdgeCache(result: string) {
  edgeCacheCounts.set(result, (edgeCacheCounts.get(result) ?? 0) + 1);
}

const tokenMatches = (given: string | undefined, token: string) => {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(`Bearer ${token}`);
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface MetricsSettings {
  /** Port of the process's own metrics listener (0: an ephemeral one); unset: no listener. */
  METRICS_PORT?: string | number;
  /** Address it binds (default loopback; 0.0.0.0 in a pod so Prometheus can reach it). */
  METRICS_HOST?: string;
  /** When set, a scrape must carry `Authorization: Bearer <token>`. */
  METRICS_TOKEN?: string;
}

const METRICS_TOKEN_MIN_LENGTH = 16;
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

/**
 * Serves GET /metrics on its own port, never on the public one: the gateway's and services' public
 * listeners have no /metrics route at all. With METRICS_TOKEN set, a scrape without the bearer token is a 401.
 */
export async function startMetricsServer({
  config = process.env,
  log,
}: { config?: MetricsSettings; log?: Logger } = {}): Promise<Server | undefined> {
  if (config.METRICS_PORT === undefined || config.METRICS_PORT === '') return undefined;
  const port = Number(config.METRICS_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`METRICS_PORT must be a port number, got ${config.METRICS_PORT}`);
  const host = config.METRICS_HOST || '127.0.0.1';
  const token = config.METRICS_TOKEN || undefined;
  // Bound beyond this machine (a pod's 0.0.0.0), the metrics answer anyone who reaches the address: a token is required.
  if (!isLoopback(host) && (!token || token.length < METRICS_TOKEN_MIN_LENGTH))
    throw new Error(
      `METRICS_TOKEN (at least ${METRICS_TOKEN_MIN_LENGTH} characters) is required when METRICS_HOST (${host}) is not a loopback address`,
    );
  collectProcessMetrics();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (token && !tokenMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized');
      return;
    }
    metricsRegistry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body),
      (error: unknown) => {
        log?.warn({ err: String(error) }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  const address = server.address();
  log?.info(
    { metricsPort: typeof address === 'object' && address ? address.port : port },
    'metrics listening',
  );
  return server;
}
