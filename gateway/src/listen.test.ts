import { connect } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { testLog, until } from '@catalyst/service-kit/testing';
import { listenGateway } from './listen';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const start = async (options: Partial<Parameters<typeof listenGateway>[1]> = {}) => {
  const running = await listenGateway(
    (_req, res) => res.end('ok'),
    { port: 0, headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, maxConnectionsPerAddress: 3, ...options },
    testLog,
  );
  servers.push(...running.servers);
  return running;
};

/** A raw socket: resolves how it ended ('closed' by the server, or still 'open' after `waitMs`). */
const holdSocket = (port: number, send: string, waitMs: number) =>
  new Promise<{ ended: 'closed' | 'open'; data: string; socket: ReturnType<typeof connect> }>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(send));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ ended: 'closed', data, socket }));
    setTimeout(() => resolve({ ended: 'open', data, socket }), waitMs);
  });

describe('the gateway’s listening sockets', () => {
  it('listen on loopback only unless HOST says otherwise', async () => {
    const { servers: listening } = await start();
    const addresses = listening.map((s) => (s.address() as { address: string }).address);
    expect(addresses[0]).toBe('127.0.0.1');
    for (const address of addresses) expect(['127.0.0.1', '::1']).toContain(address);
  });

  it('close a client that sends its headers too slowly', async () => {
    const { port } = await start();
    const slow = await holdSocket(port, 'GET / HTTP/1.1\r\nHost: x\r\n', 3_000);
    expect(slow.ended).toBe('closed');
    expect(slow.data).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it('refuse connections over the per-address cap, and take new ones once others close', async () => {
    const { port } = await start();
    const held = await Promise.all([0, 1, 2].map(() => holdSocket(port, '', 200)));
    expect(held.map((h) => h.ended)).toEqual(['open', 'open', 'open']);
    const fourth = await holdSocket(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', 500);
    expect(fourth.ended).toBe('closed');
    expect(fourth.data).toBe('');
    for (const h of held) h.socket.destroy();
    // The server counts them closed as their close events arrive: a new connection is taken from then on.
    let after = { data: '' };
    await until(
      async () =>
        (after = await holdSocket(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 1_000))
          .data !== '',
    );
    expect(after.data).toMatch(/^HTTP\/1\.1 200/);
  });
});
