import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  INTERNAL_HEADER,
  routeKey,
  type RouteBodyInput,
  type RouteData,
  type RouteDeclaration,
} from '@catalyst/contracts';
import { HttpError } from '../errors';
import { TEST_INTERNAL_SECRET } from './secret';

/** What a stand-in's answer receives: the call's path parameters (decoded), query and JSON body. */
export interface StandInCall<R extends RouteDeclaration = RouteDeclaration> {
  params: Record<string, string>;
  query: Record<string, string>;
  /** As the service under test sent it (a stand-in does not parse it): its declared body. */
  body: RouteBodyInput<R>;
}

export interface PeerStandIn {
  /** Where the service under test reaches this peer (its `*_URL` setting). */
  baseUrl: string;
  /** Every request received, as `METHOD /path?query`, in order. */
  calls: string[];
  /** Answers a declared route: return its data, or throw an HttpError for an error answer. */
  answer<R extends RouteDeclaration>(
    route: R,
    handler: (call: StandInCall<R>) => RouteData<R> | Promise<RouteData<R>>,
  ): PeerStandIn;
  close(): Promise<void>;
}

const toMatcher = (path: string) => {
  const names: string[] = [];
  const source = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { regex: new RegExp(`^${source}$`), names };
};

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : {};
}

/**
 * A peer service in tests, over real HTTP: it answers the declarations it is given (checking the shared
 * secret as a service does), in the one success and error shapes, and records every call.
 */
export async function createPeerStandIn({
  secret = TEST_INTERNAL_SECRET,
}: { secret?: string } = {}): Promise<PeerStandIn> {
  const calls: string[] = [];
  const routes: Array<{
    route: RouteDeclaration;
    regex: RegExp;
    names: string[];
    handler: (call: StandInCall) => unknown;
  }> = [];
  const server = createServer(async (req, res) => {
    calls.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.headers[INTERNAL_HEADER] !== secret) return send(404, { success: false, message: 'Not found' });
    for (const { route, regex, names, handler } of routes) {
      const match = route.method === req.method ? regex.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      try {
        const data = await handler({
          params,
          query: Object.fromEntries(url.searchParams),
          body: await readJson(req),
        });
        return send(route.status ?? 200, { success: true, data });
      } catch (error) {
        if (error instanceof HttpError) return send(error.status, { success: false, message: error.message });
        return send(500, { success: false, message: 'An unexpected error occurred.' });
      }
    }
    send(404, { success: false, message: `Route not found: ${req.method} ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: PeerStandIn = {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    answer(route, handler) {
      if (routes.some((r) => routeKey(r.route) === routeKey(route)))
        throw new Error(`${routeKey(route)} is answered already`);
      routes.push({
        route,
        ...toMatcher(route.path),
        handler: (call) => handler(call as StandInCall<typeof route>),
      });
      return standIn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
