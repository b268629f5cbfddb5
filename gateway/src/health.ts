import { localsOf, type Handler } from './chain';
import { sendJson } from './errors';
import type { Upstream } from './routes';

export type ServiceUrls = Record<Upstream, string>;

/** Asks one service's /health; anything but a 2xx within the timeout counts as down. */
async function probe(baseUrl: string, timeoutMs: number, requestId: string): Promise<'ok' | 'down'> {
  try {
    const response = await fetch(new URL('/health', baseUrl), { headers: { 'x-request-id': requestId }, signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer().catch(() => undefined);
    return response.ok ? 'ok' : 'down';
  } catch {
    return 'down';
  }
}

/** GET /api/v1/health: every service asked in parallel; 200 when all answer, 503 (degraded) otherwise. */
export function healthHandler(services: ServiceUrls, timeoutMs: number): Handler {
  return async (_req, res) => {
    const requestId = String(localsOf(res).requestId ?? '');
    const entries = await Promise.all(Object.entries(services).map(async ([name, url]) => [name, await probe(url, timeoutMs, requestId)] as const));
    const allOk = entries.every(([, status]) => status === 'ok');
    const data = { status: allOk ? 'ok' : 'degraded', services: Object.fromEntries(entries) };
    sendJson(res, allOk ? 200 : 503, allOk ? { success: true, data } : { success: false, message: 'One or more services are unavailable', data });
  };
}
