/**
 * The physical ceiling of this machine for a JSON route: a bare node:http server (no framework, no
 * logging, no database) in its own process, answering a small JSON body. Every gateway figure is
 * reported next to it, measured in the same run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

const SERVER = `
const http = require('node:http');
const body = JSON.stringify({ success: true, data: { items: [{ _id: 'a'.repeat(24), name: 'Web Development', slug: 'web-development' }], total: 1, page: 1, limit: 20 } });
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 65000;
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

export interface BareServer {
  url: string;
  pid?: number;
  stop: () => void;
}

export async function startBareServer(): Promise<BareServer> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await Promise.race([
    once(child.stdout!, 'data'),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('bare node:http server did not start')), 10_000),
    ),
  ])) as [Buffer];
  const port = Number(chunk.toString().trim());
  return {
    url: `http://127.0.0.1:${port}/categories`,
    pid: child.pid,
    stop: () => void child.kill('SIGTERM'),
  };
}

// The floor of a proxy hop: node:http in, node:http out over a keep-alive agent, the answer piped back
// (no routing, no identity, no headers of its own). The gateway's proxy path is judged next to it.
const PROXY = `
const http = require('node:http');
const target = new URL(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const server = http.createServer((req, res) => {
  const upstream = http.request({ agent, hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => { res.statusCode = 502; res.end(); });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65000;
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

/** A bare node:http proxy in its own process, forwarding every request to `target` (an origin URL). */
export async function startBareProxy(target: string): Promise<BareServer> {
  const child: ChildProcess = spawn(process.execPath, ['-e', PROXY, target], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await Promise.race([
    once(child.stdout!, 'data'),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('bare node:http proxy did not start')), 10_000),
    ),
  ])) as [Buffer];
  const port = Number(chunk.toString().trim());
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => void child.kill('SIGTERM') };
}
