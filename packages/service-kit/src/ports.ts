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
 * Where ports are handed out from: below the range the OS gives out itself (Linux: 32768-60999; macOS and
 * Windows start higher), which serves every listen(0) and the local end of every outgoing connection. A port
 * found free in that range could be taken by any process's next connection before its server listened (a
 * CI run lost a gateway's metrics port that way); one below it is taken only by a server asking for it.
 */
const HANDED_OUT = { from: 20_000, to: 32_000 } as const;

/**
 * A free port: the preferred one when it is free, else one from HANDED_OUT (the OS's own pick if none is found).
 * `avoid` holds ports already handed out but not yet listened on.
 */
export async function freePort(preferred?: number, avoid: ReadonlySet<number> = new Set()): Promise<number> {
  if (preferred && !avoid.has(preferred) && (await portIsFree(preferred))) return preferred;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = HANDED_OUT.from + Math.floor(Math.random() * (HANDED_OUT.to - HANDED_OUT.from));
    if (!avoid.has(port) && (await portIsFree(port))) return port;
  }
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
