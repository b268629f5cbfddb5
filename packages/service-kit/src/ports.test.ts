import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, portIsFree } from './ports';

describe('freePort', () => {
  it('gives the preferred port when it is free, another when it is listened on', async () => {
    const preferred = await freePort();
    expect(await freePort(preferred)).toBe(preferred);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen({ port: preferred, host: '127.0.0.1' }, resolve));
    try {
      expect(await portIsFree(preferred)).toBe(false);
      expect(await freePort(preferred)).not.toBe(preferred);
    } finally {
      server.close();
    }
  });

  it("hands out ports below the OS's own range, so no outgoing connection can take one before its server listens", async () => {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    for (let i = 0; i < 10; i++) expect(await freePort()).toBeLessThan(low!);
  });

  it('never hands out a port it was told is already promised to another process', async () => {
    const promised = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const port = await freePort(undefined, promised);
      expect(promised.has(port)).toBe(false);
      promised.add(port);
    }
    const preferred = [...promised][0]!;
    expect(await freePort(preferred, promised)).not.toBe(preferred);
  });
});
