import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Balancer {
  port: number;
  /** How many requests each upstream was handed (in order), for tests and logs. */
  counts(): number[];
  close(): Promise<void>;
}

/** How long an upstream that refused a connection is skipped before it is tried again. */
const DOWN_MS = 2_000;

/**
 * A round-robin HTTP balancer in front of replicas on this machine, per request (not per connection, so
 * one keep-alive client is spread too). Bodies and answers are streamed both ways (event streams stay
 * open); an upstream that refuses a connection is skipped for a moment and the request answered 502
 * (its body may already be on the wire, so it is never replayed). `forwardFor`: append the client's
 * address to X-Forwarded-For (in front of gateways that trust loopback; services get the gateway's header as is).
 * `onConnection`: sees each client socket first (in front of gateways: their per-address connection cap,
 * which behind a balancer only the balancer can apply: every connection the gateways see is its own).
 * `hosts`: the interfaces (unset: 127.0.0.1, and ::1 where the machine has it, like the gateway).
 */
export async function startBalancer({
  upstreams,
  port = 0,
  hosts,
  forwardFor = false,
  onConnection,
}: {
  upstreams: string[];
  port?: number;
  hosts?: string[];
  forwardFor?: boolean;
  onConnection?: (socket: Socket) => void;
}): Promise<Balancer> {
  if (upstreams.length === 0) throw new Error('a balancer needs at least one upstream');
  const targets = upstreams.map((u) => new URL(u));
  const downUntil = targets.map(() => 0);
  const counts = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const pick = () => {
    for (let tried = 0; tried < targets.length; tried++) {
      const i = next++ % targets.length;
      if (downUntil[i]! <= Date.now()) return i;
    }
    return next++ % targets.length;
  };

  const handle: http.RequestListener = (req, res) => {
    const i = pick();
    counts[i]!++;
    const target = targets[i]!;
    const headers = { ...req.headers };
    if (forwardFor) {
      const client = req.socket.remoteAddress ?? '';
      headers['x-forwarded-for'] = headers['x-forwarded-for']
        ? `${String(headers['x-forwarded-for'])}, ${client}`
        : client;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') downUntil[i] = Date.now() + DOWN_MS;
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ success: false, message: 'The service is unavailable. Try again in a moment.' }),
        );
      } else res.destroy();
    });
    // A client that goes away (an event stream closed) ends the upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };
  const servers: http.Server[] = [];
  for (const host of hosts ?? ['127.0.0.1', '::1']) {
    const server = http.createServer(handle);
    // Event streams and long uploads: no idle limit of the balancer's own (the gateways and services set theirs).
    server.requestTimeout = 0;
    server.headersTimeout = 60_000;
    if (onConnection) server.on('connection', onConnection);
    const listening = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        // A machine without IPv6 loopback is served on 127.0.0.1 alone.
        if (!hosts && host === '::1' && (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT'))
          return resolve(false);
        reject(error);
      });
      server.listen(port, host, () => resolve(true));
    });
    if (!listening) continue;
    servers.push(server);
    port = (server.address() as AddressInfo).port;
  }
  return {
    port,
    counts: () => [...counts],
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
      agent.destroy();
    },
  };
}
