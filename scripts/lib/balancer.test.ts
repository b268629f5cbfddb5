import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from './balancer';

const opened: Array<Server | Balancer> = [];
afterEach(async () => {
  await Promise.all(
    opened
      .splice(0)
      .map((s) =>
        'port' in s ? s.close() : new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r()))),
      ),
  );
});

async function upstream(name: string): Promise<string> {
  const server = createServer((req, res) => {
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: first from ${name}\n\n`);
      setTimeout(() => res.end(`data: last from ${name}\n\n`), 100);
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () =>
      res
        .writeHead(200, { 'content-type': 'application/json', 'x-upstream': name })
        .end(JSON.stringify({ name, body, xff: req.headers['x-forwarded-for'] ?? null })),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  opened.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the round-robin balancer', () => {
  it('hands requests to each upstream in turn, bodies and headers both ways, one keep-alive client included', async () => {
    const balancer = await startBalancer({ upstreams: [await upstream('a'), await upstream('b')] });
    opened.push(balancer);
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`http://127.0.0.1:${balancer.port}/x`, { method: 'POST', body: `n${i}` });
      const json = (await res.json()) as { name: string; body: string; xff: string | null };
      expect(res.headers.get('x-upstream')).toBe(json.name);
      expect(json.body).toBe(`n${i}`);
      expect(json.xff).toBeNull();
      names.push(json.name);
    }
    expect(names).toEqual(['a', 'b', 'a', 'b']);
    expect(balancer.counts()).toEqual([2, 2]);
  });

  it('adds the client to X-Forwarded-For when asked (in front of gateways)', async () => {
    const balancer = await startBalancer({ upstreams: [await upstream('a')], forwardFor: true });
    opened.push(balancer);
    const json = (await (
      await fetch(`http://127.0.0.1:${balancer.port}/`, { headers: { 'x-forwarded-for': '203.0.113.9' } })
    ).json()) as { xff: string };
    expect(json.xff).toBe('203.0.113.9, 127.0.0.1');
  });

  it("lets onConnection refuse a client before a byte is read (the gateways' per-address cap)", async () => {
    let seen = 0;
    const balancer = await startBalancer({
      upstreams: [await upstream('a')],
      hosts: ['127.0.0.1'],
      onConnection: (socket) => (++seen > 1 ? socket.destroy() : undefined),
    });
    opened.push(balancer);
    expect(
      (await fetch(`http://127.0.0.1:${balancer.port}/`, { headers: { connection: 'close' } })).status,
    ).toBe(200);
    await expect(
      fetch(`http://127.0.0.1:${balancer.port}/`, { headers: { connection: 'close' } }),
    ).rejects.toThrow();
  });

  it('relays an event stream as it is written', async () => {
    const balancer = await startBalancer({ upstreams: [await upstream('a')] });
    opened.push(balancer);
    const res = await fetch(`http://127.0.0.1:${balancer.port}/stream`);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('first from a');
    expect(first).not.toContain('last');
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toContain('last from a');
  });

  it('answers 502 in the error shape for an upstream that refuses, then skips it', async () => {
    const dead = await upstream('dead');
    const deadServer = opened.pop() as Server;
    // the live upstream listens before the dead one's port is let go, so it cannot be given that port
    const live = await upstream('b');
    await new Promise<void>((r) => deadServer.close(() => r()));
    const balancer = await startBalancer({ upstreams: [dead, live] });
    opened.push(balancer);
    const first = await fetch(`http://127.0.0.1:${balancer.port}/`);
    expect(first.status).toBe(502);
    expect(await first.json()).toMatchObject({ success: false });
    for (let i = 0; i < 3; i++)
      expect(
        ((await (await fetch(`http://127.0.0.1:${balancer.port}/`)).json()) as { name: string }).name,
      ).toBe('b');
  });
});
