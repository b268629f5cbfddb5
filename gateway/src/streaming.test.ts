import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, startGateway } from './testing/upstreams';

/** Sends a PATCH through the gateway in two parts, the second only once `ready` resolves. */
function patchInTwoParts(url: string, first: Buffer, second: Buffer, ready: Promise<void>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method: 'PATCH', headers: { 'content-type': 'application/offset+octet-stream', 'content-length': first.length + second.length, 'tus-resumable': '1.0.0' } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(first);
    void ready.then(() => req.end(second));
  });
}

// Resumable uploads: the gateway pipes a PATCH body to media as it arrives (never buffered whole, not held
// to BODY_LIMIT); every other body is read, bounded, first.
describe('streamed upload bodies', () => {
  let received = 0;
  let firstBytesSeen: () => void;
  const firstBytes = new Promise<void>((resolve) => (firstBytesSeen = resolve));
  const media = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      firstBytesSeen();
    });
    req.on('end', () => {
      res.writeHead(204, { 'upload-offset': String(received), 'tus-resumable': '1.0.0' });
      res.end();
    });
  });
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    gateway = await startGateway({ MEDIA_URL: `http://127.0.0.1:${(media.address() as AddressInfo).port}`, BODY_LIMIT: '1mb' });
  });
  afterAll(async () => {
    await gateway.close();
    await closeServer(media);
  });

  it('reaches media before the client has finished sending, and passes more than BODY_LIMIT', async () => {
    const first = Buffer.alloc(1024 * 1024, 1);
    const second = Buffer.alloc(2 * 1024 * 1024, 2);
    const answer = await patchInTwoParts(`${gateway.url}/api/v1/media/uploads/aaaaaaaaaaaaaaaaaaaaaaaa`, first, second, firstBytes);
    expect(answer.status).toBe(204);
    expect(received).toBe(first.length + second.length);
  });

  it('still holds every other body to BODY_LIMIT', async () => {
    const res = await fetch(`${gateway.url}/api/v1/media/assets/aaaaaaaaaaaaaaaaaaaaaaaa/retry`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
  });
});
