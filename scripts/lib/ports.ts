import net from 'node:net';

/** Whether a TCP port on loopback is free to listen on. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A free port: the preferred one when it is free, else one the OS picks. `avoid` holds ports already
 * handed out but not yet listened on (a port the OS just released may be offered again at once).
 */
export async function freePort(preferred?: number, avoid: ReadonlySet<number> = new Set()): Promise<number> {
  if (preferred && !avoid.has(preferred) && (await portIsFree(preferred))) return preferred;
  for (let attempt = 0; ; attempt++) {
    const port = await osPort();
    if (!avoid.has(port) || attempt >= 20) return port;
  }
}

function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
