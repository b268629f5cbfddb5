// A push service for tests, on a loopback port: the receiving side of RFC 8030 (a POST to a subscription's
// endpoint), checking the sender's VAPID JWT (RFC 8292) against the key the subscription was made for and
// decrypting the aes128gcm payload (RFC 8188, keys of RFC 8291) with the subscription's private key, as a browser
// would. `gone` and `failing` play a browser that unsubscribed and a push service in trouble.
import { createECDH, createDecipheriv, createHmac, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  message: unknown;
  ttl: number;
}

export interface TestPushService {
  /** A browser's subscription at this service, made for a server's VAPID public key (`applicationServerKey`). */
  subscribe(applicationServerKey: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Every push it accepted, decrypted, in order. */
  received: ReceivedPush[];
  /** Every request it answered: the endpoint and the status. */
  answers: { endpoint: string; status: number }[];
  /** Endpoints whose browser unsubscribed: answered 410 Gone. */
  gone: Set<string>;
  /** Endpoints answered 503 this many times more. */
  failing: Map<string, number>;
  close(): Promise<void>;
}

interface Subscription {
  ecdh: ECDH;
  auth: Buffer;
  applicationServerKey: string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291's content encryption key and nonce base from the browser's keys and the message's header. */
function decryptAes128gcm(body: Buffer, { ecdh, auth }: Subscription): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ecdhSecret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = hmac(hmac(auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonceBase = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq++) {
    const record = records.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(nonceBase);
    // The record's sequence number XORed into the nonce's end (records here are far fewer than 2^32).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(-16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    // Each record ends with its delimiter (2 for the last, 1 otherwise) and zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2 && padded[end] !== 1) throw new Error('record without its padding delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** The VAPID credentials of a request: `Authorization: vapid t=<JWT>, k=<public key>`. */
function vapidOf(req: IncomingMessage): { token: string; key: string } | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
  return match ? { token: match[1]!, key: match[2]! } : null;
}

/** Whether the JWT is signed by `key` (ES256) for this origin, expires within 24 h and names a contact. */
async function vapidValid(token: string, key: string, origin: string): Promise<boolean> {
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return false;
  const publicKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  try {
    const { payload } = await jwtVerify(token, publicKey, { audience: origin, algorithms: ['ES256'] });
    return (
      typeof payload.exp === 'number' &&
      payload.exp <= Date.now() / 1_000 + 24 * 3_600 &&
      /^(mailto:|https:)/.test(String(payload.sub))
    );
  } catch {
    return false;
  }
}

export async function startTestPushService(): Promise<TestPushService> {
  const subscriptions = new Map<string, Subscription>();
  const service: Omit<TestPushService, 'subscribe' | 'close'> = {
    received: [],
    answers: [],
    gone: new Set(),
    failing: new Map(),
  };
  let origin = '';

  async function answer(req: IncomingMessage): Promise<number> {
    const endpoint = `${origin}${req.url}`;
    const subscription = subscriptions.get(endpoint);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST') return 405;
    if (!subscription) return 404;
    if (service.gone.has(endpoint)) return 410;
    const failures = service.failing.get(endpoint) ?? 0;
    if (failures > 0) {
      service.failing.set(endpoint, failures - 1);
      return 503;
    }
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return 400;
    if (req.headers['content-encoding'] !== 'aes128gcm') return 415;
    const vapid = vapidOf(req);
    if (!vapid || !(await vapidValid(vapid.token, vapid.key, origin))) return 401;
    // A subscription made for one server's key takes pushes signed by that key only.
    if (vapid.key !== subscription.applicationServerKey) return 403;
    let message: unknown;
    try {
      message = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), subscription).toString('utf8'));
    } catch {
      return 400;
    }
    service.received.push({ endpoint, message, ttl });
    return 201;
  }

  const server = createServer((req, res) => {
    answer(req).then(
      (status) => {
        service.answers.push({ endpoint: `${origin}${req.url}`, status });
        if (status === 201) res.setHeader('location', `${origin}/message/${randomUUID()}`);
        res.writeHead(status).end();
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    ...service,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      subscriptions.set(endpoint, { ecdh, auth, applicationServerKey });
      return {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
