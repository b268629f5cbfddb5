import { sharedCheck } from '@catalyst/service-kit';
import type { Handler } from './chain';
import { sendJson } from './errors';
import type { Upstream } from './routes';

export type ServiceUrls = Record<Upstream, string>;

/** Asks one service's /health; anything but a 2xx within the timeout counts as down. */
async function probe(baseUrl: string, timeoutMs: number): Promise<'ok' | 'down'> {
  try {
    const response = await fetch(new URL('/health', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer().catch(() => undefined);
    return response.ok ? 'ok' : 'down';
  } catch {
    return 'down';
  }
}

/**
 * GET /api/v1/health: every service asked in parallel; 200 when all answer, 503 (degraded) otherwise. The
 * services are asked at most once per `cacheMs` (1 s): concurrent callers share the round in flight and
 * the next second's callers its answer, so a load balancer or a crowd polling it costs the services nothing.
 */
export function healthHandler(services: ServiceUrls, timeoutMs: number, cacheMs = 1_000): Handler {
  const aggregate = sharedCheck(async () => {
    const entries = await Promise.all(
      Object.entries(services).map(async ([name, url]) => [name, await probe(url, timeoutMs)] as const),
    );
    const allOk = entries.every(([, status]) => status === 'ok');
    const data = { status: allOk ? 'ok' : 'degraded', services: Object.fromEntries(entries) };
    return {
      status: allOk ? 200 : 503,
      body: allOk
        ? { success: true, data }
        : { success: false, message: 'One or more services are unavailable', data },
    };
  }, cacheMs);
  return async (_req, res) => {
    const { status, body } = await aggregate();
    sendJson(res, status, body);
  };
}
