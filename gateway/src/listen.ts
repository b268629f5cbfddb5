import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '@catalyst/service-kit';

export interface ListenOptions {
  port: number;
  /** Unset: loopback only (127.0.0.1 and, where the machine has it, ::1). */
  host?: string;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** 0: no cap. */
  maxConnectionsPerAddress: number;
}

/**
 * Counts open connections per client address across every listening socket and closes the ones over the
 * cap at once (before a byte is read), so one address cannot hold the gateway's sockets.
 */
export function connectionCap(max: number, log: Logger) {
  const open = new Map<string, number>();
  let refused = 0;
  return {
    onConnection(socket: Socket) {
      if (max <= 0) return;
      const address = socket.remoteAddress ?? 'unknown';
      const count = (open.get(address) ?? 0) + 1;
      if (count > max) {
        refused += 1;
        if (refused % 100 === 1)
          log.warn({ address, max }, 'connection refused: too many open connections from one address');
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      });
    },
  };
}

/** One HTTP server per interface, all with the same handler, timeouts and connection cap. */
export async function listenGateway(
  app: RequestListener,
  options: ListenOptions,
  log: Logger,
): Promise<{ servers: Server[]; port: number }> {
  const cap = connectionCap(options.maxConnectionsPerAddress, log);
  const hosts = options.host ? [options.host] : ['127.0.0.1', '::1'];
  const servers: Server[] = [];
  let port = options.port;
  for (const host of hosts) {
    // Node checks the headers and request timeouts on this interval (30 s by default): often enough to matter.
    const server = createServer({ connectionsCheckingInterval: 1_000 }, app);
    // Longer than any browser's or load balancer's idle keep-alive, so idle sockets are closed by the client side.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = options.headersTimeoutMs;
    server.requestTimeout = options.requestTimeoutMs;
    server.on('connection', (socket: Socket) => cap.onConnection(socket));
    const listening = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        // A machine without IPv6 loopback still serves on 127.0.0.1.
        if (
          host === '::1' &&
          servers.length > 0 &&
          (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT')
        )
          return resolve(false);
        reject(error);
      });
      server.listen(port, host, () => resolve(true));
    });
    if (!listening) continue;
    const address = server.address();
    if (typeof address === 'object' && address) port = address.port;
    servers.push(server);
  }
  return { servers, port };
}
