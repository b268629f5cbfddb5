import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../packages/contracts/src/demo';
import { mediaSettled } from './product';

/** A gateway answering sign-in and the admin's asset list the way the product does, counting down processing assets. */
async function gateway(processingTotals: number[], { signInStatus = 200 } = {}) {
  const lists: { query: string; authorization?: string }[] = [];
  const body = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text;
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://gateway');
    const json = (status: number, payload: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    if (req.method === 'POST' && url.pathname === '/api/v1/auth/login') {
      const { email, password } = JSON.parse(await body(req)) as { email: string; password: string };
      const admin = email === demoAccounts.admin.email && password === demoAccounts.admin.password;
      return signInStatus === 200 && admin
        ? json(200, { data: { token: 'admin-token' } })
        : json(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } });
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/media/assets') {
      lists.push({ query: url.search, authorization: req.headers.authorization });
      const total = processingTotals.length > 1 ? processingTotals.shift()! : processingTotals[0]!;
      return json(200, { data: { items: [], total, page: 1, limit: 1 } });
    }
    json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lists };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('mediaSettled: a bench measures only once the demo media is processed', () => {
  it('asks as the admin until no asset is processing, and says how many were', async () => {
    const { url, lists } = await gateway([3, 2, 0]);
    const settled = await mediaSettled(url, { pollMs: 5 });
    expect(settled.processed).toBe(3);
    expect(lists).toHaveLength(3);
    expect(
      lists.every(
        (list) =>
          list.authorization === 'Bearer admin-token' &&
          new URLSearchParams(list.query).get('status') === 'processing',
      ),
    ).toBe(true);
  });

  it('answers at once when nothing is processing', async () => {
    const { url, lists } = await gateway([0]);
    expect((await mediaSettled(url, { pollMs: 5 })).processed).toBe(0);
    expect(lists).toHaveLength(1);
  });

  it('gives up after the timeout, naming what is left', async () => {
    const { url } = await gateway([2]);
    await expect(mediaSettled(url, { pollMs: 5, timeoutMs: 40 })).rejects.toThrow(
      'media still processing 2 asset(s) after 0 s',
    );
  });

  it('says so when the admin cannot sign in', async () => {
    const { url, lists } = await gateway([1], { signInStatus: 401 });
    await expect(mediaSettled(url)).rejects.toThrow('admin sign-in answered 401');
    expect(lists).toHaveLength(0);
  });
});
