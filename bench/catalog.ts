/**
 * Catalogue routes through the gateway under load (loopback only): the public product list, a search
 * and the premium list as a subscriber. Target (issue 4): search p99 under 20 ms at 50 connections.
 */
import { demoAccounts } from '../packages/contracts/src/demo';
import { loadAutocannon } from './tool-packages';

export interface RouteLoad {
  name: string;
  path: string;
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface CatalogBenchOptions {
  /** The gateway's base URL, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  durationSeconds?: number;
  connections?: number;
}

export const SEARCH_P99_TARGET_MS = 20;

async function signIn(baseUrl: string): Promise<string> {
  const { email, password } = demoAccounts.member;
  const res = await fetch(new URL('/api/v1/auth/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`member sign-in answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function load(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  durationSeconds: number,
  connections: number,
) {
  const autocannon = await loadAutocannon();
  return autocannon({
    url: new URL(path, baseUrl).toString(),
    headers,
    connections,
    duration: durationSeconds,
  });
}

/** Measures each catalogue route in turn (never at the same time, so the figures do not share the CPU). */
export async function measureCatalogRoutes({
  baseUrl,
  durationSeconds = 5,
  connections = 50,
}: CatalogBenchOptions): Promise<RouteLoad[]> {
  const host = new URL(baseUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
    throw new Error('the catalogue bench runs against loopback only');
  const token = await signIn(baseUrl);
  const routes: Array<{ name: string; path: string; headers: Record<string, string> }> = [
    { name: 'product list', path: '/api/v1/content/products?limit=20', headers: {} },
    { name: 'product search', path: '/api/v1/content/products?search=design&limit=20', headers: {} },
    {
      name: 'premium list (member)',
      path: '/api/v1/content/premium/products?limit=20',
      headers: { authorization: `Bearer ${token}` },
    },
  ];
  const results: RouteLoad[] = [];
  for (const route of routes) {
    // A short warm-up fills caches (session, entitlement) and JIT before the measured run.
    await load(baseUrl, route.path, route.headers, 1, 10);
    const r = await load(baseUrl, route.path, route.headers, durationSeconds, connections);
    results.push({
      name: route.name,
      path: route.path,
      requestsPerSecond: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    });
  }
  return results;
}
